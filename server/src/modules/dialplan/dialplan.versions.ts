// Numbered versions of one context's compiled XML. Numbering and activation take a transaction
// lock on (tenant, context), so concurrent generations never pick the same number and the
// partial unique index (one ACTIVE per context) never sees two activations race.
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { DialplanVersionsTable } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { DialplanVersion, DialplanVersionWithXml } from './dialplan.schema.ts';

export async function lockContext(tx: Tx, tenantId: string, context: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`dialplan:${tenantId}:${context}`}, 0))`.execute(tx);
}

/** Inserts the next numbered version of a context; ACTIVE supersedes the one active before. */
export async function insertVersion(
  tx: Tx,
  input: { tenantId: string; context: string; xml: string; createdBy: string | null },
  status: 'DRAFT' | 'ACTIVE',
): Promise<Selectable<DialplanVersionsTable>> {
  await lockContext(tx, input.tenantId, input.context);
  const { last } = await tx
    .selectFrom('dialplanVersions')
    .select(sql<number>`coalesce(max(number), 0)::int`.as('last'))
    .where('context', '=', input.context)
    .executeTakeFirstOrThrow();
  if (status === 'ACTIVE') await supersedeActive(tx, input.context);
  return tx
    .insertInto('dialplanVersions')
    .values({ ...input, number: last + 1, status, activatedAt: status === 'ACTIVE' ? new Date() : null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The context's ACTIVE version becomes SUPERSEDED (none is active afterwards). */
export async function supersedeActive(tx: Tx, context: string): Promise<void> {
  await tx.updateTable('dialplanVersions').set({ status: 'SUPERSEDED' }).where('context', '=', context).where('status', '=', 'ACTIVE').execute();
}

export const findVersion = (tx: Tx, id: string) => tx.selectFrom('dialplanVersions').selectAll().where('id', '=', id).executeTakeFirst();

export function listVersions(tx: Tx, context?: string) {
  let query = tx.selectFrom('dialplanVersions').select(['id', 'context', 'number', 'status', 'createdBy', 'createdAt', 'activatedAt']);
  if (context !== undefined) query = query.where('context', '=', context);
  return query.orderBy('context').orderBy('number', 'desc').execute();
}

/** Makes a version ACTIVE and the previous ACTIVE one SUPERSEDED, in the caller's transaction. */
export async function activate(tx: Tx, tenantId: string, version: Selectable<DialplanVersionsTable>) {
  await lockContext(tx, tenantId, version.context);
  await supersedeActive(tx, version.context);
  return tx
    .updateTable('dialplanVersions')
    .set({ status: 'ACTIVE', activatedAt: new Date() })
    .where('id', '=', version.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function toVersion(row: Omit<Selectable<DialplanVersionsTable>, 'xml' | 'tenantId'>): DialplanVersion {
  return {
    id: row.id,
    context: row.context,
    number: row.number,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    activatedAt: iso(row.activatedAt),
  };
}

export const toVersionWithXml = (row: Selectable<DialplanVersionsTable>): DialplanVersionWithXml => ({ ...toVersion(row), xml: row.xml });
