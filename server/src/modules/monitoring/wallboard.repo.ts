// What the wallboard shows beside the reports' reads (reports/live.repo.ts), under the tenant's
// row-level security. "Today" starts at midnight in the tenant's time zone.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { CallDirection } from '../../platform/db/schema.ts';

/** Midnight of the current day in the tenant's time zone. */
export async function dayStart(tx: Tx): Promise<Date> {
  const row = await tx
    .selectFrom('tenants')
    .select(sql<Date>`date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone`.as('dayStart'))
    .executeTakeFirstOrThrow();
  return row.dayStart;
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
