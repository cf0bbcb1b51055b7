// What a report shows (period, interval, filters) as it stands in the URL, so a link opens the same
// report; and the query the server is asked. Custom periods are two local dates in the tenant's
// zone, the last one included: the instants come from period.ts, as the server reads them.
import {
  addDays,
  defaultInterval,
  localDateOf,
  periodProblem,
  presetPeriod,
  startOfLocalDay,
  PERIOD_PRESETS,
  REPORT_INTERVALS,
  type LocalDate,
  type PeriodPreset,
  type PeriodProblem,
  type ReportInterval,
  type ReportPeriod,
} from '@callcenter/rules/reports/period';
import type { ReportQuery } from '@callcenter/rules/reports/shapes';

export type PeriodChoice = PeriodPreset | 'custom';
export const PERIOD_CHOICES: readonly PeriodChoice[] = [...PERIOD_PRESETS, 'custom'];

export const FILTER_KEYS = ['queueId', 'agentId', 'campaignId'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface ReportSelection {
  period: PeriodChoice;
  /** Local dates (YYYY-MM-DD) of a custom period, both included; '' until chosen. */
  fromDate: string;
  toDate: string;
  /** null: the interval the period reads best in. */
  interval: ReportInterval | null;
  queueId: string;
  agentId: string;
  campaignId: string;
}

export const DEFAULT_SELECTION: ReportSelection = {
  period: 'today',
  fromDate: '',
  toDate: '',
  interval: null,
  queueId: '',
  agentId: '',
  campaignId: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that names a real day, or null. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day ? date : null;
}

export const formatLocalDate = (date: LocalDate): string =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The selection a URL carries; whatever is unknown or malformed falls back to the default. */
export function readSelection(params: URLSearchParams): ReportSelection {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return parseLocalDate(value) ? value : '';
  };
  const id = (key: FilterKey) => {
    const value = params.get(key) ?? '';
    return UUID.test(value) ? value : '';
  };
  const period = oneOf(PERIOD_CHOICES, params.get('period')) ?? DEFAULT_SELECTION.period;
  return {
    period,
    fromDate: period === 'custom' ? date('from') : '',
    toDate: period === 'custom' ? date('to') : '',
    interval: oneOf(REPORT_INTERVALS, params.get('interval')),
    queueId: id('queueId'),
    agentId: id('agentId'),
    campaignId: id('campaignId'),
  };
}

/** The URL's query for a selection: only what differs from the default, in a stable order. */
export function selectionParams(selection: ReportSelection): Record<string, string | undefined> {
  const custom = selection.period === 'custom';
  return {
    period: selection.period === DEFAULT_SELECTION.period ? undefined : selection.period,
    from: custom ? selection.fromDate : undefined,
    to: custom ? selection.toDate : undefined,
    interval: selection.interval ?? undefined,
    queueId: selection.queueId,
    agentId: selection.agentId,
    campaignId: selection.campaignId,
  };
}

export type SelectionProblem = 'DATES_MISSING' | PeriodProblem;

export type ResolvedSelection =
  | { ok: true; period: ReportPeriod; interval: ReportInterval; query: ReportQuery }
  | { ok: false; problem: SelectionProblem };

/** The bounds of a custom period: the first day's midnight to the midnight after the last day. */
export function customPeriod(fromDate: string, toDate: string, timeZone: string): ReportPeriod | null {
  const from = parseLocalDate(fromDate);
  const to = parseLocalDate(toDate);
  if (!from || !to) return null;
  return { from: startOfLocalDay(from, timeZone), to: startOfLocalDay(addDays(to, 1), timeZone) };
}

/** The period, the interval and the server's query, or why the selection cannot be asked. */
export function resolveSelection(selection: ReportSelection, now: number, timeZone: string): ResolvedSelection {
  const filters: ReportQuery = {};
  for (const key of FILTER_KEYS) if (selection[key]) filters[key] = selection[key];
  if (selection.period !== 'custom') {
    const period = presetPeriod(selection.period, now, timeZone);
    const interval = selection.interval ?? defaultInterval(period);
    // A preset goes by name: the server reads it at its own "now", in the tenant's zone.
    const problem = periodProblem(period, interval);
    if (problem) return { ok: false, problem };
    return { ok: true, period, interval, query: { preset: selection.period, interval, ...filters } };
  }
  const period = customPeriod(selection.fromDate, selection.toDate, timeZone);
  if (!period) return { ok: false, problem: 'DATES_MISSING' };
  const interval = selection.interval ?? defaultInterval(period);
  const problem = periodProblem(period, interval);
  if (problem) return { ok: false, problem };
  const iso = (instant: number) => new Date(instant).toISOString();
  return { ok: true, period, interval, query: { from: iso(period.from), to: iso(period.to), interval, ...filters } };
}

/** The intervals a period may be read in (15 minutes over a quarter would be thousands of points). */
export function intervalChoices(period: ReportPeriod | null): { interval: ReportInterval; allowed: boolean }[] {
  return REPORT_INTERVALS.map((interval) => ({
    interval,
    allowed: period === null || periodProblem(period, interval) !== 'TOO_LONG',
  }));
}

/** The local dates a period covers (its last day included): what "custom" starts from. */
export function localDates(period: ReportPeriod, timeZone: string): { fromDate: string; toDate: string } {
  return {
    fromDate: formatLocalDate(localDateOf(period.from, timeZone)),
    toDate: formatLocalDate(localDateOf(period.to - 1, timeZone)),
  };
}

/** The selection after choosing a period: custom starts from the dates shown; the interval is chosen afresh. */
export function choosePeriod(
  selection: ReportSelection,
  choice: PeriodChoice,
  now: number,
  timeZone: string,
): ReportSelection {
  if (choice !== 'custom') return { ...selection, period: choice, fromDate: '', toDate: '', interval: null };
  if (selection.period === 'custom') return selection;
  return { ...selection, period: 'custom', ...localDates(presetPeriod(selection.period, now, timeZone), timeZone), interval: null };
}
