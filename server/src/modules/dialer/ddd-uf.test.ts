import { describe, expect, it } from 'vitest';
import { DDD_TO_UF, dddOf, UF_TIME_ZONE, UFS, ufOfPhone } from './ddd-uf.ts';

describe('DDD → UF', () => {
  it('knows all 67 area codes, every state and the Federal District', () => {
    expect(DDD_TO_UF.size).toBe(67);
    expect(new Set(DDD_TO_UF.values()).size).toBe(27);
    for (const code of DDD_TO_UF.keys()) expect(code).toBeGreaterThanOrEqual(11);
    // Codes that do not exist.
    for (const code of [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90]) expect(DDD_TO_UF.has(code)).toBe(false);
  });

  it('maps numbers to their state', () => {
    expect(ufOfPhone('+5511987654321')).toBe('SP');
    expect(ufOfPhone('+552133334444')).toBe('RJ');
    expect(ufOfPhone('+5592991234567')).toBe('AM');
    expect(ufOfPhone('+556133334444')).toBe('DF');
    expect(ufOfPhone('+5587988887777')).toBe('PE');
    expect(ufOfPhone('+5599988887777')).toBe('MA');
    expect(ufOfPhone('+552033334444')).toBeNull();
    expect(ufOfPhone('+14155550100')).toBeNull();
    expect(dddOf('5511987654321')).toBeNull();
  });

  it('gives each state its capital’s zone (those west of Brasília differ)', () => {
    for (const uf of UFS) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: UF_TIME_ZONE[uf] })).not.toThrow();
    const at = new Date('2026-11-23T12:00:00Z');
    const hour = (uf: (typeof UFS)[number]) => Number(new Intl.DateTimeFormat('en-US', { timeZone: UF_TIME_ZONE[uf], hour: '2-digit', hourCycle: 'h23' }).format(at));
    expect(hour('SP')).toBe(9);
    expect(hour('AM')).toBe(8);
    expect(hour('MT')).toBe(8);
    expect(hour('MS')).toBe(8);
    expect(hour('RO')).toBe(8);
    expect(hour('RR')).toBe(8);
    expect(hour('AC')).toBe(7);
    expect(hour('BA')).toBe(9);
  });
});
