import { describe, expect, it } from 'vitest';
import { inWholeHours, type ResolvedPeriod } from './report-period.ts';

const period = (from: string, to: string, interval: ResolvedPeriod['interval'], timezone: string): ResolvedPeriod => ({
  from: new Date(from),
  to: new Date(to),
  interval,
  timezone,
});

describe('inWholeHours', () => {
  it('holds for a São Paulo day by hour, and across its old summer-time change', () => {
    expect(inWholeHours(period('2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z', 'hour', 'America/Sao_Paulo'))).toBe(true);
    // Brazil kept summer time until 2019: -02 in December, -03 in March, whole hours both.
    expect(inWholeHours(period('2018-12-01T02:00:00Z', '2019-03-01T03:00:00Z', 'week', 'America/Sao_Paulo'))).toBe(true);
  });

  it('does not hold in 15-minute intervals, off whole hours, or in a zone of half hours', () => {
    expect(inWholeHours(period('2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z', '15m', 'America/Sao_Paulo'))).toBe(false);
    expect(inWholeHours(period('2026-11-20T03:15:00Z', '2026-11-21T03:00:00Z', 'hour', 'America/Sao_Paulo'))).toBe(false);
    // Midnight in Kolkata (+05:30) is half past a UTC hour.
    expect(inWholeHours(period('2026-11-19T18:30:00Z', '2026-11-20T18:30:00Z', 'day', 'Asia/Kolkata'))).toBe(false);
    // On whole UTC hours, but the local hours are half past: a UTC hour spans two local ones.
    expect(inWholeHours(period('2026-11-19T18:00:00Z', '2026-11-20T18:00:00Z', 'hour', 'Asia/Kolkata'))).toBe(false);
  });
});
