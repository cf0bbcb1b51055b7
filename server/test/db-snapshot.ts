// What a set of tenants (and plans) hold in the database, read through the platform role: row
// counts and the latest created_at / updated_at of every table. Equal snapshots before and after a
// refused request mean the request wrote nothing. Scoped to the test's own rows, since other test
// files write to the same database at the same time.
import { sql } from 'kysely';
import type { DatabaseHandles } from '../src/platform/db/database.ts';

interface TableInfo {
  table: string;
  columns: Set<string>;
}

let tables: Promise<TableInfo[]> | undefined;

function tablesOf(db: DatabaseHandles): Promise<TableInfo[]> {
  tables ??= db.withPlatform(async (tx) => {
    const rows = await sql<{ table: string; column: string }>`
      SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name NOT LIKE '%migrations%'`.execute(tx);
    const byTable = new Map<string, Set<string>>();
    for (const row of rows.rows) byTable.set(row.table, (byTable.get(row.table) ?? new Set()).add(row.column));
    return [...byTable].map(([table, columns]) => ({ table, columns })).sort((a, b) => a.table.localeCompare(b.table));
  });
  return tables;
}

export interface Scope {
  tenantIds: string[];
  /** Plans are platform rows: those of the test, and any id a refused request tried to create. */
  planIds: string[];
}

/** One statement, one round trip: a text fingerprint per table of the rows in scope. */
export async function snapshot(db: DatabaseHandles, scope: Scope): Promise<Record<string, string>> {
  const infos = await tablesOf(db);
  const parts = infos.flatMap(({ table, columns }) => {
    const where = columns.has('tenant_id')
      ? sql`tenant_id = ANY(${scope.tenantIds}::uuid[])`
      : table === 'tenants'
        ? sql`id = ANY(${scope.tenantIds}::uuid[])`
        : table === 'plans'
          ? sql`id = ANY(${scope.planIds}::text[])`
          : table === 'users'
            ? sql`id IN (SELECT user_id FROM tenant_memberships WHERE tenant_id = ANY(${scope.tenantIds}::uuid[]))`
            : undefined;
    if (!where) return [];
    const latest = (column: string) => (columns.has(column) ? sql`coalesce(max(${sql.ref(column)})::text, '-')` : sql`'-'`);
    return [sql`SELECT ${table} AS table, count(*)::text || ' ' || ${latest('created_at')} || ' ' || ${latest('updated_at')} AS print FROM ${sql.table(table)} WHERE ${where}`];
  });
  const rows = await db.withPlatform((tx) => sql<{ table: string; print: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(tx));
  return Object.fromEntries(rows.rows.map((row) => [row.table, row.print]));
}
