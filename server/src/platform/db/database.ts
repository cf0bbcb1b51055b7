// Two pools, two roles: tenant work runs as callcenter_app inside a transaction that carries the
// token's tenant; platform work runs as callcenter_platform through one named, explicit path.
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Tx = Transaction<Database>;

export interface DatabaseHandles {
  /** Runs fn in a transaction whose row-level security sees only tenantId's rows. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The privileged path: every tenant's rows. Use only for platform work, login and provisioning. */
  withPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** True when both pools answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// int8 (counts, sums) as numbers; the values we count stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

function kysely(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, types, idleTimeoutMillis: 30_000 });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

export function openDatabase(urls: { app: string; platform: string }, poolSize = 10): DatabaseHandles {
  const app = kysely(urls.app, poolSize);
  const platform = kysely(urls.platform, Math.max(2, Math.ceil(poolSize / 2)));

  return {
    withTenant(tenantId, fn) {
      return app.transaction().execute(async (tx) => {
        await sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
        return fn(tx);
      });
    },
    withPlatform(fn) {
      return platform.transaction().execute(fn);
    },
    async ping() {
      try {
        await sql`SELECT 1`.execute(app);
        await sql`SELECT 1`.execute(platform);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([app.destroy(), platform.destroy()]);
    },
  };
}

/** Unique-key violation, so services can turn it into 409 ALREADY_EXISTS. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
