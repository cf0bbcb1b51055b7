// How a report's numbers read. Every cell is first rounded to the value the export writes, and the
// table shows that value formatted: the table and the exported files agree by construction.
import type { ReportInterval } from '@callcenter/rules/reports/period';
import { isTimeZone } from '@callcenter/rules/locale';

/** count: whole numbers; seconds: a duration; share: 0..1 shown as a percentage; decimal: a dial level. */
export type ValueKind = 'text' | 'count' | 'seconds' | 'share' | 'decimal';

export type CellValue = string | number | null;

const roundTo = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** The value a cell exports: whole seconds, shares to four decimals (a tenth of a percent shown). */
export function exportValue(kind: ValueKind, raw: string | number | null | undefined): CellValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  switch (kind) {
    case 'text':
      return String(raw);
    case 'count':
    case 'seconds':
      return Math.round(raw);
    case 'share':
      return roundTo(raw, 4);
    case 'decimal':
      return roundTo(raw, 2);
  }
}

/**
 * Whole seconds as docs/reports.md writes them: "7 s", "1 min 5 s", "1 h 2 min 5 s" (hours grouped in
 * the locale's way). Every second is shown: the table reads exactly what the export writes.
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.round(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    hours > 0 ? `${new Intl.NumberFormat(locale).format(hours)} h` : '',
    minutes > 0 ? `${minutes} min` : '',
    seconds % 60 > 0 ? `${seconds % 60} s` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/** A cell as the table shows it; a value with nothing under it (a rate of no calls) is a dash. */
export function displayValue(kind: ValueKind, value: CellValue, locale: string): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'text':
      return String(value);
    case 'count':
      return new Intl.NumberFormat(locale).format(value);
    case 'seconds':
      return formatDuration(value, locale);
    case 'share':
      return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    case 'decimal':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  }
}

const BUCKET_FORMATS: Record<ReportInterval, Intl.DateTimeFormatOptions> = {
  '15m': { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' },
  hour: { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' },
  day: { day: '2-digit', month: '2-digit', year: 'numeric' },
  week: { day: '2-digit', month: '2-digit', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
};

/** Where an interval of a series starts, in the tenant's zone: a time (with its day unless `timeOnly`), a day, or a month. */
export function formatBucket(start: string, interval: ReportInterval, locale: string, timeZone: string, timeOnly = false): string {
  const format = timeOnly ? { hour: '2-digit' as const, minute: '2-digit' as const } : BUCKET_FORMATS[interval];
  return new Intl.DateTimeFormat(locale, { ...format, timeZone: isTimeZone(timeZone) ? timeZone : undefined }).format(new Date(start));
}

/** The labels of a series' intervals: hours of a single day say only the time, so the axis stays readable. */
export function bucketLabels(
  starts: readonly string[],
  period: { from: string; to: string; timezone: string; interval: ReportInterval },
  locale: string,
): string[] {
  const zone = isTimeZone(period.timezone) ? period.timezone : undefined;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = new Set(starts.map((start) => day.format(new Date(start)))).size <= 1;
  const timeOnly = sameDay && (period.interval === '15m' || period.interval === 'hour');
  return starts.map((start) => formatBucket(start, period.interval, locale, period.timezone, timeOnly));
}

/** A local day (YYYY-MM-DD, already in the tenant's zone) as the locale writes dates. */
export function formatLocalDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
}
