// The period a report request asks for, resolved in the tenant's time zone (docs/reports.md):
// a preset, or `from` and `to` instants on quarter hours; today when neither is given.
import {
  defaultInterval,
  MAX_PERIOD_DAYS,
  periodProblem,
  presetPeriod,
  type ReportInterval,
} from '@callcenter/rules/reports/period';
import type { ReportQuery } from '@callcenter/rules/reports/shapes';
import { zoneOffset } from '@callcenter/rules/zoned-time';
import { badRequest } from '../../platform/http/errors.ts';
import { E } from '../../platform/http/error-codes.ts';

export interface ResolvedPeriod {
  from: Date;
  to: Date;
  interval: ReportInterval;
  timezone: string;
}

export function resolvePeriod(query: ReportQuery, timezone: string, now: number): ResolvedPeriod {
  if ((query.from === undefined) !== (query.to === undefined) || (query.preset && query.from)) {
    throw badRequest(E.REPORT_PERIOD_INCOMPLETE, 'Give from and to together, or a preset, not both');
  }
  const period =
    query.from && query.to
      ? { from: Date.parse(query.from), to: Date.parse(query.to) }
      : presetPeriod(query.preset ?? 'today', now, timezone);
  const interval = query.interval ?? defaultInterval(period);
  const problem = periodProblem(period, interval);
  if (problem === 'ORDER') throw badRequest(E.REPORT_PERIOD_ORDER, 'The period must end after it starts');
  if (problem === 'NOT_ALIGNED') {
    throw badRequest(E.REPORT_PERIOD_NOT_ALIGNED, 'The period must start and end on a quarter hour');
  }
  if (problem === 'TOO_LONG') {
    const maxDays = MAX_PERIOD_DAYS[interval];
    throw badRequest(E.REPORT_PERIOD_TOO_LONG, `At most ${maxDays} days in this interval`, undefined, { maxDays });
  }
  return { from: new Date(period.from), to: new Date(period.to), interval, timezone };
}

const HOUR_MS = 3_600_000;

/**
 * Whether every interval of the period is made of whole UTC hours, so an hourly rollup sums to what
 * its quarter hours do: not 15-minute intervals, the period on whole hours, and the zone's offset a
 * whole number of hours at both ends (São Paulo yes; Kolkata, +05:30, no).
 */
export function inWholeHours(period: ResolvedPeriod): boolean {
  if (period.interval === '15m') return false;
  return [period.from.getTime(), period.to.getTime()].every(
    (instant) => instant % HOUR_MS === 0 && zoneOffset(instant, period.timezone) % HOUR_MS === 0,
  );
}
