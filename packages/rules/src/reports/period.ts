// A report's period and interval: the presets the console offers, read in the tenant's time zone,
// and the rule both the console and the server apply to a custom period (docs/reports.md).
// Pure: `now` is given. Bounds are instants; `from` inclusive, `to` exclusive.
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from '../zoned-time.ts';

export { addDays, localDateOf, startOfLocalDay, type LocalDate };

export const REPORT_INTERVALS = ['15m', 'hour', 'day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

export const PERIOD_PRESETS = ['today', 'yesterday', 'this_week', 'last_7_days', 'this_month'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The longest period each interval may cover: a series stays a few thousand points at most. */
export const MAX_PERIOD_DAYS: Record<ReportInterval, number> = {
  '15m': 7,
  hour: 62,
  day: 400,
  week: 800,
  month: 800,
};

/** Monday of the week a date is in (ISO weeks, as Brazil's calendars show them). */
export function mondayOf(date: LocalDate): LocalDate {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export interface ReportPeriod {
  from: number;
  to: number;
}

/** A preset's bounds in the zone, as of `now`: this_week and this_month run to the end of today. */
export function presetPeriod(preset: PeriodPreset, now: number, timeZone: string): ReportPeriod {
  const today = localDateOf(now, timeZone);
  const tomorrow = startOfLocalDay(addDays(today, 1), timeZone);
  switch (preset) {
    case 'today':
      return { from: startOfLocalDay(today, timeZone), to: tomorrow };
    case 'yesterday':
      return { from: startOfLocalDay(addDays(today, -1), timeZone), to: startOfLocalDay(today, timeZone) };
    case 'this_week':
      return { from: startOfLocalDay(mondayOf(today), timeZone), to: tomorrow };
    case 'last_7_days':
      return { from: startOfLocalDay(addDays(today, -6), timeZone), to: tomorrow };
    case 'this_month':
      return { from: startOfLocalDay({ ...today, day: 1 }, timeZone), to: tomorrow };
  }
}

/** The interval a preset reads best in when none is asked for. */
export function defaultInterval(period: ReportPeriod): ReportInterval {
  const days = (period.to - period.from) / DAY;
  if (days <= 1.05) return 'hour';
  if (days <= 62) return 'day';
  return 'week';
}

export type PeriodProblem = 'ORDER' | 'TOO_LONG' | 'NOT_ALIGNED';

/**
 * Why a period cannot be read in an interval, or null. Bounds fall on 15-minute marks (the rollups'
 * grain, which every real zone's offset divides); the period is not longer than the interval allows.
 */
export function periodProblem(period: ReportPeriod, interval: ReportInterval): PeriodProblem | null {
  if (!(period.to > period.from)) return 'ORDER';
  if (period.from % (15 * MINUTE) !== 0 || period.to % (15 * MINUTE) !== 0) return 'NOT_ALIGNED';
  if (period.to - period.from > MAX_PERIOD_DAYS[interval] * DAY + 2 * 60 * MINUTE) return 'TOO_LONG';
  return null;
}
