// Dispositions of the token's tenant (row-level security). Disabled is this list's soft delete.
import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { DispositionAction, DispositionsTable } from '../../platform/db/schema.ts';
import type { Disposition, DispositionPatchBody } from './dispositions.schema.ts';

const columns = ['id', 'code', 'name', 'action', 'enabled', 'createdAt', 'updatedAt'] as const;

export function toDisposition(
  row: Pick<Selectable<DispositionsTable>, (typeof columns)[number]>,
): Disposition {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export const listEnabledDispositions = (tx: Tx) =>
  tx
    .selectFrom('dispositions')
    .select(columns)
    .where('enabled', '=', true)
    .orderBy('name')
    .orderBy('code')
    .execute();

export function findDisposition(tx: Tx, id: string, options: { includeDisabled?: boolean } = {}) {
  let query = tx.selectFrom('dispositions').select(columns).where('id', '=', id);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return query.executeTakeFirst();
}

/** Codes of disabled dispositions stay taken: calls keep pointing at them. */
export async function codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  let query = tx.selectFrom('dispositions').select('id').where('code', '=', code);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertDisposition = (
  tx: Tx,
  values: { tenantId: string; code: string; name: string; action?: DispositionAction; enabled?: boolean },
) => tx.insertInto('dispositions').values(values).returning(columns).executeTakeFirstOrThrow();

export const updateDisposition = (tx: Tx, id: string, values: DispositionPatchBody) =>
  tx
    .updateTable('dispositions')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
