import { describe, expect, it } from 'vitest';
import { rowsOf, scheduleOf, scheduleSummary } from './schedule-editor.ts';

describe('schedule editor', () => {
  it('round-trips a schedule of one window a day through the rows', () => {
    const schedule = { mon: [{ start: '09:00', end: '18:00' }], sat: [{ start: '08:00', end: '14:00' }] };
    const rows = rowsOf(schedule);
    expect(rows.map((row) => row.calls)).toEqual([true, false, false, false, false, true, false]);
    expect(scheduleOf(rows)).toEqual(schedule);
  });

  it('a day turned off is left out; a day turned on gets its window', () => {
    const rows = rowsOf({}).map((row) => (row.day === 'wed' ? { ...row, calls: true, start: '10:00', end: '12:30' } : row));
    expect(scheduleOf(rows)).toEqual({ wed: [{ start: '10:00', end: '12:30' }] });
  });

  it('summarises consecutive days with the same window', () => {
    const weekdays = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:00', end: '18:00' }]]));
    const name = (day: string) => day;
    expect(scheduleSummary({ ...weekdays, sat: [{ start: '09:00', end: '13:00' }] }, name)).toBe('mon–fri 09:00–18:00, sat 09:00–13:00');
    expect(scheduleSummary({ mon: [{ start: '09:00', end: '18:00' }], wed: [{ start: '09:00', end: '18:00' }] }, name)).toBe('mon 09:00–18:00, wed 09:00–18:00');
    expect(scheduleSummary({}, name)).toBe('');
  });
});
