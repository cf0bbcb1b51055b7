// Leads, their imports and refused rows, under the tenant's row-level security. A batch of an
// import is three statements whatever its size: the leads (unnest, ON CONFLICT), the refused rows
// (unnest), the import's counters.
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { LeadStatus, ListImportsTable, ListImportStatus, RejectReason } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { ImportCounters, Lead, ListImport } from './leads.schema.ts';

const importColumns = [
  'id',
  'kind',
  'campaignId',
  'fileName',
  'status',
  'errorCode',
  'total',
  'valid',
  'invalid',
  'duplicates',
  'imported',
  'suppressed',
  'createdBy',
  'createdAt',
  'finishedAt',
] as const;
type ImportRow = Pick<Selectable<ListImportsTable>, (typeof importColumns)[number]>;

export const toListImport = (row: ImportRow): ListImport => ({ ...row, createdAt: row.createdAt.toISOString(), finishedAt: iso(row.finishedAt) });

export const insertImport = (tx: Tx, values: { tenantId: string; campaignId: string; fileName: string | null; createdBy: string }) =>
  tx
    .insertInto('listImports')
    .values({ tenantId: values.tenantId, kind: 'LEADS', campaignId: values.campaignId, fileName: values.fileName, createdBy: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();

export interface LeadToInsert {
  phone: string;
  name: string | null;
  data: Record<string, string>;
}

/**
 * Inserts the leads a number is not already a lead of the campaign for; a number on the tenant's
 * suppression list comes in as DO_NOT_CALL. Returns the numbers inserted (the others were duplicates).
 */
export async function insertLeads(tx: Tx, target: { tenantId: string; campaignId: string; importId: string }, leads: LeadToInsert[]) {
  if (leads.length === 0) return [];
  const phones = leads.map((lead) => lead.phone);
  const names = leads.map((lead) => lead.name);
  const data = leads.map((lead) => JSON.stringify(lead.data));
  const result = await sql<{ phone: string; status: LeadStatus }>`
    INSERT INTO leads (tenant_id, campaign_id, phone, name, status, data, import_id)
    SELECT ${target.tenantId}::uuid, ${target.campaignId}::uuid, u.phone, u.name,
           CASE WHEN EXISTS (SELECT 1 FROM suppression_entries s WHERE s.tenant_id = ${target.tenantId}::uuid AND s.phone = u.phone)
                THEN 'DO_NOT_CALL' ELSE 'READY' END,
           u.data, ${target.importId}::uuid
    FROM unnest(${phones}::text[], ${names}::text[], ${data}::jsonb[]) AS u(phone, name, data)
    ON CONFLICT (campaign_id, phone) DO NOTHING
    RETURNING phone, status`.execute(tx);
  return result.rows;
}

export interface RejectToInsert {
  row: number;
  raw: string;
  reason: RejectReason;
}

export async function insertRejects(tx: Tx, target: { tenantId: string; importId: string }, rejects: RejectToInsert[]): Promise<void> {
  if (rejects.length === 0) return;
  await sql`
    INSERT INTO list_import_rejects (import_id, tenant_id, row_number, raw_value, reason)
    SELECT ${target.importId}::uuid, ${target.tenantId}::uuid, u.row_number, u.raw_value, u.reason
    FROM unnest(${rejects.map((reject) => reject.row)}::int[], ${rejects.map((reject) => reject.raw)}::text[], ${rejects.map((reject) => reject.reason)}::text[])
      AS u(row_number, raw_value, reason)`.execute(tx);
}

export const addCounters = (tx: Tx, importId: string, delta: ImportCounters) =>
  tx
    .updateTable('listImports')
    .set((eb) => ({
      total: eb('total', '+', delta.total),
      valid: eb('valid', '+', delta.valid),
      invalid: eb('invalid', '+', delta.invalid),
      duplicates: eb('duplicates', '+', delta.duplicates),
      imported: eb('imported', '+', delta.imported),
      suppressed: eb('suppressed', '+', delta.suppressed),
    }))
    .where('id', '=', importId)
    .execute();

export const finishImport = (tx: Tx, importId: string, status: ListImportStatus, errorCode: string | null) =>
  tx.updateTable('listImports').set({ status, errorCode, finishedAt: sql<Date>`now()` }).where('id', '=', importId).execute();

/** A refused file: its leads and refused rows go, its counters return to zero, it is FAILED with why. */
export async function discardImport(tx: Tx, importId: string, errorCode: string): Promise<void> {
  await tx.deleteFrom('leads').where('importId', '=', importId).execute();
  await tx.deleteFrom('listImportRejects').where('importId', '=', importId).execute();
  await tx
    .updateTable('listImports')
    .set({ status: 'FAILED', errorCode, total: 0, valid: 0, invalid: 0, duplicates: 0, imported: 0, suppressed: 0, finishedAt: sql<Date>`now()` })
    .where('id', '=', importId)
    .execute();
}

const IMPORTS_LISTED = 100;

export const listImports = (tx: Tx, campaignId: string) =>
  tx
    .selectFrom('listImports')
    .select(importColumns)
    .where('kind', '=', 'LEADS')
    .where('campaignId', '=', campaignId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(IMPORTS_LISTED)
    .execute();

export const findImport = (tx: Tx, campaignId: string, importId: string) =>
  tx.selectFrom('listImports').select(importColumns).where('id', '=', importId).where('campaignId', '=', campaignId).executeTakeFirst();

/** Refused rows after `afterRow`, in file order: the rejected-rows CSV reads them a page at a time. */
export const rejectsAfter = (tx: Tx, importId: string, afterRow: number, limit: number) =>
  tx
    .selectFrom('listImportRejects')
    .select(['rowNumber', 'rawValue', 'reason'])
    .where('importId', '=', importId)
    .where('rowNumber', '>', afterRow)
    .orderBy('rowNumber')
    .limit(limit)
    .execute();

/** Whether the campaign has a lead the dialer may call (READY, or CALLBACK whatever its time). */
export const countDialable = async (tx: Tx, campaignId: string): Promise<number> => {
  const row = await tx
    .selectFrom('leads')
    .select(sql<number>`count(*)`.as('count'))
    .where('campaignId', '=', campaignId)
    .where('status', 'in', ['READY', 'CALLBACK'])
    .executeTakeFirstOrThrow();
  return row.count;
};

const leadColumns = ['id', 'campaignId', 'phone', 'name', 'status', 'attempts', 'nextAttemptAt', 'lastOutcome', 'data'] as const;

export async function listLeads(tx: Tx, campaignId: string, query: { status?: LeadStatus | undefined; page: number; pageSize: number }) {
  let base = tx.selectFrom('leads').where('campaignId', '=', campaignId);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .select(leadColumns)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const items: Lead[] = rows.map((row) => ({ ...row, nextAttemptAt: iso(row.nextAttemptAt) }));
  return { items, total: count.count };
}
