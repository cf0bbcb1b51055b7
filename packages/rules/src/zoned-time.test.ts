import { describe, expect, it } from 'vitest';
import { instantOfWallTime, nextDay, startOfDayIn, wallTimeIn } from './zoned-time.ts';

describe('days in the tenant time zone', () => {
  it('finds the instant a day starts in a zone', () => {
    expect(startOfDayIn('2026-11-25', 'America/Sao_Paulo')).toBe('2026-11-25T03:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Europe/Lisbon')).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDayIn('2026-01-01', 'UTC')).toBe('2026-01-01T00:00:00.000Z');
    // São Paulo skipped midnight when its DST began (2018-11-04): the day began at 01:00 local.
    expect(startOfDayIn('2018-11-04', 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
  });

  it('steps to the next day across month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('reads a wall-clock time in a zone, and writes an instant back as one', () => {
    expect(instantOfWallTime('2026-11-26T14:30', 'America/Sao_Paulo')).toBe('2026-11-26T17:30:00.000Z');
    expect(instantOfWallTime('2026-07-01T09:00', 'Europe/Lisbon')).toBe('2026-07-01T08:00:00.000Z');
    expect(wallTimeIn('2026-11-26T17:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-26T14:30');
    expect(wallTimeIn(Date.parse('2026-07-01T08:00:00Z'), 'Europe/Lisbon')).toBe('2026-07-01T09:00');
  });
});
