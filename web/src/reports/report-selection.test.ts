import { describe, expect, it } from 'vitest';
import { queryString } from '../app/query-string.ts';
import {
  choosePeriod,
  customPeriod,
  DEFAULT_SELECTION,
  intervalChoices,
  parseLocalDate,
  readSelection,
  resolveSelection,
  selectionParams,
  type ReportSelection,
} from './report-selection.ts';

const SP = 'America/Sao_Paulo';
// 2026-11-29 10:00 in São Paulo (UTC-3).
const NOW = Date.UTC(2026, 10, 29, 13, 0);
const QUEUE = '0b6e1f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('readSelection and selectionParams', () => {
  it('round-trips a custom period with filters through the query string', () => {
    const selection: ReportSelection = {
      ...DEFAULT_SELECTION,
      period: 'custom',
      fromDate: '2026-11-01',
      toDate: '2026-11-15',
      interval: 'day',
      queueId: QUEUE,
    };
    const text = queryString(selectionParams(selection));
    expect(text).toBe(`period=custom&from=2026-11-01&to=2026-11-15&interval=day&queueId=${QUEUE}`);
    expect(readSelection(new URLSearchParams(text))).toEqual(selection);
  });

  it('writes nothing for the default selection', () => {
    expect(queryString(selectionParams(DEFAULT_SELECTION))).toBe('');
  });

  it('falls back to the default for what is unknown or malformed', () => {
    const read = readSelection(new URLSearchParams('period=forever&interval=minute&queueId=1%20OR%201&agentId=x'));
    expect(read).toEqual(DEFAULT_SELECTION);
  });

  it('ignores dates unless the period is custom, and dates that name no day', () => {
    expect(readSelection(new URLSearchParams('period=today&from=2026-11-01')).fromDate).toBe('');
    expect(readSelection(new URLSearchParams('period=custom&from=2026-02-30&to=2026-03-01'))).toMatchObject({
      fromDate: '',
      toDate: '2026-03-01',
    });
  });
});

describe('parseLocalDate', () => {
  it('accepts real days only', () => {
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('29/11/2026')).toBeNull();
  });
});

describe('resolveSelection', () => {
  it('asks a preset by name, with the interval it reads best in', () => {
    const resolved = resolveSelection({ ...DEFAULT_SELECTION, queueId: QUEUE }, NOW, SP);
    expect(resolved).toEqual({
      ok: true,
      period: { from: Date.UTC(2026, 10, 29, 3), to: Date.UTC(2026, 10, 30, 3) },
      interval: 'hour',
      query: { preset: 'today', interval: 'hour', queueId: QUEUE },
    });
  });

  it('turns a custom period into the instants of local midnights, the last day included', () => {
    const resolved = resolveSelection(
      { ...DEFAULT_SELECTION, period: 'custom', fromDate: '2026-11-01', toDate: '2026-11-15' },
      NOW,
      SP,
    );
    expect(resolved).toMatchObject({
      ok: true,
      interval: 'day',
      query: { from: '2026-11-01T03:00:00.000Z', to: '2026-11-16T03:00:00.000Z', interval: 'day' },
    });
  });

  it('reads the same dates in another zone as other instants', () => {
    expect(customPeriod('2026-11-01', '2026-11-01', 'Europe/Lisbon')).toEqual({
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 2),
    });
  });

  it('says why a selection cannot be asked', () => {
    const custom = { ...DEFAULT_SELECTION, period: 'custom' as const };
    expect(resolveSelection(custom, NOW, SP)).toEqual({ ok: false, problem: 'DATES_MISSING' });
    expect(resolveSelection({ ...custom, fromDate: '2026-11-10', toDate: '2026-11-01' }, NOW, SP)).toEqual({
      ok: false,
      problem: 'ORDER',
    });
    expect(
      resolveSelection({ ...custom, fromDate: '2026-01-01', toDate: '2026-11-01', interval: '15m' }, NOW, SP),
    ).toEqual({ ok: false, problem: 'TOO_LONG' });
    expect(resolveSelection({ ...DEFAULT_SELECTION, period: 'this_month', interval: '15m' }, NOW, SP)).toEqual({
      ok: false,
      problem: 'TOO_LONG',
    });
  });
});

describe('intervalChoices', () => {
  it('refuses the intervals too fine for the period', () => {
    const quarter = customPeriod('2026-08-01', '2026-10-31', SP);
    const allowed = intervalChoices(quarter).filter((choice) => choice.allowed).map((choice) => choice.interval);
    expect(allowed).toEqual(['day', 'week', 'month']);
    expect(intervalChoices(null).every((choice) => choice.allowed)).toBe(true);
  });
});

describe('choosePeriod', () => {
  it('starts a custom period from the dates of the preset shown', () => {
    const chosen = choosePeriod({ ...DEFAULT_SELECTION, period: 'last_7_days', interval: 'day' }, 'custom', NOW, SP);
    expect(chosen).toMatchObject({ period: 'custom', fromDate: '2026-11-23', toDate: '2026-11-29', interval: null });
  });

  it('clears the dates and the interval when a preset is chosen', () => {
    const custom = { ...DEFAULT_SELECTION, period: 'custom' as const, fromDate: '2026-11-01', toDate: '2026-11-02', interval: 'hour' as const };
    expect(choosePeriod(custom, 'yesterday', NOW, SP)).toMatchObject({ period: 'yesterday', fromDate: '', toDate: '', interval: null });
  });
});
