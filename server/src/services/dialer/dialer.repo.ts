// The dialer's SQL. The tick's reads cover every campaign the process owns in a few statements on
// the platform path (the dialer works for every tenant); whatever writes a tenant's rows runs as
// that tenant, under its row-level security.
import { sql, type Selectable } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { AgentState, CampaignSchedule, CampaignStatus, DialAttemptOutcome, DialAttemptsTable, DialRetryOutcome, LeadStatus } from '../../platform/db/schema.ts';
import { nextNumber } from './lead-number.ts';
import { retryMinutesOf } from '../../modules/campaigns/dialer-settings.ts';
import { INITIAL_STATISTICS, type CampaignStatistics } from '../../modules/dialer/campaign-statistics.ts';

export interface DialableCampaign {
  id: string;
  tenantId: string;
  queueId: string;
  status: CampaignStatus;
  /** Changes whenever anything in the campaign's snapshot may have (see SNAPSHOT_VERSION). */
  version: string;
}

/**
 * What a campaign's snapshot is made of: the campaign, its tenant, plan and trunk, its dialer state.
 * Every UPDATE writes a new row version whose xmin is the writing transaction's id, so the xmins
 * change whenever any of those rows does; with whether today's counts are today's (a day turns at
 * midnight in the campaign's zone without a write), they version the snapshot. A spurious change
 * (a vacuum freezing a row) only costs one read again.
 */
const SNAPSHOT_FROM = sql`
      FROM campaigns c
      JOIN tenants t ON t.id = c.tenant_id
      JOIN plans p ON p.id = t.plan_id
      JOIN trunks tr ON tr.id = c.trunk_id
      LEFT JOIN campaign_dialer_state s ON s.campaign_id = c.id`;
const SNAPSHOT_VERSION = sql`concat_ws(':', c.xmin, t.xmin, p.xmin, tr.xmin, s.xmin, s.counts_day = (now() AT TIME ZONE c.timezone)::date)`;
const DIALABLE = sql`c.deleted_at IS NULL AND c.status IN ('RUNNING', 'WAITING_SCHEDULE') AND t.status = 'ACTIVE'`;

/**
 * Campaigns in RUNNING or WAITING_SCHEDULE of active tenants: what the dialers share, with each
 * one's snapshot version (the tick reads again only the snapshots whose version moved).
 */
export async function listDialableCampaigns(db: DatabaseHandles): Promise<DialableCampaign[]> {
  const { rows } = await db.readAsPlatform((q) =>
    sql<DialableCampaign>`
      SELECT c.id, c.tenant_id AS "tenantId", c.queue_id AS "queueId", c.status, ${SNAPSHOT_VERSION} AS version
      ${SNAPSHOT_FROM}
      WHERE ${DIALABLE}
      ORDER BY c.id`.execute(q.withoutPlugins()),
  );
  return rows;
}

export interface CampaignSnapshot {
  id: string;
  tenantId: string;
  status: CampaignStatus;
  queueId: string;
  trunkId: string;
  pacingMin: number;
  pacingMax: number;
  callerId: string | null;
  /** The campaign records its calls, whatever its queue's own setting. */
  recordingEnabled: boolean;
  maxAttempts: number;
  schedule: CampaignSchedule;
  /** Equal for campaigns with the same calling-hour rules (time zone, policies, schedule): the tick computes their area codes once. */
  rulesKey: string;
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
  /** The version this snapshot was read at (DialableCampaign.version). */
  version: string;
}

/**
 * Everything a tick needs about these campaigns, in one statement (still dialable, tenant active).
 * Hand-written SQL with the ids as one array parameter: thousands of campaigns a tick, and a Kysely
 * IN list of as many parameters (built, compiled, then CamelCased row by row) cost more than the
 * read; the columns are aliased here, so no CamelCase mapping either. Today's answered and
 * abandoned counts are kept by the attempts' steps (countToday): a count of another day is 0.
 */
export async function campaignSnapshots(db: DatabaseHandles, ids: string[]): Promise<CampaignSnapshot[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.readAsPlatform((q) =>
    sql<Omit<CampaignSnapshot, 'retryMinutes' | 'schedule' | 'rulesKey'> & { retryMinutesText: string; scheduleText: string }>`
      SELECT c.id, c.tenant_id AS "tenantId", c.status, c.queue_id AS "queueId", c.trunk_id AS "trunkId",
        c.pacing_min AS "pacingMin", c.pacing_max AS "pacingMax", c.caller_id AS "callerId", c.recording_enabled AS "recordingEnabled", c.max_attempts AS "maxAttempts",
        c.schedule::text AS "scheduleText", c.timezone, c.cps_limit AS "cpsLimit", c.abandon_target AS "abandonTarget",
        c.abandon_after_seconds AS "abandonAfterSeconds", c.retry_minutes::text AS "retryMinutesText",
        c.calling_policies AS "callingPolicies", tr.cps_limit AS "trunkCpsLimit", p.max_cps AS "planMaxCps",
        p.max_concurrent_calls AS "planMaxConcurrentCalls", t.short_call_threshold AS "shortCallThreshold",
        s.statistics, s.dial_level AS "dialLevel",
        CASE WHEN s.counts_day = (now() AT TIME ZONE c.timezone)::date THEN s.answered_today ELSE 0 END AS "answeredToday",
        CASE WHEN s.counts_day = (now() AT TIME ZONE c.timezone)::date THEN s.abandoned_today ELSE 0 END AS "abandonedToday",
        ${SNAPSHOT_VERSION} AS version
      ${SNAPSHOT_FROM}
      WHERE c.id = ANY (${ids}::uuid[]) AND ${DIALABLE}`.execute(q.withoutPlugins()),
  );
  if (schedules.size > MAX_SCHEDULES) schedules.clear();
  return rows.map(({ retryMinutesText, scheduleText, ...row }) => ({
    ...row,
    schedule: scheduleOf(scheduleText),
    // JSON, so no zone, policy or schedule text can make two different rules look alike.
    rulesKey: JSON.stringify([row.timezone, row.callingPolicies, scheduleText]),
    retryMinutes: retryMinutesOf(retryMinutesText),
    statistics: row.statistics ?? null,
  }));
}

/** Schedules parsed once per text: thousands of campaigns a tick share a handful of them. */
const schedules = new Map<string, CampaignSchedule>();
const MAX_SCHEDULES = 10_000;
function scheduleOf(text: string): CampaignSchedule {
  let schedule = schedules.get(text);
  if (!schedule) schedules.set(text, (schedule = JSON.parse(text) as CampaignSchedule));
  return schedule;
}

export interface QueueAgent {
  queueId: string;
  agentId: string;
  state: AgentState;
  /** Epoch milliseconds: a number parses several times faster than a timestamp, over thousands of rows a tick. */
  stateChangedAtMs: number;
  wrapUpSeconds: number;
}

/** The logged-in agents of these queues (their tiers), with how long they have been in their state. */
export async function queueAgents(db: DatabaseHandles, queueIds: string[]): Promise<QueueAgent[]> {
  if (queueIds.length === 0) return [];
  // Thousands of rows a tick: one array parameter, and no plugin over the rows (aliases name them).
  const { rows } = await db.readAsPlatform((q) =>
    sql<QueueAgent>`
      SELECT qt.queue_id AS "queueId", a.id AS "agentId", a.state, extract(epoch FROM a.state_changed_at)::float8 * 1000 AS "stateChangedAtMs", a.wrap_up_seconds AS "wrapUpSeconds"
      FROM queue_tiers qt
      JOIN agents a ON a.id = qt.agent_id
      WHERE qt.queue_id = ANY (${queueIds}::uuid[]) AND a.deleted_at IS NULL AND a.state <> 'LOGGED_OUT'`.execute(q.withoutPlugins()),
  );
  return rows;
}

/** An attempt row as the table types it (the schema is the one list of its columns). */
type AttemptRow = Selectable<DialAttemptsTable>;

/** What the reconciliation reads of an attempt not ended. */
export type InFlightAttempt = Pick<AttemptRow, (typeof IN_FLIGHT_COLUMNS)[number]>;

const IN_FLIGHT_COLUMNS = ['id', 'tenantId', 'campaignId', 'leadId', 'callId', 'phone', 'owner', 'simulated', 'createdAt', 'answeredAt', 'connectedAt'] as const;

/** What pacing needs of a campaign's attempts not ended: how many, how many answered and waiting for an agent, and since when the others ring. */
export interface AttemptsInFlight {
  count: number;
  answeredWaiting: number;
  /** Epoch seconds at which each attempt not yet answered was placed. */
  ringingSince: number[];
}

/**
 * The attempts in flight of these campaigns, summed up per campaign by the database: the tick
 * needs counts and ring ages, not thousands of attempt rows a tick (the ids as one array parameter).
 */
export async function attemptsInFlight(db: DatabaseHandles, campaignIds: string[]): Promise<Map<string, AttemptsInFlight>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await db.readAsPlatform((q) =>
    sql<AttemptsInFlight & { campaignId: string }>`
      SELECT campaign_id AS "campaignId", count(*)::int AS count,
        (count(*) FILTER (WHERE answered_at IS NOT NULL AND connected_at IS NULL))::int AS "answeredWaiting",
        coalesce(array_agg(extract(epoch FROM created_at)::float8) FILTER (WHERE answered_at IS NULL), '{}') AS "ringingSince"
      FROM dial_attempts
      WHERE ended_at IS NULL AND campaign_id = ANY (${campaignIds}::uuid[])
      GROUP BY campaign_id`.execute(q.withoutPlugins()),
  );
  return new Map(rows.map(({ campaignId, ...summary }) => [campaignId, summary]));
}

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
  const { rows } = await db.readAsPlatform((q) =>
    sql<{ id: string; calls: number; attempts: number }>`
      SELECT t.id,
        (SELECT count(*) FROM calls c WHERE c.tenant_id = t.id AND c.ended_at IS NULL) AS calls,
        coalesce(a.attempts, 0) AS attempts
      FROM tenants t
      LEFT JOIN (
        SELECT a.tenant_id, count(*) AS attempts FROM dial_attempts a
        WHERE a.ended_at IS NULL AND a.tenant_id = ANY (${tenantIds}::uuid[]) AND NOT EXISTS (SELECT 1 FROM calls c WHERE c.id = a.call_id)
        GROUP BY a.tenant_id
      ) a ON a.tenant_id = t.id
      WHERE t.id = ANY (${tenantIds}::uuid[])`.execute(q.withoutPlugins()),
  );
  return new Map(rows.map((row) => [row.id, Number(row.calls) + Number(row.attempts)]));
}

/** One campaign's share of a round's claim: up to `count` leads, dialed with tokens granted at `grantedAt`. */
export interface ClaimRequest {
  campaignId: string;
  /** The campaign's tenant as the tick's snapshot read it: a lead of another tenant is never claimed. */
  tenantId: string;
  count: number;
  /** The area codes callable now under the campaign's rules (none: nothing claimed). */
  callableDdds: number[];
  grantedAt: Date;
}

/** A lead claimed and its attempt written. */
export interface ClaimedAttempt {
  campaignId: string;
  tenantId: string;
  leadId: string;
  attemptId: string;
  callId: string;
  phone: string;
  name: string | null;
  createdAt: Date;
}

interface ClaimRow {
  campaign_id: string;
  tenant_id: string;
  lead_id: string;
  phone: string;
  name: string | null;
  suppressed: boolean;
  attempt_id: string | null;
  call_id: string | null;
  created_at: Date;
}

/**
 * Claims leads for many campaigns (of many tenants) and writes their attempts, in one statement and
 * one transaction on the platform path (decision 0051): per campaign, up to `count` leads in
 * lead-order.ts's order (due callbacks, fresh leads oldest first, due retries: later passes run only
 * when the earlier gave fewer), whose area code may be called now, with no attempt in flight, locked
 * (SKIP LOCKED). The requests are keyed by campaign and tenant ids the tick read itself, never by a
 * request's input; a lead is taken only with its own campaign's and tenant's ids, and its attempt
 * carries the lead's own tenant. The partial unique index (one attempt in flight per lead) still
 * holds: a lead another process put in flight meanwhile is skipped, not a failed round. Numbers on
 * the tenant's suppression list are moved to DO_NOT_CALL on the way and not dialed; the campaigns
 * that lost leads that way are asked again for the difference.
 */
export async function claimAttempts(db: DatabaseHandles, requests: ClaimRequest[], now: Date, owner: string, simulated: boolean): Promise<ClaimedAttempt[]> {
  let pending = requests.filter((request) => request.count > 0 && request.callableDdds.length > 0);
  if (pending.length === 0) return [];
  return db.withPlatform(async (tx) => {
    // Each pass's LIMIT is a column here, so the planner guesses it and prefers sorting every lead of
    // the campaign to the pass's ordered index (leads_fresh_order_idx, leads_campaign_status_idx),
    // which stops at the count. Sorts off, then, and JIT with them: the sorts' penalty puts the plan's
    // cost over jit_above_cost, and compiling it took seconds. 200 campaigns: ~30 ms against 250-500.
    // For this transaction only.
    await sql`SELECT set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`.execute(tx);
    const claimed: ClaimedAttempt[] = [];
    while (pending.length > 0) {
      const rows = await claimRound(tx, pending, now, owner, simulated);
      const suppressed = new Map<string, number>();
      for (const row of rows) {
        if (row.suppressed) suppressed.set(row.campaign_id, (suppressed.get(row.campaign_id) ?? 0) + 1);
        else if (row.attempt_id && row.call_id) {
          claimed.push({ campaignId: row.campaign_id, tenantId: row.tenant_id, leadId: row.lead_id, attemptId: row.attempt_id, callId: row.call_id, phone: row.phone, name: row.name, createdAt: row.created_at });
        }
      }
      // Suppressed numbers (now DO_NOT_CALL) took a place in their campaign's LIMIT: ask for that many again.
      pending = pending.flatMap((request) => {
        const lost = suppressed.get(request.campaignId) ?? 0;
        return lost > 0 ? [{ ...request, count: lost }] : [];
      });
    }
    return claimed;
  });
}

/** A lead of the request's campaign and tenant, in an area code callable now, with no attempt in flight (each pass adds its status). */
const callableLead = sql`l.campaign_id = r.campaign_id AND l.tenant_id = r.tenant_id
            AND substr(${nextNumber}, 4, 2) = ANY (string_to_array(r.ddds, ','))
            AND NOT EXISTS (SELECT 1 FROM dial_attempts a WHERE a.lead_id = l.id AND a.ended_at IS NULL)`;

async function claimRound(tx: Tx, requests: ClaimRequest[], now: Date, owner: string, simulated: boolean): Promise<ClaimRow[]> {
  const { rows } = await sql<ClaimRow>`
    WITH req AS (
      SELECT * FROM unnest(${requests.map((r) => r.campaignId)}::uuid[], ${requests.map((r) => r.tenantId)}::uuid[], ${requests.map((r) => r.count)}::int[],
        ${requests.map((r) => r.callableDdds.map((ddd) => String(ddd).padStart(2, '0')).join(','))}::text[], ${requests.map((r) => r.grantedAt)}::timestamptz[])
        AS r(campaign_id, tenant_id, n, ddds, granted_at)
    ),
    picked AS (
      SELECT r.campaign_id, r.granted_at, x.id, x.tenant_id, x.phone, x.name, x.pass,
        row_number() OVER () AS position,
        EXISTS (SELECT 1 FROM suppression_entries s WHERE s.tenant_id = x.tenant_id AND s.phone = x.phone) AS suppressed
      FROM req r CROSS JOIN LATERAL (
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 1 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'CALLBACK' AND l.next_attempt_at <= ${now}
          ORDER BY l.next_attempt_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) callbacks
        UNION ALL
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 2 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'READY' AND l.next_attempt_at IS NULL
          ORDER BY l.created_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) fresh
        UNION ALL
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 3 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'READY' AND l.next_attempt_at <= ${now}
          ORDER BY l.next_attempt_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) retries
        LIMIT r.n
      ) x
    ),
    moved AS (
      UPDATE leads SET status = 'DO_NOT_CALL', next_attempt_at = NULL WHERE id IN (SELECT id FROM picked WHERE suppressed) RETURNING id
    ),
    inserted AS (
      INSERT INTO dial_attempts (id, tenant_id, campaign_id, lead_id, call_id, phone, simulated, owner, created_at, callback)
      SELECT gen_random_uuid(), p.tenant_id, p.campaign_id, p.id, gen_random_uuid(), p.phone, ${simulated}, ${owner}, p.granted_at, p.pass = 1
      FROM picked p WHERE NOT p.suppressed ORDER BY p.position
      ON CONFLICT (lead_id) WHERE ended_at IS NULL DO NOTHING
      RETURNING id, call_id, lead_id, created_at
    )
    SELECT p.campaign_id, p.tenant_id, p.id AS lead_id, p.phone, p.name, p.suppressed, i.id AS attempt_id, i.call_id, coalesce(i.created_at, p.granted_at) AS created_at
    FROM picked p LEFT JOIN inserted i ON i.lead_id = p.id
    ORDER BY p.position`.execute(tx.withoutPlugins());
  return rows;
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

/**
 * Counts an answer or an abandon in the campaign's today (its time zone), under the state row's lock:
 * what the tick's snapshot reads instead of counting today's attempts (decision 0051). The first
 * count of a new day starts it at 1; a day without any reads as 0.
 */
export async function countToday(tx: Tx, tenantId: string, campaignId: string, column: 'answered' | 'abandoned'): Promise<void> {
  const count = sql.ref(`${column}_today`);
  await sql`
    INSERT INTO campaign_dialer_state AS s (campaign_id, tenant_id, statistics, dial_level, mode, counts_day, ${count})
    SELECT c.id, c.tenant_id, ${JSON.stringify(INITIAL_STATISTICS)}::jsonb, 1, 'PROGRESSIVE', (now() AT TIME ZONE c.timezone)::date, 1
    FROM campaigns c WHERE c.id = ${campaignId} AND c.tenant_id = ${tenantId}
    ON CONFLICT (campaign_id) DO UPDATE SET
      answered_today = CASE WHEN s.counts_day = excluded.counts_day THEN s.answered_today ELSE 0 END + ${column === 'answered' ? 1 : 0},
      abandoned_today = CASE WHEN s.counts_day = excluded.counts_day THEN s.abandoned_today ELSE 0 END + ${column === 'abandoned' ? 1 : 0},
      counts_day = excluded.counts_day`.execute(tx);
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

export interface TickedCampaign {
  tenantId: string;
  campaignId: string;
  /** Null: unchanged since the last write (the tick writes what changed only, decision 0051). */
  state: DialerStateChange | null;
  sample: SampleChange | null;
}

/**
 * Every owned campaign's state and minute sample of one tick, in two statements on the platform
 * path (one transaction per campaign as its tenant cost a commit each: seconds for thousands of
 * campaigns). The rows are the dialer's own, keyed by campaign ids and tenant ids read from the
 * database by this tick's snapshot, never from a request; what saveDialerState and recordSample
 * write, nothing more. States and samples each in its own transaction, side by side: neither holds
 * a row of the other's table, so neither can wait on the attempts' steps (which update a state, then
 * a sample) while holding what those wait for.
 * Each column goes in as one array parameter (`unnest`): a multi-row VALUES list of 3,000 samples
 * (once a minute, every campaign's) was 24,000 parameters to build, send and parse, ~350 ms a tick.
 */
export async function saveTicks(db: DatabaseHandles, ticks: TickedCampaign[]): Promise<void> {
  const states = ticks.flatMap(({ tenantId, campaignId, state }) => (state ? [{ tenantId, campaignId, state }] : []));
  const samples = ticks.flatMap(({ tenantId, campaignId, sample }) => (sample ? [{ tenantId, campaignId, sample }] : []));
  const column = <T, V>(rows: T[], value: (row: T) => V): V[] => rows.map(value);
  const saveStates = async () => {
    if (states.length === 0) return;
    await db.withPlatform((tx) =>
      sql`
        INSERT INTO campaign_dialer_state (campaign_id, tenant_id, statistics, dial_level, mode, last_decision, leads_waiting_window, updated_at)
        SELECT campaign_id, tenant_id, ${JSON.stringify(INITIAL_STATISTICS)}::jsonb, dial_level, mode, last_decision::jsonb, leads_waiting_window, now()
        FROM unnest(${column(states, (row) => row.campaignId)}::uuid[], ${column(states, (row) => row.tenantId)}::uuid[],
          ${column(states, (row) => row.state.dialLevel)}::float8[], ${column(states, (row) => row.state.mode)}::text[],
          ${column(states, (row) => JSON.stringify(row.state.lastDecision))}::text[], ${column(states, (row) => row.state.leadsWaitingWindow)}::int[])
          AS changed (campaign_id, tenant_id, dial_level, mode, last_decision, leads_waiting_window)
        ON CONFLICT (campaign_id) DO UPDATE SET dial_level = excluded.dial_level, mode = excluded.mode,
          last_decision = excluded.last_decision, leads_waiting_window = excluded.leads_waiting_window, updated_at = excluded.updated_at`.execute(tx),
    );
  };
  const saveSamples = async () => {
    if (samples.length === 0) return;
    await db.withPlatform((tx) =>
      sql`
        INSERT INTO campaign_dialer_samples (campaign_id, tenant_id, minute, dial_level, answer_rate, abandon_rate, calls_in_flight, agents_available, agents_busy, attempts)
        SELECT * FROM unnest(${column(samples, (row) => row.campaignId)}::uuid[], ${column(samples, (row) => row.tenantId)}::uuid[],
          ${column(samples, (row) => row.sample.minute.toISOString())}::timestamptz[], ${column(samples, (row) => row.sample.dialLevel)}::float8[],
          ${column(samples, (row) => row.sample.answerRate)}::float8[], ${column(samples, (row) => row.sample.abandonRate)}::float8[],
          ${column(samples, (row) => row.sample.callsInFlight)}::int[], ${column(samples, (row) => row.sample.agentsAvailable)}::int[],
          ${column(samples, (row) => row.sample.agentsBusy)}::int[], ${column(samples, (row) => row.sample.attempts)}::int[])
        ON CONFLICT (campaign_id, minute) DO UPDATE SET dial_level = excluded.dial_level, answer_rate = excluded.answer_rate,
          abandon_rate = excluded.abandon_rate, calls_in_flight = excluded.calls_in_flight, agents_available = excluded.agents_available,
          agents_busy = excluded.agents_busy, attempts = campaign_dialer_samples.attempts + excluded.attempts`.execute(tx),
    );
  };
  await Promise.all([saveStates(), saveSamples()]);
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
  const callable = callableDdds.length > 0 ? sql`AND substr(${nextNumber}, 4, 2) NOT IN (${sql.join(callableDdds.map((ddd) => sql.lit(String(ddd).padStart(2, '0'))))})` : sql``;
  const { rows } = await db.readAsPlatform((q) =>
    sql<{ campaignId: string; count: number }>`
      SELECT campaign_id, count(*) AS count FROM leads l
      WHERE campaign_id = ANY (${campaignIds}::uuid[])
        AND ((status = 'READY' AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})) OR (status = 'CALLBACK' AND next_attempt_at <= ${now}))
        ${callable}
      GROUP BY campaign_id`.execute(q),
  );
  return new Map(rows.map((row) => [row.campaignId, Number(row.count)]));
}
