// The dashboard's and the usage page's reads: what is happening now (open calls, waiting callers,
// agents by state: small sets, each behind a partial index) and the month's meters from the rollups.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { QueueSums } from './queue-report.repo.ts';

export async function liveCalls(tx: Tx) {
  const { rows } = await sql<{ direction: string; calls: number; talking: number }>`
    SELECT direction, count(*)::int AS calls, count(bridged_at)::int AS talking
    FROM calls WHERE ended_at IS NULL GROUP BY 1`.execute(tx);
  return rows;
}

export async function agentsByState(tx: Tx) {
  const { rows } = await sql<{ state: string; agents: number }>`
    SELECT state, count(*)::int AS agents FROM agents WHERE deleted_at IS NULL GROUP BY 1`.execute(tx);
  return rows;
}

/** Closed entries since an instant from the rollup, plus the entries still open (waiting or talking). */
function queueSumsSql(since: Date, now: Date, byQueue: boolean) {
  return sql`
    SELECT ${byQueue ? sql`queue_id AS "queueId",` : sql``}
      coalesce(sum(offered), 0)::bigint AS offered, coalesce(sum(answered), 0)::bigint AS answered,
      coalesce(sum(answered_in_sl), 0)::bigint AS "answeredInSl", coalesce(sum(abandoned), 0)::bigint AS abandoned,
      coalesce(sum(abandoned_short), 0)::bigint AS "abandonedShort", coalesce(sum(flowed_out), 0)::bigint AS "flowedOut",
      coalesce(sum(transferred_out), 0)::bigint AS "transferredOut", coalesce(sum(wait_answered_ms), 0)::bigint AS "waitAnsweredMs",
      coalesce(sum(wait_abandoned_ms), 0)::bigint AS "waitAbandonedMs", coalesce(max(wait_max_ms), 0)::bigint AS "waitMaxMs",
      coalesce(sum(talk_ms), 0)::bigint AS "talkMs", coalesce(sum(wrap_ups), 0)::bigint AS "wrapUps",
      coalesce(sum(wrap_up_ms), 0)::bigint AS "wrapUpMs"
    FROM (
      SELECT queue_id, offered, answered, answered_in_sl, abandoned, abandoned_short, flowed_out, transferred_out, wait_answered_ms,
        wait_abandoned_ms, wait_max_ms, talk_ms, wrap_ups, wrap_up_ms
      FROM report_queue_campaign_intervals WHERE bucket >= ${since}
      UNION ALL
      SELECT queue_id, 1, (answered_at IS NOT NULL)::int,
        (answered_at IS NOT NULL AND app_ms(answered_at - joined_at) <= service_level_seconds * 1000)::int, 0, 0, 0, 0,
        coalesce(app_ms(answered_at - joined_at), 0), 0, app_ms(coalesce(answered_at, ${now}::timestamptz) - joined_at),
        coalesce(app_ms(${now}::timestamptz - answered_at), 0), 0, 0
      FROM queue_entries WHERE outcome IS NULL AND joined_at >= ${since}
    ) t
    ${byQueue ? sql`GROUP BY queue_id` : sql``}`;
}

/** Today's queue sums, all queues together (the dashboard). */
export async function queueSumsSince(tx: Tx, since: Date, now: Date): Promise<QueueSums> {
  const { rows } = await queueSumsSql(since, now, false).execute(tx);
  return rows[0] as QueueSums;
}

/** Today's queue sums per queue (the wallboard); a queue without traffic has no row. */
export async function queueSumsByQueueSince(tx: Tx, since: Date, now: Date): Promise<Array<QueueSums & { queueId: string }>> {
  const { rows } = await queueSumsSql(since, now, true).execute(tx);
  return rows as Array<QueueSums & { queueId: string }>;
}

/** Callers waiting in each queue now (joined, no agent yet) and since when the longest waits. */
export async function waitingByQueue(tx: Tx) {
  const { rows } = await sql<{ queueId: string; waiting: number; longestWaitSince: Date }>`
    SELECT queue_id AS "queueId", count(*)::int AS waiting, min(joined_at) AS "longestWaitSince"
    FROM queue_entries WHERE outcome IS NULL AND answered_at IS NULL GROUP BY 1`.execute(tx);
  return rows;
}

/** Calls that began since an instant: ended ones from the rollup, open ones from the calls. */
export async function callsSince(tx: Tx, since: Date) {
  const { rows } = await sql<{ calls: number; billableSeconds: number; activeDays: number }>`
    SELECT (coalesce(sum(calls), 0) + (SELECT count(*) FROM calls WHERE ended_at IS NULL AND created_at >= ${since}))::bigint AS calls,
      coalesce(sum(billable_seconds), 0)::bigint AS "billableSeconds",
      count(DISTINCT (bucket AT TIME ZONE (SELECT timezone FROM tenants))::date) FILTER (WHERE calls > 0)::int AS "activeDays"
    FROM report_call_intervals WHERE bucket >= ${since}`.execute(tx);
  return rows[0]!;
}

export async function storedRecordingBytes(tx: Tx): Promise<number> {
  const row = await tx.selectFrom('reportStorage').select('recordingBytes').executeTakeFirst();
  return row ? Number(row.recordingBytes) : 0;
}

export async function tenantPlan(tx: Tx) {
  return tx
    .selectFrom('tenants as t')
    .innerJoin('plans as p', 'p.id', 't.planId')
    .select(['t.timezone', 't.serviceLevelFormula', 'p.maxMonthlyCalls', 'p.maxRecordingStorageGb'])
    .executeTakeFirstOrThrow();
}
