// The filters of GET /calls, shared by GET /recordings (through its join on calls, alias `c`).
// A request's query becomes typed values first (resolveCallFilters), then one SQL condition with
// explicit columns and bound parameters (callConditions): nothing of the request is spliced in.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { phoneKey } from './phone-key.ts';

/** The query's filters as the client sent them (calls.schema.ts callFilters). */
export interface CallFilterQuery {
  from?: string;
  to?: string;
  extension?: string;
  agentId?: string;
  queueId?: string;
  campaignId?: string;
  trunkId?: string;
  phone?: string;
  hangupCause?: string;
  disposition?: string;
}

/** The filters ready for SQL. `extensionIds` empty means "an extension no call can have". */
export interface CallFilters {
  from?: Date;
  to?: Date;
  extensionIds?: string[];
  agentId?: string;
  queueId?: string;
  campaignId?: string;
  trunkId?: string;
  phoneKey?: string;
  /** Fewer digits than a whole national number: the calls whose number contains them (decision 0063). */
  phonePart?: string;
  hangupCause?: string;
  disposition?: string;
}

/** Digits of a whole Brazilian number with its area code; fewer is a partial number. */
const WHOLE_NUMBER_DIGITS = 10;

/** Pure: the checks and conversions that need no database. */
export function parseCallFilters(query: CallFilterQuery): Omit<CallFilters, 'extensionIds'> {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from.getTime() > to.getTime()) {
    throw badRequest(E.VALIDATION_FAILED, '`from` is after `to`', [{ path: 'from', message: 'must not be after `to`' }]);
  }
  const key = query.phone === undefined ? undefined : phoneKey(query.phone);
  if (key === null) throw badRequest(E.VALIDATION_FAILED, 'The phone number has no digit', [{ path: 'phone', message: 'must contain a digit' }]);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(query.agentId ? { agentId: query.agentId } : {}),
    ...(query.queueId ? { queueId: query.queueId } : {}),
    ...(query.campaignId ? { campaignId: query.campaignId } : {}),
    ...(query.trunkId ? { trunkId: query.trunkId } : {}),
    ...(key ? (key.length < WHOLE_NUMBER_DIGITS ? { phonePart: key } : { phoneKey: key }) : {}),
    // Hangup causes are the switch's UPPER_SNAKE names; typed in lower case they still match.
    ...(query.hangupCause ? { hangupCause: query.hangupCause.toUpperCase() } : {}),
    ...(query.disposition ? { disposition: query.disposition } : {}),
  };
}

/**
 * The query's filters, the extension number resolved to the tenant's extension ids (deleted ones
 * included: old calls keep pointing at them). Runs under the tenant's row-level security.
 */
export async function resolveCallFilters(tx: Tx, query: CallFilterQuery): Promise<CallFilters> {
  const filters: CallFilters = parseCallFilters(query);
  if (query.extension !== undefined) {
    const rows = await tx.selectFrom('extensions').select('id').where('number', '=', query.extension).execute();
    filters.extensionIds = rows.map((row) => row.id);
  }
  return filters;
}

/** True when the filters can match no call at all (an extension number the tenant never had). */
export const matchesNothing = (filters: CallFilters) => filters.extensionIds !== undefined && filters.extensionIds.length === 0;

/**
 * The filters as one condition on `c` (the calls table). Each filter has an index in the list's
 * order (tenant, column, created_at DESC); the tenant comes from row-level security.
 */
export function callConditions(filters: CallFilters): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.from) parts.push(sql`c.created_at >= ${filters.from}`);
  if (filters.to) parts.push(sql`c.created_at < ${filters.to}`);
  if (filters.extensionIds) {
    parts.push(filters.extensionIds.length === 1 ? sql`c.extension_id = ${filters.extensionIds[0]}` : sql`c.extension_id = ANY(${filters.extensionIds}::uuid[])`);
  }
  if (filters.agentId) parts.push(sql`c.agent_id = ${filters.agentId}`);
  if (filters.queueId) parts.push(sql`c.queue_id = ${filters.queueId}`);
  if (filters.campaignId) parts.push(sql`c.campaign_id = ${filters.campaignId}`);
  if (filters.trunkId) parts.push(sql`c.trunk_id = ${filters.trunkId}`);
  if (filters.phoneKey) parts.push(sql`(c.caller_key = ${filters.phoneKey} OR c.called_key = ${filters.phoneKey})`);
  // The key is digits only, so it has no LIKE wildcard of its own.
  if (filters.phonePart) parts.push(sql`(strpos(c.caller_key, ${filters.phonePart}) > 0 OR strpos(c.called_key, ${filters.phonePart}) > 0)`);
  if (filters.hangupCause) parts.push(sql`c.hangup_cause = ${filters.hangupCause}`);
  if (filters.disposition) parts.push(sql`c.disposition = ${filters.disposition}`);
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
