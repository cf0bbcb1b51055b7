// The platform in its own process for the benchmark, so load generation does not share its event loop.
import pino from 'pino';
import { parseConfig } from '../server/src/config.ts';
import { startPlatform } from '../server/src/runtime.ts';

const platform = await startPlatform(parseConfig({ ...process.env, PORT: '0' }), pino({ level: 'silent' }));
process.stdout.write(`${JSON.stringify({ url: platform.url })}\n`);
process.once('SIGTERM', () => void platform.stop().then(() => process.exit(0)));
