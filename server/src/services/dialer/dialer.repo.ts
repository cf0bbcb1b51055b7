// The dialer's SQL. The tick's reads cover every campaign the process owns in a few statements on
// the platform path (the dialer works for every tenant); whatever writes a tenant's rows runs as
// that tenant, under its row-level security.
import { sql, type Selectable } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { AgentState, CampaignSchedule, CampaignStatus, DialAttemptOutcome, DialAttemptsTable, DialRetryOutcome, LeadStatus } from '../../platform/db/schema.ts';
import { retryMinutesOf } from '../../modules/campaigns/dialer-settings.ts';
import { INITIAL_STATISTICS, type CampaignStatistics } from '../../modules/dialer/campaign-statistics.ts';
import type { SharedAgent } from './agent-sharing.ts';

export interface DialableCampaign {
  id: string;
  tenantId: string;
}

/** Campaigns in RUNNING or WAITING_SCHEDULE of active tenants: what the dialers share. */
export const listDialableCampaigns = (db: DatabaseHandles): Promise<DialableCampaign[]> =>
  db.readAsPlatform((q) =>
    q
      .selectFrom('campaigns as c')
      .innerJoin('tenants as t', 't.id', 'c.tenantId')
      .select(['c.id', 'c.tenantId'])
      .where('c.deletedAt', 'is', null)
      .where('c.status', 'in', ['RUNNING', 'WAITING_SCHEDULE'])
      .where('t.status', '=', 'ACTIVE')
      .orderBy('c.id')
      .execute(),
  );

export interface CampaignSnapshot {
  id: string;
  tenantId: string;
  status: CampaignStatus;
  queueId: string;
  trunkId: string;
  pacingMin: number;
  pacingMax: number;
  callerId: string | null;
  maxAttempts: number;
  schedule: CampaignSchedule;
  timezone: string;
  cpsLimit: number | null;
  abandonTarget: number;
  abandonAfterSeconds: number;
  retryMinutes: Partial<Record<DialRetryOutcome, number>>;
  callingPolicies: string[];
  trunkCpsLimit: number | null;
  planMaxCps: number | null;
  planMaxConcurrentCalls: number | null;
  shortCallThreshold: number;
  statistics: CampaignStatistics | null;
  dialLevel: number | null;
  /** Today (in the campaign's time zone): answered attempts and abandoned ones. */
  answeredToday: number;
  abandonedToday: number;
}

/** Everything a tick needs about these campaigns, in one statement (still dialable, tenant active). */
export async function campaignSnapshots(db: DatabaseHandles, ids: string[]): Promise<CampaignSnapshot[]> {
  if (ids.length === 0) return [];
  const rows = await db.readAsPlatform((q) =>
    q
      .selectFrom('campaigns as c')
      .innerJoin('tenants as t', 't.id', 'c.tenantId')
      .innerJoin('plans as p', 'p.id', 't.planId')
      .innerJoin('trunks as tr', 'tr.id', 'c.trunkId')
      .leftJoin('campaignDialerState as s', 's.campaignId', 'c.id')
      .select([
        'c.id',
        'c.tenantId',
        'c.status',
        'c.queueId',
        'c.trunkId',
        'c.pacingMin',
        'c.pacingMax',
        'c.callerId',
        'c.maxAttempts',
        'c.schedule',
        'c.timezone',
        'c.cpsLimit',
        'c.abandonTarget',
        'c.abandonAfterSeconds',
        // As text: the CamelCase plugin would rename the keys inside the JSON (NO_ANSWER → NOANSWER).
        sql<string>`c.retry_minutes::text`.as('retryMinutesText'),
        'c.callingPolicies',
        'tr.cpsLimit as trunkCpsLimit',
        'p.maxCps as planMaxCps',
        'p.maxConcurrentCalls as planMaxConcurrentCalls',
        't.shortCallThreshold',
        's.statistics',
        's.dialLevel',
      ])
      .select(
        sql<number>`(SELECT count(*) FILTER (WHERE a.answered_at IS NOT NULL) FROM dial_attempts a
          WHERE a.campaign_id = c.id AND a.created_at >= (date_trunc('day', now() AT TIME ZONE c.timezone) AT TIME ZONE c.timezone))`.as('answeredToday'),
      )
      .select(
        sql<number>`(SELECT count(*) FILTER (WHERE a.outcome = 'ABANDONED') FROM dial_attempts a
          WHERE a.campaign_id = c.id AND a.created_at >= (date_trunc('day', now() AT TIME ZONE c.timezone) AT TIME ZONE c.timezone))`.as('abandonedToday'),
      )
      .where('c.id', 'in', ids)
      .where('c.deletedAt', 'is', null)
      .where('c.status', 'in', ['RUNNING', 'WAITING_SCHEDULE'])
      .where('t.status', '=', 'ACTIVE')
      .execute(),
  );
  return rows.map(({ retryMinutesText, ...row }) => ({ ...row, retryMinutes: retryMinutesOf(retryMinutesText), statistics: (row.statistics as CampaignStatistics | null) ?? null }));
}

export interface QueueAgent {
  queueId: string;
  agentId: string;
  state: AgentState;
  stateChangedAt: Date;
  wrapUpSeconds: number;
}

/** The logged-in agents of these queues (their tiers), with how long they have been in their state. */
export const queueAgents = (db: DatabaseHandles, queueIds: string[]): Promise<QueueAgent[]> =>
  queueIds.length === 0
    ? Promise.resolve([])
    : db.readAsPlatform((q) =>
        q
          .selectFrom('queueTiers as qt')
          .innerJoin('agents as a', 'a.id', 'qt.agentId')
          .select(['qt.queueId', 'a.id as agentId', 'a.state', 'a.stateChangedAt', 'a.wrapUpSeconds'])
          .where('qt.queueId', 'in', queueIds)
          .where('a.deletedAt', 'is', null)
          .where('a.state', '<>', 'LOGGED_OUT')
          .execute(),
      );

/**
 * Agents of these queues who sit in the queues of several RUNNING campaigns, with the campaigns
 * (sorted) and their rank among the agents shared by exactly that set (agent-sharing.ts). Logged-out
 * and deleted agents take no rank, as queueAgents leaves them out.
 */
export async function sharedAgents(db: DatabaseHandles, queueIds: string[]): Promise<Map<string, SharedAgent>> {
  if (queueIds.length === 0) return new Map();
  const { rows } = await db.readAsPlatform((q) =>
    sql<{ agentId: string; campaignIds: string[]; rank: string }>`
      SELECT agent_id, campaign_ids, row_number() OVER (PARTITION BY campaign_ids ORDER BY agent_id) - 1 AS rank
      FROM (
        SELECT qt.agent_id, array_agg(DISTINCT c.id ORDER BY c.id) AS campaign_ids
        FROM queue_tiers qt
        JOIN campaigns c ON c.queue_id = qt.queue_id AND c.status = 'RUNNING' AND c.deleted_at IS NULL
        JOIN agents a ON a.id = qt.agent_id AND a.deleted_at IS NULL AND a.state <> 'LOGGED_OUT'
        WHERE qt.agent_id IN (SELECT agent_id FROM queue_tiers WHERE queue_id = ANY(${queueIds}::uuid[]))
        GROUP BY qt.agent_id
        HAVING count(DISTINCT c.id) > 1
      ) shared`.execute(q),
  );
  return new Map(rows.map((row) => [row.agentId, { campaignIds: row.campaignIds, rank: Number(row.rank) }]));
}

/** An attempt row as the table types it (the schema is the one list of its columns). */
type AttemptRow = Selectable<DialAttemptsTable>;

/** What the tick and the reconciliation read of an attempt not ended. */
export type InFlightAttempt = Pick<AttemptRow, (typeof IN_FLIGHT_COLUMNS)[number]>;

const IN_FLIGHT_COLUMNS = ['id', 'tenantId', 'campaignId', 'leadId', 'callId', 'phone', 'owner', 'simulated', 'createdAt', 'answeredAt', 'connectedAt'] as const;

/** Attempts of these campaigns not ended yet. */
export const inFlightAttempts = (db: DatabaseHandles, campaignIds: string[]): Promise<InFlightAttempt[]> =>
  campaignIds.length === 0
    ? Promise.resolve([])
    : db.readAsPlatform((q) => q.selectFrom('dialAttempts').select(IN_FLIGHT_COLUMNS).where('campaignId', 'in', campaignIds).where('endedAt', 'is', null).execute());

/** Every attempt not ended, of any campaign (orphan reconciliation). */
export const allInFlightAttempts = (db: DatabaseHandles): Promise<InFlightAttempt[]> =>
  db.readAsPlatform((q) => q.selectFrom('dialAttempts').select(IN_FLIGHT_COLUMNS).where('endedAt', 'is', null).execute());

/**
 * Calls in progress per tenant (the plan's max_concurrent_calls): call records not ended, plus
 * attempts with no record yet. The attempts are counted in one pass over those in flight (their
 * partial index), grouped: a count per tenant would scan them once per tenant.
 */
export async function callsInProgressByTenant(db: DatabaseHandles, tenantIds: string[]): Promise<Map<string, number>> {
  if (tenantIds.length === 0) return new Map();
  const ids = sql.join(tenantIds);
  const { rows } = await db.readAsPlatform((q) =>
    sql<{ id: string; calls: number; attempts: number }>`
      SELECT t.id,
        (SELECT count(*) FROM calls c WHERE c.tenant_id = t.id AND c.ended_at IS NULL) AS calls,
        coalesce(a.attempts, 0) AS attempts
      FROM tenants t
      LEFT JOIN (
        SELECT a.tenant_id, count(*) AS attempts FROM dial_attempts a
        WHERE a.ended_at IS NULL AND a.tenant_id IN (${ids}) AND NOT EXISTS (SELECT 1 FROM calls c WHERE c.id = a.call_id)
        GROUP BY a.tenant_id
      ) a ON a.tenant_id = t.id
      WHERE t.id IN (${ids})`.execute(q),
  );
  return new Map(rows.map((row) => [row.id, Number(row.calls) + Number(row.attempts)]));
}

export interface ClaimedLead {
  id: string;
  phone: string;
  name: string | null;
  status: LeadStatus;
  attempts: number;
}

/**
 * Up to `count` leads to dial now, in lead-order.ts's order (due callbacks, fresh leads oldest first,
 * due retries), whose area code may be called now and with no attempt in flight; locked (SKIP
 * LOCKED) for this transaction. Leads whose number is on the suppression list are moved to
 * DO_NOT_CALL on the way and not returned.
 */
export async function claimLeads(tx: Tx, campaignId: string, count: number, callableDdds: number[], now: Date): Promise<ClaimedLead[]> {
  if (count <= 0 || callableDdds.length === 0) return [];
  const claimed: ClaimedLead[] = [];
  const dddList = sql.join(callableDdds.map((ddd) => sql.lit(String(ddd).padStart(2, '0'))));
  const passes = [
    sql`l.status = 'CALLBACK' AND l.next_attempt_at <= ${now} ORDER BY l.next_attempt_at, l.id`,
    sql`l.status = 'READY' AND l.next_attempt_at IS NULL ORDER BY l.created_at, l.id`,
    sql`l.status = 'READY' AND l.next_attempt_at <= ${now} ORDER BY l.next_attempt_at, l.id`,
  ];
  for (const pass of passes) {
    const wanted = count - claimed.length;
    if (wanted <= 0) break;
    const { rows } = await sql<ClaimedLead & { suppressed: boolean }>`
      SELECT l.id, l.phone, l.name, l.status, l.attempts,
        EXISTS (SELECT 1 FROM suppression_entries s WHERE s.tenant_id = l.tenant_id AND s.phone = l.phone) AS suppressed
      FROM leads l
      WHERE l.campaign_id = ${campaignId}
        AND substr(l.phone, 4, 2) IN (${dddList})
        AND NOT EXISTS (SELECT 1 FROM dial_attempts a WHERE a.lead_id = l.id AND a.ended_at IS NULL)
        AND ${pass}
      LIMIT ${wanted}
      FOR UPDATE OF l SKIP LOCKED`.execute(tx);
    const suppressed = rows.filter((row) => row.suppressed).map((row) => row.id);
    if (suppressed.length > 0) {
      await tx.updateTable('leads').set({ status: 'DO_NOT_CALL', nextAttemptAt: null }).where('id', 'in', suppressed).execute();
    }
    for (const row of rows) if (!row.suppressed) claimed.push({ id: row.id, phone: row.phone, name: row.name, status: row.status, attempts: row.attempts });
  }
  return claimed;
}

/** A new attempt; its createdAt is when its CPS token was granted. */
export type NewAttempt = Pick<AttemptRow, 'id' | 'tenantId' | 'campaignId' | 'leadId' | 'callId' | 'phone' | 'simulated' | 'owner' | 'createdAt'>;

/** The attempts, written before any originate; the partial unique index refuses a second in-flight attempt of a lead. */
export async function insertAttempts(tx: Tx, attempts: NewAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await tx.insertInto('dialAttempts').values(attempts).execute();
}

/** The customer answered (the originate succeeded). */
export const markAnswered = (tx: Tx, attemptId: string, at: Date) =>
  tx.updateTable('dialAttempts').set({ status: 'ANSWERED', answeredAt: at }).where('id', '=', attemptId).where('endedAt', 'is', null).execute();

/** An agent took the customer: true the first time. */
export async function markConnected(tx: Tx, attemptId: string, at: Date): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ connectedAt: at, outcome: 'CONNECTED' })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .where('connectedAt', 'is', null)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '<>', 'ABANDONED')]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Nobody took the customer in time: true the first time (the attempt is not connected). */
export async function markAbandoned(tx: Tx, attemptId: string): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ outcome: 'ABANDONED' })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .where('connectedAt', 'is', null)
    .where('outcome', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface AttemptEnd {
  outcome: DialAttemptOutcome;
  hangupCause: string | null;
  endedAt: Date;
}

export interface EndedAttempt {
  id: string;
  leadId: string;
  campaignId: string;
  createdAt: Date;
  answeredAt: Date | null;
  connectedAt: Date | null;
  outcome: DialAttemptOutcome;
}

/**
 * Ends the attempt once (null when it had already ended). An outcome the attempt already has
 * (CONNECTED, ABANDONED) is kept: the hangup only says when.
 */
export async function endAttempt(tx: Tx, attemptId: string, end: AttemptEnd): Promise<EndedAttempt | null> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({
      status: 'ENDED',
      endedAt: end.endedAt,
      hangupCause: end.hangupCause,
      outcome: sql<DialAttemptOutcome>`coalesce(outcome, ${end.outcome})`,
    })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .returning(['id', 'leadId', 'campaignId', 'createdAt', 'answeredAt', 'connectedAt', 'outcome'])
    .executeTakeFirst();
  return row ? { ...row, outcome: row.outcome! } : null;
}

/** The lead, locked, for its update after an attempt. */
export const lockLead = (tx: Tx, leadId: string) =>
  tx.selectFrom('leads').select(['id', 'status', 'attempts', 'nextAttemptAt']).where('id', '=', leadId).forUpdate().executeTakeFirst();

export const updateLead = (tx: Tx, leadId: string, change: { status: LeadStatus; attempts: number; nextAttemptAt: Date | null; lastOutcome: string }) =>
  tx.updateTable('leads').set(change).where('id', '=', leadId).execute();

/** Reads the campaign's statistics under a row lock, applies `change`, writes them back. */
export async function updateStatistics(tx: Tx, tenantId: string, campaignId: string, change: (stats: CampaignStatistics) => CampaignStatistics): Promise<CampaignStatistics> {
  await tx
    .insertInto('campaignDialerState')
    .values({ campaignId, tenantId, statistics: JSON.stringify(INITIAL_STATISTICS), dialLevel: 1, mode: 'PROGRESSIVE' })
    .onConflict((oc) => oc.column('campaignId').doNothing())
    .execute();
  const row = await tx.selectFrom('campaignDialerState').select('statistics').where('campaignId', '=', campaignId).forUpdate().executeTakeFirstOrThrow();
  const next = change(row.statistics as CampaignStatistics);
  await tx.updateTable('campaignDialerState').set({ statistics: JSON.stringify(next), updatedAt: new Date() }).where('campaignId', '=', campaignId).execute();
  return next;
}

export interface DialerStateChange {
  dialLevel: number;
  mode: 'PROGRESSIVE' | 'PREDICTIVE';
  lastDecision: Record<string, unknown>;
  leadsWaitingWindow: number;
}

export interface SampleChange {
  minute: Date;
  dialLevel: number;
  answerRate: number | null;
  abandonRate: number | null;
  callsInFlight: number;
  agentsAvailable: number;
  agentsBusy: number;
  attempts: number;
}

/** Rows per statement of the tick's batched writes (10 parameters a row, far under PostgreSQL's 65,535). */
const BATCH_ROWS = 1_000;

export interface TickedCampaign {
  tenantId: string;
  campaignId: string;
  state: DialerStateChange;
  sample: SampleChange;
}

/**
 * Every owned campaign's state and minute sample of one tick, in two statements on the platform
 * path (one transaction per campaign as its tenant cost a commit each: seconds for thousands of
 * campaigns). The rows are the dialer's own, keyed by campaign ids and tenant ids read from the
 * database by this tick's snapshot, never from a request; what saveDialerState and recordSample
 * write, nothing more. States first, samples after, each its own transaction (the lock order of
 * the attempts' statistics and sample updates, which never hold a sample while waiting for a state).
 */
export async function saveTicks(db: DatabaseHandles, ticks: TickedCampaign[]): Promise<void> {
  for (let start = 0; start < ticks.length; start += BATCH_ROWS) {
    const chunk = ticks.slice(start, start + BATCH_ROWS);
    const updatedAt = new Date();
    await db.withPlatform((tx) =>
      tx
        .insertInto('campaignDialerState')
        .values(
          chunk.map(({ tenantId, campaignId, state }) => ({
            campaignId,
            tenantId,
            statistics: JSON.stringify(INITIAL_STATISTICS),
            dialLevel: state.dialLevel,
            mode: state.mode,
            lastDecision: JSON.stringify(state.lastDecision),
            leadsWaitingWindow: state.leadsWaitingWindow,
            updatedAt,
          })),
        )
        .onConflict((oc) =>
          oc.column('campaignId').doUpdateSet((eb) => ({
            dialLevel: eb.ref('excluded.dialLevel'),
            mode: eb.ref('excluded.mode'),
            lastDecision: eb.ref('excluded.lastDecision'),
            leadsWaitingWindow: eb.ref('excluded.leadsWaitingWindow'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute(),
    );
    await db.withPlatform((tx) =>
      tx
        .insertInto('campaignDialerSamples')
        .values(chunk.map(({ tenantId, campaignId, sample }) => ({ campaignId, tenantId, ...sample })))
        .onConflict((oc) =>
          oc.columns(['campaignId', 'minute']).doUpdateSet((eb) => ({
            dialLevel: eb.ref('excluded.dialLevel'),
            answerRate: eb.ref('excluded.answerRate'),
            abandonRate: eb.ref('excluded.abandonRate'),
            callsInFlight: eb.ref('excluded.callsInFlight'),
            agentsAvailable: eb.ref('excluded.agentsAvailable'),
            agentsBusy: eb.ref('excluded.agentsBusy'),
            attempts: sql<number>`campaign_dialer_samples.attempts + excluded.attempts`,
          })),
        )
        .execute(),
    );
  }
}

/**
 * Adds an answer or an abandon to the minute's sample. An answer can come before the minute's first
 * tick: the row is then started with the campaign's current dial level.
 */
export async function countInSample(tx: Tx, tenantId: string, campaignId: string, minute: Date, column: 'answered' | 'abandoned'): Promise<void> {
  await sql`
    INSERT INTO campaign_dialer_samples (campaign_id, tenant_id, minute, dial_level, ${sql.ref(column)})
    VALUES (${campaignId}, ${tenantId}, ${minute},
      coalesce((SELECT dial_level FROM campaign_dialer_state WHERE campaign_id = ${campaignId}), 1), 1)
    ON CONFLICT (campaign_id, minute) DO UPDATE SET ${sql.ref(column)} = campaign_dialer_samples.${sql.ref(column)} + 1`.execute(tx);
}

/** Samples older than the charts look back. */
export const pruneSamples = (db: DatabaseHandles, before: Date) =>
  db.withPlatform((tx) => tx.deleteFrom('campaignDialerSamples').where('minute', '<', before).execute());

export interface SimulatedCallRecord {
  callId: string;
  tenantId: string;
  campaignId: string;
  leadId: string;
  attemptId: string;
  callerNumber: string | null;
  calledNumber: string;
  createdAt: Date;
  endedAt: Date;
  hangupCause: string;
}

/** The call record of a simulated attempt that never reached the switch (busy, no answer, failed). */
export async function insertSimulatedCall(tx: Tx, call: SimulatedCallRecord) {
  const seconds = Math.max(0, Math.round((call.endedAt.getTime() - call.createdAt.getTime()) / 1000));
  return (
    (await tx
      .insertInto('calls')
      .values({
        id: call.callId,
        tenantId: call.tenantId,
        direction: 'OUTBOUND',
        callerNumber: call.callerNumber,
        callerName: null,
        calledNumber: call.calledNumber,
        extensionId: null,
        trunkId: null,
        attemptId: call.attemptId,
        campaignId: call.campaignId,
        leadId: call.leadId,
        createdAt: call.createdAt,
        endedAt: call.endedAt,
        hangupCause: call.hangupCause,
        ringTime: seconds,
        waitTime: 0,
        talkTime: 0,
        durationSeconds: seconds,
        billableSeconds: 0,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** The call record's end, for an orphan whose switch channel is gone. */
export const callEndOf = (db: DatabaseHandles, callId: string) =>
  db.readAsPlatform((q) => q.selectFrom('calls').select(['endedAt', 'hangupCause', 'answerAt', 'bridgedAt']).where('id', '=', callId).executeTakeFirst());

/** Adopts another process's attempt (its owner died): true for the one dialer that took it. */
export async function adoptAttempt(tx: Tx, attemptId: string, fromOwner: string, toOwner: string): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ owner: toOwner })
    .where('id', '=', attemptId)
    .where('owner', '=', fromOwner)
    .where('endedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Connected dialer calls of the tenant today and those that lasted ≤ `shortSeconds` (the short-call guard). */
export async function shortCallsToday(db: DatabaseHandles, tenantIds: string[], shortSeconds: number): Promise<Map<string, { calls: number; short: number }>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db.readAsPlatform((q) =>
    q
      .selectFrom('tenants as t')
      .select('t.id')
      .select(
        sql<number>`(SELECT count(*) FROM calls c WHERE c.tenant_id = t.id AND c.campaign_id IS NOT NULL AND c.answer_at IS NOT NULL AND c.ended_at IS NOT NULL
          AND c.created_at >= (date_trunc('day', now() AT TIME ZONE t.timezone) AT TIME ZONE t.timezone))`.as('calls'),
      )
      .select(
        sql<number>`(SELECT count(*) FROM calls c WHERE c.tenant_id = t.id AND c.campaign_id IS NOT NULL AND c.answer_at IS NOT NULL AND c.ended_at IS NOT NULL
          AND c.ended_at - c.answer_at <= make_interval(secs => ${shortSeconds})
          AND c.created_at >= (date_trunc('day', now() AT TIME ZONE t.timezone) AT TIME ZONE t.timezone))`.as('short'),
      )
      .where('t.id', 'in', tenantIds)
      .execute(),
  );
  return new Map(rows.map((row) => [row.id, { calls: Number(row.calls), short: Number(row.short) }]));
}

/** What an adopted attempt needs of its campaign (also a campaign no longer dialable). */
export async function campaignRules(db: DatabaseHandles, campaignId: string) {
  const row = await db.readAsPlatform((q) =>
    q
      .selectFrom('campaigns')
      .select(['callerId', 'abandonAfterSeconds', 'maxAttempts', sql<string>`retry_minutes::text`.as('retryMinutesText')])
      .where('id', '=', campaignId)
      .executeTakeFirst(),
  );
  if (!row) return undefined;
  const { retryMinutesText, ...rest } = row;
  return { ...rest, retryMinutes: retryMinutesOf(retryMinutesText) };
}

export async function shortCallThresholds(db: DatabaseHandles, tenantIds: string[]): Promise<Map<string, number>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db.readAsPlatform((q) => q.selectFrom('tenants').select(['id', 'shortCallThreshold']).where('id', 'in', tenantIds).execute());
  return new Map(rows.map((row) => [row.id, row.shortCallThreshold]));
}

/**
 * Leads due now whose area code may not be called now (they wait for their window), for many
 * campaigns that share their callable area codes, in one read on the platform path (the tick's
 * reads cover every owned campaign this way); campaigns with none waiting are absent.
 */
export async function countsWaitingForWindow(db: DatabaseHandles, campaignIds: string[], callableDdds: number[], now: Date): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const callable = callableDdds.length > 0 ? sql`AND substr(phone, 4, 2) NOT IN (${sql.join(callableDdds.map((ddd) => sql.lit(String(ddd).padStart(2, '0'))))})` : sql``;
  const { rows } = await db.readAsPlatform((q) =>
    sql<{ campaignId: string; count: number }>`
      SELECT campaign_id, count(*) AS count FROM leads
      WHERE campaign_id IN (${sql.join(campaignIds)})
        AND ((status = 'READY' AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})) OR (status = 'CALLBACK' AND next_attempt_at <= ${now}))
        ${callable}
      GROUP BY campaign_id`.execute(q),
  );
  return new Map(rows.map((row) => [row.campaignId, Number(row.count)]));
}
