// `npm start`: reads the configuration once, starts everything, stops cleanly on SIGINT/SIGTERM.
import { ConfigError, parseConfig, withDevSecrets } from './config.ts';
import { StartupRefusal } from './platform/db/embedded-access.ts';
import { startPlatform } from './runtime.ts';

let config;
try {
  config = withDevSecrets(parseConfig(process.env));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const platform = await startPlatform(config).catch((error: unknown) => {
  if (!(error instanceof StartupRefusal)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    platform.log.info({ signal }, 'shutting down');
    platform
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        platform.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
