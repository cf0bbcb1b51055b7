import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { PhoneNumbersTable } from '../../platform/db/schema.ts';
import type { PhoneNumber } from './numbers.schema.ts';

export const toPhoneNumber = (row: Selectable<PhoneNumbersTable>): PhoneNumber => ({
  id: row.id,
  number: row.number,
  createdAt: row.createdAt.toISOString(),
});

/** A tenant's numbers: under RLS for the tenant itself, filtered by tenant on the platform path. */
export const listNumbers = (tx: Tx, tenantId: string) =>
  tx.selectFrom('phoneNumbers').selectAll().where('tenantId', '=', tenantId).orderBy('number').execute();

/** Whether the tenant of the transaction (RLS) holds the number. */
export const holdsNumber = async (tx: Tx, e164: string) =>
  (await tx.selectFrom('phoneNumbers').select('id').where('number', '=', e164).executeTakeFirst()) !==
  undefined;

export const insertNumbers = (tx: Tx, tenantId: string, numbers: string[]) =>
  tx
    .insertInto('phoneNumbers')
    .values(numbers.map((number) => ({ tenantId, number })))
    .returningAll()
    .execute();

export const deleteNumber = (tx: Tx, tenantId: string, e164: string) =>
  tx
    .deleteFrom('phoneNumbers')
    .where('tenantId', '=', tenantId)
    .where('number', '=', e164)
    .returningAll()
    .executeTakeFirst();

/** Whether a live route or campaign of the tenant uses the number (then it may not be released). */
export async function numberInUse(tx: Tx, tenantId: string, e164: string): Promise<boolean> {
  const route = await tx
    .selectFrom('inboundRoutes')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('didNumber', '=', e164)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (route) return true;
  const campaign = await tx
    .selectFrom('campaigns')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('callerId', '=', e164)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return campaign !== undefined;
}
