import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, isInSchedule, isKnownTimeZone, localMoment, scheduleProblem } from './schedule.ts';

describe('schedule', () => {
  it('reads the weekday and time in the campaign’s time zone, not the server’s', () => {
    // 2026-11-23 is a Monday; 12:30 UTC is 09:30 in São Paulo (UTC−3) and 07:30 in New York (UTC−5).
    const at = new Date('2026-11-23T12:30:00Z');
    expect(localMoment(at, 'America/Sao_Paulo')).toEqual({ day: 'mon', minute: 9 * 60 + 30 });
    expect(localMoment(at, 'America/New_York')).toEqual({ day: 'mon', minute: 7 * 60 + 30 });
    // 02:00 UTC on Monday is still Sunday 23:00 in São Paulo.
    expect(localMoment(new Date('2026-11-23T02:00:00Z'), 'America/Sao_Paulo')).toEqual({ day: 'sun', minute: 23 * 60 });
  });

  it('is inside a window from its start (inclusive) to its end (exclusive)', () => {
    const schedule = { mon: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '24:00' }] };
    const saoPaulo = (time: string) => isInSchedule(schedule, 'America/Sao_Paulo', new Date(`2026-11-23T${time}:00-03:00`));
    expect(['08:59', '09:00', '11:59', '12:00', '12:30', '13:00', '23:59'].map(saoPaulo)).toEqual([false, true, true, false, false, true, true]);
    expect(isInSchedule(schedule, 'America/Sao_Paulo', new Date('2026-11-24T10:00:00-03:00'))).toBe(false);
  });

  it('the default calls Monday to Friday 09:00–18:00 only', () => {
    const at = (iso: string) => isInSchedule(DEFAULT_SCHEDULE, 'America/Sao_Paulo', new Date(iso));
    expect(at('2026-11-27T17:59:00-03:00')).toBe(true); // Friday
    expect(at('2026-11-27T18:00:00-03:00')).toBe(false);
    expect(at('2026-11-28T10:00:00-03:00')).toBe(false); // Saturday
  });

  it('refuses a window that ends before it starts and windows that overlap, in any order', () => {
    expect(scheduleProblem({ tue: [{ start: '10:00', end: '10:00' }] })).toMatchObject({ path: '/schedule/tue' });
    expect(scheduleProblem({ wed: [{ start: '14:00', end: '18:00' }, { start: '09:00', end: '14:30' }] })).toMatchObject({ path: '/schedule/wed' });
    expect(scheduleProblem({ wed: [{ start: '14:00', end: '18:00' }, { start: '09:00', end: '14:00' }] })).toBeNull();
    expect(scheduleProblem(DEFAULT_SCHEDULE)).toBeNull();
  });

  it('knows IANA time zones and nothing else', () => {
    expect(isKnownTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isKnownTimeZone('America/Recife')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
