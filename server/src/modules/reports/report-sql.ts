// SQL pieces every report read shares: the interval a 15-minute bucket falls in, in the tenant's
// zone, and the interval starts of a period (so a chart has a point for every interval, empty or not).
import { sql, type RawBuilder } from 'kysely';
import type { ReportInterval } from '@callcenter/rules/reports/period';
import type { Tx } from '../../platform/db/database.ts';
import type { ResolvedPeriod } from './report-period.ts';

const TRUNC_UNIT: Record<Exclude<ReportInterval, '15m'>, string> = { hour: 'hour', day: 'day', week: 'week', month: 'month' };

/** The start of the interval `column` (a bucket or an instant) is in; weeks start on Monday. */
export function intervalStart(column: RawBuilder<unknown>, period: ResolvedPeriod): RawBuilder<Date> {
  if (period.interval === '15m') return sql<Date>`app_bucket(${column})`;
  return sql<Date>`(date_trunc(${TRUNC_UNIT[period.interval]}, ${column} AT TIME ZONE ${period.timezone}) AT TIME ZONE ${period.timezone})`;
}

/** Every interval start from the period's start to its end. */
export async function intervalStarts(tx: Tx, period: ResolvedPeriod): Promise<Date[]> {
  const step = period.interval === '15m' ? '15 minutes' : `1 ${TRUNC_UNIT[period.interval]}`;
  const first = intervalStart(sql`${period.from}::timestamptz`, period);
  // Local steps, so a day is a local day across a change of offset.
  const { rows } = await sql<{ start: Date }>`
    SELECT (s AT TIME ZONE ${period.timezone}) AS start
    FROM generate_series(${first} AT TIME ZONE ${period.timezone}, ${period.to}::timestamptz AT TIME ZONE ${period.timezone}, ${step}::interval) s
    WHERE (s AT TIME ZONE ${period.timezone}) < ${period.to}::timestamptz`.execute(tx);
  return rows.map((row) => row.start);
}

/** The instant as the key of a series point. */
export const startKey = (start: Date) => start.toISOString();
