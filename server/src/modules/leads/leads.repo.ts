// Leads under the tenant's row-level security. A batch of an import is three statements whatever
// its size: the leads here (unnest, ON CONFLICT), the refused rows and the import's counters
// (list-imports.repo.ts).
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { LeadStatus } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { Lead } from './leads.schema.ts';

export interface LeadToInsert {
  phone: string;
  /** Every number of the lead in the order to try, `phone` first. */
  phones: string[];
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
  // As JSON: unnest flattens an array of arrays, so each lead's numbers travel as one value.
  const numbers = leads.map((lead) => JSON.stringify(lead.phones));
  const result = await sql<{ phone: string; status: LeadStatus }>`
    INSERT INTO leads (tenant_id, campaign_id, phone, phones, name, status, data, import_id)
    SELECT ${target.tenantId}::uuid, ${target.campaignId}::uuid, u.phone, ARRAY(SELECT jsonb_array_elements_text(u.phones)), u.name,
           CASE WHEN EXISTS (SELECT 1 FROM suppression_entries s WHERE s.tenant_id = ${target.tenantId}::uuid AND s.phone = u.phone)
                THEN 'DO_NOT_CALL' ELSE 'READY' END,
           u.data, ${target.importId}::uuid
    FROM unnest(${phones}::text[], ${numbers}::jsonb[], ${names}::text[], ${data}::jsonb[]) AS u(phone, phones, name, data)
    ON CONFLICT (campaign_id, phone) DO NOTHING
    RETURNING phone, status`.execute(tx);
  return result.rows;
}

/** A refused file's leads go with it (the import row and refused rows are list-imports.repo's). */
export const deleteImportedLeads = (tx: Tx, importId: string) => tx.deleteFrom('leads').where('importId', '=', importId).execute();

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

/** Whether a lead left to dial (READY or CALLBACK) has one of these area codes (its number's DDD). */
export const hasLeadInAreaCodes = async (tx: Tx, campaignId: string, ddds: number[]): Promise<boolean> => {
  if (ddds.length === 0) return false;
  const codes = ddds.map((ddd) => String(ddd).padStart(2, '0'));
  const row = await tx
    .selectFrom('leads')
    .select('id')
    .where('campaignId', '=', campaignId)
    .where('status', 'in', ['READY', 'CALLBACK'])
    .where(sql<string>`substr(phone, 4, 2)`, 'in', codes)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
