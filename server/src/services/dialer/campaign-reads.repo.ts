// The dialer tick's reads: dialable campaigns and their snapshots, queue agents, attempts in flight,
// calls in progress; every campaign the process owns in a few statements on the platform path.
import { sql, type Selectable } from 'kysely';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { AgentState, CampaignSchedule, CampaignStatus, DialAttemptsTable, DialRetryOutcome } from '../../platform/db/schema.ts';
import { nextNumber } from './lead-number.ts';
import { retryMinutesOf } from '../../modules/campaigns/dialer-settings.ts';
import { type CampaignStatistics } from '../../modules/dialer/campaign-statistics.ts';

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
