// The agent report's reads: state time (the rollup, plus the open state up to now), pauses, the
// calls an agent answered from queues (the queue rollup by agent), and logins per local day.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import { intervalStart } from './report-sql.ts';
import type { ReportFilters } from './report-filters.ts';
import type { ResolvedPeriod } from './report-period.ts';

export interface AgentStateRow {
  agentId: string;
  start: Date;
  state: string;
  ms: number;
  entered: number;
  missed: number;
}

/** Closed time from the rollup; a state still open counts up to now (or the period's end). */
export async function agentStateTime(tx: Tx, period: ResolvedPeriod, agentId: string | undefined, now: Date): Promise<AgentStateRow[]> {
  const until = new Date(Math.min(now.getTime(), period.to.getTime()));
  const agentFilter = agentId ? sql`AND agent_id = ${agentId}::uuid` : sql``;
  const { rows } = await sql<AgentStateRow>`
    SELECT agent_id AS "agentId", start, state, sum(ms)::bigint AS ms, sum(entered)::bigint AS entered, sum(missed)::bigint AS missed
    FROM (
      SELECT agent_id, ${intervalStart(sql.ref('bucket'), period)} AS start, state, ms, entered, missed
      FROM report_agent_intervals WHERE bucket >= ${period.from} AND bucket < ${period.to} ${agentFilter}
      UNION ALL
      SELECT s.agent_id, ${intervalStart(sql.ref('b'), period)}, s.to_state,
        app_ms(least(${until}::timestamptz, b + interval '15 minutes') - greatest(s.started_at, b)), 0, 0
      FROM agent_state_events s
      CROSS JOIN LATERAL generate_series(app_bucket(greatest(s.started_at, ${period.from}::timestamptz)), ${until}::timestamptz, interval '15 minutes') b
      WHERE s.ended_at IS NULL AND s.started_at < ${until}::timestamptz AND b < ${until}::timestamptz ${agentId ? sql`AND s.agent_id = ${agentId}::uuid` : sql``}
    ) t
    GROUP BY 1, 2, 3`.execute(tx);
  return rows;
}

export interface AgentPauseRow {
  agentId: string;
  pauseReasonId: string;
  ms: number;
}

export async function agentPauseTime(tx: Tx, period: ResolvedPeriod, agentId: string | undefined, now: Date): Promise<AgentPauseRow[]> {
  const until = new Date(Math.min(now.getTime(), period.to.getTime()));
  const { rows } = await sql<AgentPauseRow>`
    SELECT agent_id AS "agentId", pause_reason_id AS "pauseReasonId", sum(ms)::bigint AS ms FROM (
      SELECT agent_id, pause_reason_id, ms FROM report_agent_pause_intervals
      WHERE bucket >= ${period.from} AND bucket < ${period.to} ${agentId ? sql`AND agent_id = ${agentId}::uuid` : sql``}
      UNION ALL
      SELECT agent_id, pause_reason_id, app_ms(${until}::timestamptz - greatest(started_at, ${period.from}::timestamptz))
      FROM agent_pause_events WHERE ended_at IS NULL AND started_at < ${until}::timestamptz
        ${agentId ? sql`AND agent_id = ${agentId}::uuid` : sql``}
    ) t GROUP BY 1, 2`.execute(tx);
  return rows;
}

export interface AgentCallRow {
  agentId: string;
  start: Date;
  answered: number;
  talkMs: number;
  wrapUpMs: number;
}

/**
 * Queue calls an agent answered (dialer calls reach agents through the campaign's queue too): per
 * agent alone unless the report is filtered by queue or campaign, which needs the fine rows (decision 0091).
 */
export async function agentCalls(tx: Tx, period: ResolvedPeriod, filters: ReportFilters): Promise<AgentCallRow[]> {
  // The fine table has every column read here (and the queue and campaign): typed as the coarse one.
  const fine = Boolean(filters.queueId || filters.campaignId);
  const table = (fine ? 'reportQueueIntervals' : 'reportAgentCallIntervals') as 'reportAgentCallIntervals';
  let query = tx
    .selectFrom(table)
    .select([
      sql<string>`agent_id`.as('agentId'),
      intervalStart(sql.ref('bucket'), period).as('start'),
      sql<number>`sum(answered)::bigint`.as('answered'),
      sql<number>`sum(talk_ms)::bigint`.as('talkMs'),
      sql<number>`sum(wrap_up_ms)::bigint`.as('wrapUpMs'),
    ])
    .where('bucket', '>=', period.from)
    .where('bucket', '<', period.to)
    .where(sql.ref('agent_id'), 'is not', null);
  if (filters.agentId) query = query.where('agentId', '=', filters.agentId);
  if (filters.queueId) query = query.where(sql.ref('queue_id'), '=', filters.queueId);
  if (filters.campaignId) query = query.where(sql.ref('campaign_id'), '=', filters.campaignId);
  return query.groupBy(sql`1, 2`).execute();
}

export interface AgentDayRow {
  agentId: string;
  day: string;
  firstLoginAt: Date;
  lastLogoutAt: Date | null;
}

/** Per agent and local day of the period: the first login and the last logout (null while a session is open). */
export async function agentDays(tx: Tx, period: ResolvedPeriod, agentId: string | undefined): Promise<AgentDayRow[]> {
  const { rows } = await sql<AgentDayRow>`
    SELECT agent_id AS "agentId", to_char(started_at AT TIME ZONE ${period.timezone}, 'YYYY-MM-DD') AS day,
      min(started_at) AS "firstLoginAt", CASE WHEN bool_or(ended_at IS NULL) THEN NULL ELSE max(ended_at) END AS "lastLogoutAt"
    FROM agent_sessions
    WHERE started_at >= ${period.from} AND started_at < ${period.to} ${agentId ? sql`AND agent_id = ${agentId}::uuid` : sql``}
    GROUP BY 1, 2 ORDER BY 2, 1`.execute(tx);
  return rows;
}

export interface AgentNameRow {
  agentId: string;
  name: string;
  deleted: boolean;
}

export async function agentNames(tx: Tx): Promise<AgentNameRow[]> {
  return tx
    .selectFrom('agents as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select(['a.id as agentId', sql<string>`coalesce(a.name, u.name, u.email)`.as('name'), sql<boolean>`a.deleted_at IS NOT NULL`.as('deleted')])
    .orderBy(sql`2`)
    .execute();
}

export async function pauseReasonNames(tx: Tx) {
  return tx.selectFrom('pauseReasons').select(['id', 'code', 'name']).execute();
}

/** The agent of a user (an agent reading its own report). */
export async function agentOfUser(tx: Tx, userId: string): Promise<string | null> {
  const row = await tx.selectFrom('agents').select('id').where('userId', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();
  return row?.id ?? null;
}
