// Two pools, two roles: tenant work runs as callcenter_app inside a transaction that carries the
// token's tenant; platform work runs as callcenter_platform through one named, explicit path.
// Hot list reads take a shorter path to the same isolation: readAsTenant (one round trip).
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { retryTransient } from './transient-retry.ts';

export type Tx = Transaction<Database>;

export interface DatabaseHandles {
  /** Runs fn in a transaction whose row-level security sees only tenantId's rows. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A read as tenantId in one round trip: the transaction-local tenant setting and the statement go
   * as one simple query, which PostgreSQL runs as one implicit transaction, so the setting ends with
   * it (on error too) and row-level security still confines the statement. `statement` is one
   * constant SELECT of a repository, without parameters: nothing of a request goes into it.
   * Rows come back as PostgreSQL names them (alias columns in SQL; no CamelCase mapping).
   */
  readAsTenant<Row>(tenantId: string, statement: string): Promise<Row[]>;
  /**
   * Several units of tenant work in ONE transaction as tenantId (the switch consumer's batches,
   * decision 0040): BEGIN and the tenant setting go in one round trip, then one COMMIT. A unit that
   * fails is rolled back alone and the others are kept (the batch is run again with a SAVEPOINT per
   * unit), so a unit must be safe to run twice. Resolves once committed, with each unit's value or
   * error in order; rejects (every unit lost) only when the transaction itself fails.
   */
  withTenantBatch<T>(tenantId: string, units: Array<BatchUnit<T>>, options?: BatchOptions): Promise<Array<BatchOutcome<T>>>;
  /** The privileged path: every tenant's rows. Use only for platform work, login and provisioning. */
  withPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The privileged path for one read statement in one round trip: no BEGIN and COMMIT around it (a
   * single statement is its own transaction). For hot lookups, such as the switch consumer's on
   * every event; several statements that must agree belong in withPlatform.
   */
  readAsPlatform<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /** True when both pools answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** One unit of a batch; `isolated`: it runs under its own savepoint (the retry after a failure), and the prelude did not run. */
export type BatchUnit<T> = (tx: Tx, isolated: boolean) => Promise<T>;

export interface BatchOptions {
  /** Run first in the optimistic attempt only (e.g. one multi-row INSERT for every unit); a failure fails that attempt. */
  prelude?: (tx: Tx) => Promise<void>;
}

/** What became of one unit of a batch: its value (kept, committed) or its error (rolled back alone). */
export type BatchOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

// int8 (counts, sums) as numbers; the values we count stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

function openPool(connectionString: string, max: number): pg.Pool {
  // A connect that hangs (packets dropped) fails after 5 s, into the 503 of an unreachable database.
  const pool = new pg.Pool({ connectionString, max, types, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A client that dies (server restart), idle or checked out, must not crash the process: a
  // checked-out one also rejects its query, which the request answers as 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

const kysely = (pool: pg.Pool) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** readAsTenant on any client or pool (exported for the isolation tests, which pin one connection). */
export async function readAsTenant<Row>(client: pg.Pool | pg.ClientBase, tenantId: string, statement: string): Promise<Row[]> {
  // The simple protocol takes no parameters: the tenant goes in as a literal, so it must be a UUID.
  if (!UUID.test(tenantId)) throw new Error('readAsTenant: the tenant id is not a UUID');
  if (statement.includes(';')) throw new Error('readAsTenant: one statement only');
  const results = (await client.query(`SELECT set_config('app.tenant_id', '${tenantId}', true); ${statement}`)) as unknown as pg.QueryResult[];
  return results[1]!.rows as Row[];
}

/**
 * withTenantBatch on one pooled connection. Optimistic first: every unit in one transaction without
 * savepoints (no round trip spent on them); BEGIN and the tenant setting go as one simple query. If
 * a unit fails, that transaction is rolled back and the units are run again, each under its own
 * savepoint (without the prelude), so the failing one is rolled back alone and the others are kept: a unit must be safe to
 * run twice (its writes are in the database only once: the first attempt was rolled back);
 * `isolatedOnly` starts there (a retry). The
 * control statements carry no parameters, so each group is one round trip (`RELEASE SAVEPOINT;
 * SAVEPOINT` between units; `ROLLBACK TO SAVEPOINT` after a failed unit keeps the savepoint).
 */
async function tenantBatch<T>(
  app: Kysely<Database>,
  tenantId: string,
  units: Array<BatchUnit<T>>,
  options: BatchOptions = {},
  isolatedOnly = false,
): Promise<Array<BatchOutcome<T>>> {
  // The tenant goes in as a literal (simple protocol): it must be a UUID.
  if (!UUID.test(tenantId)) throw new Error('withTenantBatch: the tenant id is not a UUID');
  if (units.length === 0) return [];
  return app.connection().execute(async (connection) => {
    // The connection's query builder is used as the transaction's: it runs on the one connection.
    const tx = connection as unknown as Tx;
    const control = (text: string) => sql.raw(text).execute(connection);
    const begin = `BEGIN; SELECT set_config('app.tenant_id', '${tenantId}', true)`;
    if (!isolatedOnly) {
      await control(begin);
      try {
        const values: T[] = [];
        await options.prelude?.(tx);
        for (const unit of units) values.push(await unit(tx, false));
        await control('COMMIT');
        return values.map((value) => ({ ok: true, value }));
      } catch (error) {
        await control('ROLLBACK').catch(() => undefined);
        if (units.length === 1) return [{ ok: false, error }];
      }
    }
    await control(`${begin}; SAVEPOINT unit`);
    try {
      const outcomes: Array<BatchOutcome<T>> = [];
      for (const [index, unit] of units.entries()) {
        if (outcomes[index - 1]?.ok) await control('RELEASE SAVEPOINT unit; SAVEPOINT unit');
        try {
          outcomes.push({ ok: true, value: await unit(tx, true) });
        } catch (error) {
          await control('ROLLBACK TO SAVEPOINT unit');
          outcomes.push({ ok: false, error });
        }
      }
      await control('COMMIT');
      return outcomes;
    } catch (error) {
      await control('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** SQL rendering a timestamptz column as toISOString() would (UTC, milliseconds), once in the database. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function openDatabase(urls: { app: string; platform: string }, poolSize = 10): DatabaseHandles {
  const appPool = openPool(urls.app, poolSize);
  const app = kysely(appPool);
  const platform = kysely(openPool(urls.platform, Math.max(2, Math.ceil(poolSize / 2))));

  return {
    readAsTenant(tenantId, statement) {
      return readAsTenant(appPool, tenantId, statement);
    },
    withTenant(tenantId, fn) {
      return app.transaction().execute(async (tx) => {
        await sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
        return fn(tx);
      });
    },
    withTenantBatch<T>(tenantId: string, units: Array<BatchUnit<T>>, options?: BatchOptions) {
      // A deadlock's victim runs again (transient-retry.ts): the events of a batch are never lost to one.
      return retryTransient(units, (pending: Array<BatchUnit<T>>, isolated: boolean) => tenantBatch(app, tenantId, pending, isolated ? {} : options, isolated));
    },
    withPlatform(fn) {
      return platform.transaction().execute(fn);
    },
    readAsPlatform(fn) {
      return fn(platform);
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
