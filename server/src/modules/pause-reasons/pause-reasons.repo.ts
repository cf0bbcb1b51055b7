// Pause reasons of the token's tenant (row-level security). Disabled is this list's soft delete.
import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { PauseReasonsTable } from '../../platform/db/schema.ts';
import type { PauseReason, PauseReasonPatchBody } from './pause-reasons.schema.ts';

const columns = ['id', 'code', 'name', 'enabled', 'createdAt', 'updatedAt'] as const;

export function toPauseReason(
  row: Pick<Selectable<PauseReasonsTable>, (typeof columns)[number]>,
): PauseReason {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export const listEnabledPauseReasons = (tx: Tx) =>
  tx
    .selectFrom('pauseReasons')
    .select(columns)
    .where('enabled', '=', true)
    .orderBy('name')
    .orderBy('code')
    .execute();

export function findPauseReason(tx: Tx, id: string, options: { includeDisabled?: boolean } = {}) {
  let query = tx.selectFrom('pauseReasons').select(columns).where('id', '=', id);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return query.executeTakeFirst();
}

/** Codes of disabled reasons stay taken: a code is never reused. */
export async function codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  let query = tx.selectFrom('pauseReasons').select('id').where('code', '=', code);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertPauseReason = (
  tx: Tx,
  values: { tenantId: string; code: string; name: string; enabled?: boolean },
) => tx.insertInto('pauseReasons').values(values).returning(columns).executeTakeFirstOrThrow();

export const updatePauseReason = (tx: Tx, id: string, values: PauseReasonPatchBody) =>
  tx
    .updateTable('pauseReasons')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
