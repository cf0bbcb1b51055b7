import { describe, expect, it } from 'vitest';
import { defaultInterval, localDateOf, periodProblem, presetPeriod, startOfLocalDay } from './period.ts';

const iso = (instant: number) => new Date(instant).toISOString();

describe('report periods in the tenant’s zone', () => {
  it('starts a local day at its midnight, also with a half-hour offset', () => {
    expect(iso(startOfLocalDay({ year: 2026, month: 11, day: 20 }, 'America/Sao_Paulo'))).toBe('2026-11-20T03:00:00.000Z');
    expect(iso(startOfLocalDay({ year: 2026, month: 11, day: 20 }, 'Asia/Kolkata'))).toBe('2026-11-19T18:30:00.000Z');
    expect(iso(startOfLocalDay({ year: 2026, month: 3, day: 8 }, 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
  });

  it('starts a day whose midnight did not exist (São Paulo’s DST start in 2018) when the clock jumped', () => {
    expect(iso(startOfLocalDay({ year: 2018, month: 11, day: 4 }, 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(startOfLocalDay({ year: 2018, month: 11, day: 3 }, 'America/Sao_Paulo'))).toBe('2018-11-03T03:00:00.000Z');
  });

  it('reads the presets as of now: today, yesterday, this week from Monday, the last 7 days, this month', () => {
    const sunday = Date.parse('2026-11-29T12:00:00Z'); // Sunday 09:00 in São Paulo
    const zone = 'America/Sao_Paulo';
    const bounds = (preset: Parameters<typeof presetPeriod>[0]) => {
      const period = presetPeriod(preset, sunday, zone);
      return [iso(period.from), iso(period.to)];
    };
    expect(bounds('today')).toEqual(['2026-11-29T03:00:00.000Z', '2026-11-30T03:00:00.000Z']);
    expect(bounds('yesterday')).toEqual(['2026-11-28T03:00:00.000Z', '2026-11-29T03:00:00.000Z']);
    expect(bounds('this_week')).toEqual(['2026-11-23T03:00:00.000Z', '2026-11-30T03:00:00.000Z']);
    expect(bounds('last_7_days')).toEqual(['2026-11-23T03:00:00.000Z', '2026-11-30T03:00:00.000Z']);
    expect(bounds('this_month')).toEqual(['2026-11-01T03:00:00.000Z', '2026-11-30T03:00:00.000Z']);
  });

  it('takes the local date at 23:59 in São Paulo as that day, not the next (UTC’s)', () => {
    expect(localDateOf(Date.parse('2026-11-21T02:59:00Z'), 'America/Sao_Paulo')).toEqual({ year: 2026, month: 11, day: 20 });
  });

  it('refuses a period that ends before it starts, is off the quarter hours, or is too long for its interval', () => {
    const day = { from: Date.parse('2026-11-20T03:00:00Z'), to: Date.parse('2026-11-21T03:00:00Z') };
    expect(periodProblem(day, 'hour')).toBeNull();
    expect(periodProblem({ from: day.to, to: day.from }, 'hour')).toBe('ORDER');
    expect(periodProblem({ ...day, from: day.from + 60_000 }, 'hour')).toBe('NOT_ALIGNED');
    expect(periodProblem({ from: day.from, to: day.from + 8 * 86_400_000 }, '15m')).toBe('TOO_LONG');
    expect(periodProblem({ from: day.from, to: day.from + 7 * 86_400_000 }, '15m')).toBeNull();
    expect(defaultInterval(day)).toBe('hour');
    expect(defaultInterval({ from: day.from, to: day.from + 31 * 86_400_000 })).toBe('day');
  });
});
