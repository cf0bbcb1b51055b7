import { describe, expect, it } from 'vitest';
import { easterSunday, holidayOn, holidaysOf } from './holidays.ts';

describe('holidays', () => {
  it('computes Easter', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
  });

  it('places the moveable days from Easter (2026: Carnaval 16–17 Feb, Good Friday 3 Apr, Corpus Christi 4 Jun)', () => {
    expect(holidayOn('2026-02-16', 'SP')).toMatchObject({ kind: 'OPTIONAL' });
    expect(holidayOn('2026-02-17', 'SP')).toMatchObject({ kind: 'OPTIONAL' });
    expect(holidayOn('2026-04-03', 'SP')).toMatchObject({ name: 'Sexta-feira Santa', kind: 'NATIONAL' });
    expect(holidayOn('2026-06-04', 'SP')).toMatchObject({ name: 'Corpus Christi', kind: 'OPTIONAL' });
    expect(holidayOn('2026-02-18', 'SP')).toBeNull(); // Ash Wednesday is called
  });

  it('optional days are skipped only when observed', () => {
    expect(holidayOn('2026-02-16', 'SP', false)).toBeNull();
    expect(holidayOn('2026-04-03', 'SP', false)).not.toBeNull();
    // RJ made Carnaval Tuesday a state holiday.
    expect(holidayOn('2026-02-17', 'RJ', false)).toMatchObject({ kind: 'STATE' });
  });

  it('has the national fixed days, with 20 Nov national from 2024', () => {
    const dates = holidaysOf(2026, null).filter((one) => one.kind === 'NATIONAL').map((one) => one.date.slice(5));
    expect(dates).toEqual(expect.arrayContaining(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']));
    expect(holidayOn('2023-11-20', 'SP')).toBeNull();
    expect(holidayOn('2024-11-20', 'SP')).toMatchObject({ kind: 'NATIONAL' });
  });

  it('has state holidays only in their state', () => {
    const cases: [string, string][] = [
      ['SP', '07-09'],
      ['RJ', '04-23'],
      ['BA', '07-02'],
      ['RS', '09-20'],
      ['PR', '12-19'],
      ['PE', '03-06'],
      ['CE', '03-25'],
    ];
    for (const [uf, day] of cases) {
      expect(holidayOn(`2026-${day}`, uf)).toMatchObject({ kind: 'STATE' });
      expect(holidayOn(`2026-${day}`, uf === 'SP' ? 'RJ' : 'SP')).toBeNull();
    }
    expect(holidaysOf(2026, 'MG').filter((one) => one.kind === 'STATE')).toEqual([]);
    for (const holiday of holidaysOf(2026, 'CE')) expect(holiday.source.length).toBeGreaterThan(0);
  });
});
