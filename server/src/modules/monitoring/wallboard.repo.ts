// What the wallboard shows, read under the tenant's row-level security. "Today" starts at midnight
// in the tenant's time zone; a queue call's times come from the switch (docs/calls.md).
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { CallDirection } from '../../platform/db/schema.ts';

export interface QueueTodayRow {
  queueId: string;
  name: string;
  waiting: number;
  longestWaitSince: Date | null;
  answered: number;
  answeredInTime: number;
  abandoned: number;
}

/** Midnight of the current day in the tenant's time zone. */
export async function dayStart(tx: Tx): Promise<Date> {
  const row = await tx
    .selectFrom('tenants')
    .select(sql<Date>`date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone`.as('dayStart'))
    .executeTakeFirstOrThrow();
  return row.dayStart;
}

/**
 * Per live queue: callers waiting now (joined, not yet with an agent, still on the line), since when
 * the longest has waited, and today's callers who reached an agent (in time or not) or left without one.
 */
export async function queuesToday(tx: Tx, since: Date, inTimeSeconds: number): Promise<QueueTodayRow[]> {
  const waiting = sql<boolean>`c.queued_at IS NOT NULL AND c.bridged_at IS NULL AND c.queue_left_at IS NULL AND c.ended_at IS NULL`;
  const today = sql<boolean>`c.queued_at >= ${since}`;
  const rows = await tx
    .selectFrom('queues as q')
    .leftJoin('calls as c', (join) =>
      join.onRef('c.queueId', '=', 'q.id').on(sql<boolean>`(c.queued_at >= ${since} OR c.ended_at IS NULL)`),
    )
    .select([
      'q.id as queueId',
      'q.name',
      sql<string>`count(c.id) FILTER (WHERE ${waiting})`.as('waiting'),
      sql<Date | null>`min(c.queued_at) FILTER (WHERE ${waiting})`.as('longestWaitSince'),
      sql<string>`count(c.id) FILTER (WHERE ${today} AND c.bridged_at IS NOT NULL)`.as('answered'),
      sql<string>`count(c.id) FILTER (WHERE ${today} AND c.bridged_at IS NOT NULL
        AND c.bridged_at - c.queued_at <= make_interval(secs => ${inTimeSeconds}))`.as('answeredInTime'),
      sql<string>`count(c.id) FILTER (WHERE ${today} AND c.bridged_at IS NULL
        AND (c.queue_left_at IS NOT NULL OR c.ended_at IS NOT NULL))`.as('abandoned'),
    ])
    .where('q.deletedAt', 'is', null)
    .groupBy(['q.id', 'q.name'])
    .orderBy('q.name')
    .execute();
  return rows.map((row) => ({
    ...row,
    waiting: Number(row.waiting),
    answered: Number(row.answered),
    answeredInTime: Number(row.answeredInTime),
    abandoned: Number(row.abandoned),
  }));
}

export interface CallInProgressRow {
  id: string;
  direction: CallDirection;
  callerNumber: string | null;
  calledNumber: string | null;
  queueId: string | null;
  agentId: string | null;
  createdAt: Date;
  answerAt: Date | null;
  bridgedAt: Date | null;
}

/** The most calls the wallboard lists; a tenant with more sees the newest and the total. */
export const CALLS_IN_PROGRESS_SHOWN = 200;

/** Calls not ended, newest first; one that began more than a day ago is a record the switch never closed, not a call. */
export async function callsInProgress(tx: Tx): Promise<{ rows: CallInProgressRow[]; total: number }> {
  const open = tx
    .selectFrom('calls')
    .where('endedAt', 'is', null)
    .where('createdAt', '>', sql<Date>`now() - interval '1 day'`);
  const [rows, count] = await Promise.all([
    open
      .select(['id', 'direction', 'callerNumber', 'calledNumber', 'queueId', 'agentId', 'createdAt', 'answerAt', 'bridgedAt'])
      .orderBy('createdAt', 'desc')
      .limit(CALLS_IN_PROGRESS_SHOWN)
      .execute(),
    open.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
