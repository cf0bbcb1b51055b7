// Call records under the tenant's row-level security: every query here sees only the token's tenant.
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { Call, CallEvent, CallLeg } from './calls.schema.ts';
import { callConditions, type CallFilters } from './calls.filters.ts';
import { parseAgentName, parseQueueName } from '../../platform/switch/naming.ts';
import { timelineHeaders } from './call-events.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * How far past the requested page the count goes (decision 0032): an exact count of a million
 * rows costs more than the page itself, so `total` is exact up to here and a lower bound beyond.
 */
export const COUNT_AHEAD = 10_000;

/** The largest number the capped count of a page may reach; more rows than this make it inexact. */
export const countLimit = ({ page, pageSize }: PageRequest) => page * pageSize + COUNT_AHEAD;

/** A capped count's answer: the exact total when below the limit, else the limit as a lower bound. */
export function cappedTotal(counted: number, limit: number): { total: number; totalExact: boolean } {
  return counted > limit ? { total: limit, totalExact: false } : { total: counted, totalExact: true };
}

/**
 * The calls matching `filters`, counted up to limit + 1 rows (so "more than limit" is known). A
 * phone filter counts the calls from the number plus those to it and not from it, each half capped
 * (min(a, L+1) + min(b, L+1) > L exactly when a + b > L), each on its key index alone (decision 0041).
 */
export function callCountQuery(filters: CallFilters, limit: number) {
  const capped = (where: RawBuilder<unknown>) => sql`(SELECT count(*) FROM (SELECT 1 FROM calls c WHERE ${where} LIMIT ${limit + 1}) AS matched)`;
  const { phoneKey: key, ...others } = filters;
  if (key === undefined) return sql<{ n: number }>`SELECT ${capped(callConditions(filters))} AS n`;
  const rest = callConditions(others);
  return sql<{ n: number }>`SELECT ${capped(sql`${rest} AND c.caller_key = ${key}`)} + ${capped(sql`${rest} AND c.called_key = ${key} AND c.caller_key IS DISTINCT FROM ${key}`)} AS n`;
}

export async function countCalls(tx: Tx, filters: CallFilters, limit: number): Promise<number> {
  const { rows } = await callCountQuery(filters, limit).execute(tx);
  return Number(rows[0]!.n);
}

// The API's view of a call: its own columns plus the names a list shows, joined for the rows of
// one page only.
const callView = (tx: Tx) =>
  tx
    .selectFrom('calls as c')
    .leftJoin('extensions as e', 'e.id', 'c.extensionId')
    .leftJoin('trunks as t', 't.id', 'c.trunkId')
    .leftJoin('queues as q', 'q.id', 'c.queueId')
    .leftJoin('agents as a', 'a.id', 'c.agentId')
    .leftJoin('users as u', 'u.id', 'a.userId')
    // The call's first recording (a call through two recorded queues has more: GET /calls/:id).
    .leftJoin('recordings as r', (join) => join.onRef('r.callId', '=', 'c.id').on('r.seq', '=', 1))
    // A dialer call is abandoned when its attempt is: answered, and nobody took it in time.
    .leftJoin('dialAttempts as da', 'da.id', 'c.attemptId')
    .select([
      'c.id',
      'c.direction',
      'c.callerNumber',
      'c.callerName',
      'c.calledNumber',
      'c.extensionId',
      'e.number as extensionNumber',
      'c.trunkId',
      't.name as trunkName',
      'c.queueId',
      'q.name as queueName',
      'c.agentId',
      sql<string | null>`coalesce(a.name, u.name, u.email)`.as('agentName'),
      'c.attemptId',
      'c.campaignId',
      'c.leadId',
      'c.createdAt',
      'c.answerAt',
      'c.queuedAt',
      'c.queueLeftAt',
      'c.queueCause',
      'c.bridgedAt',
      'c.endedAt',
      'c.ringTime',
      'c.waitTime',
      'c.talkTime',
      'c.durationSeconds',
      'c.billableSeconds',
      'c.hangupCause',
      'c.dispositionId',
      'c.disposition',
      'c.dispositionBy',
      'c.dispositionAt',
      'r.id as recordingId',
      sql<boolean>`coalesce(da.outcome = 'ABANDONED', false)`.as('abandoned'),
    ]);

type CallRow = Awaited<ReturnType<ReturnType<typeof callView>['executeTakeFirstOrThrow']>>;

export function toCall(row: CallRow): Call {
  return {
    ...row,
    extensionNumber: row.extensionNumber ?? null,
    trunkName: row.trunkName ?? null,
    queueName: row.queueName ?? null,
    recordingId: row.recordingId ?? null,
    createdAt: row.createdAt.toISOString(),
    answerAt: iso(row.answerAt),
    queuedAt: iso(row.queuedAt),
    queueLeftAt: iso(row.queueLeftAt),
    bridgedAt: iso(row.bridgedAt),
    endedAt: iso(row.endedAt),
    dispositionAt: iso(row.dispositionAt),
  };
}

/**
 * One page, newest first. The page's ids are found first on the index alone (a deep page skips
 * index entries, not table rows), then only those rows are read and named.
 */
export function callPageQuery(tx: Tx, filters: CallFilters, { page, pageSize }: PageRequest) {
  const ids = tx
    .selectFrom('calls as c')
    .select(['c.id'])
    .where(callConditions(filters))
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return callView(tx).innerJoin(ids.as('p'), 'p.id', 'c.id').orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc');
}

export async function listCalls(tx: Tx, filters: CallFilters, request: PageRequest): Promise<Call[]> {
  return (await callPageQuery(tx, filters, request).execute()).map(toCall);
}

export async function findCall(tx: Tx, id: string): Promise<Call | undefined> {
  const row = await callView(tx).where('c.id', '=', id).executeTakeFirst();
  return row ? toCall(row) : undefined;
}

export async function listLegs(tx: Tx, callId: string): Promise<CallLeg[]> {
  const rows = await tx
    .selectFrom('callLegs')
    .select([
      'id',
      'direction',
      'channelName',
      'callerNumber',
      'destinationNumber',
      'extensionId',
      'agentId',
      'createdAt',
      'answeredAt',
      'bridgedAt',
      'endedAt',
      'hangupCause',
    ])
    .where('callId', '=', callId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
    bridgedAt: iso(row.bridgedAt),
    endedAt: iso(row.endedAt),
  }));
}

/** The call's events in the switch's order, each with only its allow-listed headers. */
export async function listEvents(tx: Tx, callId: string): Promise<CallEvent[]> {
  const rows = await tx
    .selectFrom('callEvents')
    .select(['name', 'occurredAt', 'legId', 'headers'])
    .where('callId', '=', callId)
    .orderBy('occurredAt')
    .orderBy('id')
    .execute();
  const events = rows.map((row) => ({ name: row.name, occurredAt: row.occurredAt.toISOString(), legId: row.legId, headers: timelineHeaders(row.headers) }));
  // The switch names queues and agents by id; the timeline says whom, as the tenant named them.
  // Read under the tenant's row-level security: another tenant's id finds nothing.
  const agentIds = [...new Set(events.map((event) => parseAgentName(event.headers['CC-Agent'] ?? '')).filter((id) => id !== null))];
  const queueIds = [...new Set(events.map((event) => parseQueueName(event.headers['CC-Queue'] ?? '')).filter((id) => id !== null))];
  const [agents, queues] = await Promise.all([
    agentIds.length ? tx.selectFrom('agents').select(['id', 'name']).where('id', 'in', agentIds).execute() : [],
    queueIds.length ? tx.selectFrom('queues').select(['id', 'name']).where('id', 'in', queueIds).execute() : [],
  ]);
  const agentNames = new Map(agents.map((agent) => [agent.id, agent.name]));
  const queueNames = new Map(queues.map((queue) => [queue.id, queue.name]));
  return events.map((event) => ({
    ...event,
    agentName: agentNames.get(parseAgentName(event.headers['CC-Agent'] ?? '') ?? '') ?? null,
    queueName: queueNames.get(parseQueueName(event.headers['CC-Queue'] ?? '') ?? '') ?? null,
  }));
}

/** The Agent of a user in the tenant (one per user), or null. */
export async function agentOfUser(tx: Tx, userId: string): Promise<string | null> {
  const row = await tx.selectFrom('agents').select('id').where('userId', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();
  return row?.id ?? null;
}

/** The fields a disposition decision needs, row locked so two classifications apply one after the other. */
export const lockCall = (tx: Tx, id: string) =>
  tx
    .selectFrom('calls')
    .select(['id', 'agentId', 'dispositionId', 'disposition', 'leadId', 'direction', 'callerNumber', 'calledNumber'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findDisposition = (tx: Tx, id: string) =>
  tx.selectFrom('dispositions').select(['id', 'code', 'enabled', 'action']).where('id', '=', id).executeTakeFirst();

const leadOfCall = (tx: Tx, id: string) => tx.selectFrom('leads').select(['id', 'campaignId', 'phone', 'status', 'nextAttemptAt']).where('id', '=', id);

/** The call's lead (the dialer's svc_lead_id). */
export const findLead = (tx: Tx, id: string) => leadOfCall(tx, id).executeTakeFirst();

/** The same, row locked while a callback is scheduled on it. */
export const lockLead = (tx: Tx, id: string) => leadOfCall(tx, id).forUpdate().executeTakeFirst();

export async function setDisposition(
  tx: Tx,
  callId: string,
  disposition: { id: string; code: string },
  userId: string,
): Promise<void> {
  await tx
    .updateTable('calls')
    .set({ dispositionId: disposition.id, disposition: disposition.code, dispositionBy: userId, dispositionAt: sql<Date>`now()` })
    .where('id', '=', callId)
    .execute();
}
