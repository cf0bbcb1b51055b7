import { describe, expect, it } from 'vitest';
import {
  inOneHour,
  instantOfWallClock,
  isWithinWindows,
  tomorrowMorning,
  type WeeklyWindows,
} from './callback-time.ts';

const SP = 'America/Sao_Paulo';
const weekdays: WeeklyWindows = {
  mon: [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  tue: [{ start: '08:00', end: '18:00' }],
  sat: [{ start: '10:00', end: '14:00' }],
};

describe('callback time', () => {
  it('reads a wall-clock time in the zone', () => {
    // São Paulo is UTC−3 (no DST since 2019).
    expect(new Date(instantOfWallClock('2026-12-01', '09:30', SP)).toISOString()).toBe(
      '2026-12-01T12:30:00.000Z',
    );
    expect(new Date(instantOfWallClock('2026-07-01', '09:30', 'Europe/Lisbon')).toISOString()).toBe(
      '2026-07-01T08:30:00.000Z',
    );
  });

  it('tells a time inside the campaign windows from one outside, in the campaign zone', () => {
    // Monday 2026-11-30.
    expect(isWithinWindows(weekdays, SP, instantOfWallClock('2026-11-30', '08:00', SP))).toBe(true);
    expect(isWithinWindows(weekdays, SP, instantOfWallClock('2026-11-30', '12:30', SP))).toBe(false);
    expect(isWithinWindows(weekdays, SP, instantOfWallClock('2026-11-30', '18:00', SP))).toBe(false);
    expect(isWithinWindows(weekdays, SP, instantOfWallClock('2026-11-30', '17:59', SP))).toBe(true);
    // Sunday has no window; 09:00 in São Paulo is 12:00 UTC, outside when read in UTC+9.
    expect(isWithinWindows(weekdays, SP, instantOfWallClock('2026-11-29', '11:00', SP))).toBe(false);
    expect(isWithinWindows(weekdays, 'Asia/Tokyo', instantOfWallClock('2026-11-30', '09:00', SP))).toBe(
      false,
    );
  });

  it('offers one hour from now and tomorrow at the first window of the day', () => {
    const now = Date.parse('2026-11-30T15:00:20Z'); // Monday 12:00:20 in São Paulo
    expect(new Date(inOneHour(now)).toISOString()).toBe('2026-11-30T16:01:00.000Z');
    expect(new Date(tomorrowMorning(now, SP, weekdays)).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    // Tomorrow (Sunday) has no window: 09:00.
    const friday = Date.parse('2026-12-05T23:30:00Z'); // Saturday 20:30 in São Paulo
    expect(new Date(tomorrowMorning(friday, SP, weekdays)).toISOString()).toBe('2026-12-06T12:00:00.000Z');
  });
});
