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

/** Where an interval of a series starts, in the tenant's zone: a time for hours, a day, or a month. */
export function formatBucket(start: string, interval: ReportInterval, locale: string, timeZone: string): string {
  const options = { ...BUCKET_FORMATS[interval], timeZone: isTimeZone(timeZone) ? timeZone : undefined };
  return new Intl.DateTimeFormat(locale, options).format(new Date(start));
}

/** A local day (YYYY-MM-DD, already in the tenant's zone) as the locale writes dates. */
export function formatLocalDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
}
