// `npm run reports:rebuild -- --tenant <code or id>` (or `--all`): recomputes the report rollups of
// DATABASE_URL (or the embedded database) from the raw rows, after migrating it.
import pino from 'pino';
import { parseConfig, withDevSecrets } from '../../config.ts';
import { startDatabase } from '../../platform/db/bootstrap.ts';
import { parseRebuildArgs, rebuildReports } from './rebuild.ts';

const log = pino({ name: 'reports-rebuild' });
let target;
try {
  target = parseRebuildArgs(process.argv.slice(2));
} catch (error) {
  log.error((error as Error).message);
  process.exit(2);
}
const config = withDevSecrets(parseConfig(process.env));
const runtime = await startDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, encryptionKey: config.encryptionKey!, log });
try {
  const rebuilt = await rebuildReports(runtime.ownerUrl, target);
  log.info({ tenants: rebuilt.map((tenant) => tenant.code) }, 'report rollups rebuilt');
} catch (error) {
  log.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await runtime.stop();
}
