import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../campaigns/schedule.ts';
import { callableDdds, callingVerdict, nextCallableAt, scheduleStatus, type CallingRules } from './calling-hours.ts';

// 2026-11-23 is a Monday. São Paulo is UTC−3, Manaus UTC−4, Rio Branco UTC−5.
const rules: CallingRules = { timezone: 'America/Sao_Paulo', schedule: { ...DEFAULT_SCHEDULE, sat: [{ start: '09:00', end: '13:00' }] } };
const SP = '+5511987654321';
const RJ = '+5521987654321';
const AM = '+5592987654321';
const AC = '+5568987654321';
const at = (iso: string) => new Date(iso);

describe('calling hours', () => {
  it('allows a call inside the windows and says when next otherwise', () => {
    expect(callingVerdict(SP, rules, at('2026-11-23T10:00:00-03:00'))).toEqual({ allowed: true, uf: 'SP' });
    const early = callingVerdict(SP, rules, at('2026-11-23T08:30:00-03:00'));
    expect(early).toMatchObject({ allowed: false, reason: 'CAMPAIGN_WINDOW', nextAt: at('2026-11-23T09:00:00-03:00') });
    // Friday after hours → Saturday 09:00.
    expect(callingVerdict(SP, rules, at('2026-11-27T18:30:00-03:00'))).toMatchObject({ allowed: false, nextAt: at('2026-11-28T09:00:00-03:00') });
    // Saturday after its window → Monday 09:00.
    expect(callingVerdict(SP, rules, at('2026-11-28T13:00:00-03:00'))).toMatchObject({ allowed: false, nextAt: at('2026-11-30T09:00:00-03:00') });
  });

  it('applies the windows in the callee’s local time too', () => {
    // 09:30 in São Paulo is 08:30 in Manaus and 07:30 in Rio Branco.
    const now = at('2026-11-23T09:30:00-03:00');
    expect(callingVerdict(AM, rules, now)).toMatchObject({ allowed: false, reason: 'CAMPAIGN_WINDOW', nextAt: at('2026-11-23T09:00:00-04:00') });
    expect(callingVerdict(AC, rules, now)).toMatchObject({ allowed: false, nextAt: at('2026-11-23T09:00:00-05:00') });
    expect(callingVerdict(AM, { ...rules, windowsInCalleeTime: false }, now)).toMatchObject({ allowed: true });
    // 17:30 in São Paulo is 16:30 in Manaus: the campaign's own window still ends at 18:00 São Paulo.
    expect(callingVerdict(AM, rules, at('2026-11-23T18:10:00-03:00'))).toMatchObject({ allowed: false, nextAt: at('2026-11-24T10:00:00-03:00') });
  });

  it('does not call on the callee state’s holidays, and resumes after them', () => {
    // 9 July 2026 (Thursday) is a holiday in São Paulo only.
    const now = at('2026-07-09T10:00:00-03:00');
    expect(callingVerdict(SP, rules, now)).toMatchObject({ allowed: false, reason: 'HOLIDAY', detail: 'Revolução Constitucionalista de 1932', nextAt: at('2026-07-10T09:00:00-03:00') });
    expect(callingVerdict(RJ, rules, now)).toMatchObject({ allowed: true });
    // Good Friday 2026 (3 April) nationally; Carnaval Monday skipped unless the campaign opts in.
    expect(callingVerdict(RJ, rules, at('2026-04-03T10:00:00-03:00'))).toMatchObject({ reason: 'HOLIDAY' });
    expect(callingVerdict(SP, rules, at('2026-02-16T10:00:00-03:00'))).toMatchObject({ reason: 'HOLIDAY' });
    expect(callingVerdict(SP, { ...rules, callOnOptionalHolidays: true }, at('2026-02-16T10:00:00-03:00'))).toMatchObject({ allowed: true });
  });

  it('applies enabled state policies to callees of that state only', () => {
    const late = { ...rules, schedule: { mon: [{ start: '08:00', end: '21:00' }], sat: [{ start: '08:00', end: '18:00' }] }, policies: ['RJ_TELEMARKETING', 'SP_COLLECTION'] as const };
    const monday1830 = at('2026-11-23T18:30:00-03:00');
    expect(callingVerdict(RJ, late, monday1830)).toMatchObject({ allowed: false, reason: 'STATE_POLICY', detail: 'RJ_TELEMARKETING', nextAt: at('2026-11-30T08:00:00-03:00') });
    expect(callingVerdict(SP, late, monday1830)).toMatchObject({ allowed: true });
    expect(callingVerdict(SP, late, at('2026-11-23T20:30:00-03:00'))).toMatchObject({ allowed: false, reason: 'STATE_POLICY' });
    // RJ never on Saturday under Lei 7.853/2018; SP collection until 14:00.
    expect(callingVerdict(RJ, late, at('2026-11-28T10:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'STATE_POLICY' });
    expect(callingVerdict(SP, late, at('2026-11-28T13:59:00-03:00'))).toMatchObject({ allowed: true });
    expect(callingVerdict(SP, late, at('2026-11-28T14:00:00-03:00'))).toMatchObject({ allowed: false });
    // Without the policy enabled, RJ at 18:30 is fine.
    expect(callingVerdict(RJ, { ...late, policies: [] }, monday1830)).toMatchObject({ allowed: true });
  });

  it('never calls outside the legal hours, whatever the campaign schedule says', () => {
    const allDay = { start: '06:00', end: '23:00' };
    const wide: CallingRules = {
      timezone: 'America/Sao_Paulo',
      schedule: { mon: [allDay], tue: [allDay], wed: [allDay], thu: [allDay], fri: [allDay], sat: [allDay], sun: [allDay] },
    };
    expect(callingVerdict(SP, wide, at('2026-11-23T06:30:00-03:00'))).toMatchObject({ allowed: false, reason: 'LEGAL_HOURS', nextAt: at('2026-11-23T08:00:00-03:00') });
    expect(callingVerdict(SP, wide, at('2026-11-23T19:59:00-03:00'))).toEqual({ allowed: true, uf: 'SP' });
    expect(callingVerdict(SP, wide, at('2026-11-23T20:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'LEGAL_HOURS', nextAt: at('2026-11-24T08:00:00-03:00') });
    // Saturday until 14:00, then nothing until Monday; Sunday never.
    expect(callingVerdict(RJ, wide, at('2026-11-28T14:30:00-03:00'))).toMatchObject({ reason: 'LEGAL_HOURS', nextAt: at('2026-11-30T08:00:00-03:00') });
    expect(callingVerdict(RJ, wide, at('2026-11-29T10:00:00-03:00'))).toMatchObject({ reason: 'LEGAL_HOURS' });
    // In the callee's clock, even with the campaign's windows applied in its own zone only: 08:30 in São Paulo is 07:30 in Manaus.
    expect(callingVerdict(AM, { ...wide, windowsInCalleeTime: false }, at('2026-11-23T08:30:00-03:00'))).toMatchObject({ reason: 'LEGAL_HOURS', nextAt: at('2026-11-23T08:00:00-04:00') });
    expect(callableDdds(wide, at('2026-11-23T07:00:00-03:00'))).toEqual([]);
  });

  it('refuses a number with an unknown area code, and gives up looking after two weeks', () => {
    expect(callingVerdict('+552033334444', rules, at('2026-11-23T10:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'UNKNOWN_AREA_CODE', nextAt: null });
    expect(nextCallableAt('SP', { ...rules, schedule: {} }, at('2026-11-23T10:00:00-03:00'))).toBeNull();
  });

  it('lists the area codes callable now and goes WAITING_SCHEDULE only when no lead can be called', () => {
    const now = at('2026-11-23T09:30:00-03:00');
    const codes = callableDdds(rules, now);
    expect(codes).toContain(11);
    expect(codes).toContain(21);
    expect(codes).not.toContain(92); // Manaus is at 08:30
    expect(codes).not.toContain(68);
    expect(scheduleStatus(['AM', 'SP'], rules, now)).toEqual({ status: 'RUNNING', nextAt: null });
    expect(scheduleStatus(['AM', 'AC'], rules, now)).toEqual({ status: 'WAITING_SCHEDULE', nextAt: at('2026-11-23T09:00:00-04:00') });
    expect(scheduleStatus([], rules, now)).toEqual({ status: 'WAITING_SCHEDULE', nextAt: null });
  });
});
