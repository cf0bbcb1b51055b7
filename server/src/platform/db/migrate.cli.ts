// `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database).
import pino from 'pino';
import { parseConfig, withDevSecrets } from '../../config.ts';
import { startDatabase } from './bootstrap.ts';

const config = withDevSecrets(parseConfig(process.env));
const log = pino({ name: 'migrate' });
const runtime = await startDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  encryptionKey: config.encryptionKey!,
  log,
});
await runtime.stop();
log.info('migrations up to date');
