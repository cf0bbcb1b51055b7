import { describe, expect, it } from 'vitest';
import {
  didExpression,
  didFromDestination,
  expandRange,
  formatPhone,
  MAX_NUMBER_RANGE,
  parsePhone,
  toE164,
} from './phone.ts';

describe('parsePhone', () => {
  it.each([
    ['(11) 3000-2000', '+551130002000'],
    ['+55 11 3000-2000', '+551130002000'],
    ['551130002000', '+551130002000'],
    ['0055 11 3000-2000', '+551130002000'],
    ['011 3000-2000', '+551130002000'],
    ['(11) 98765-4321', '+5511987654321'],
    ['11.98765.4321', '+5511987654321'],
    ['0800 123 4567', '+558001234567'],
    ['+1 212 555 0100', '+12125550100'],
  ])('%s is %s', (written, e164) => {
    expect(parsePhone(written)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', 'EMPTY'],
    ['190', 'INVALID'],
    ['192', 'INVALID'],
    ['000', 'INVALID'],
    ['11 3000', 'INVALID'],
    ['call me', 'LETTERS'],
    ['11;3000-2000', 'INVALID'],
    ['1'.repeat(41), 'TOO_LONG'],
  ])('%s is refused (%s)', (written, reason) => {
    expect(parsePhone(written)).toEqual({ ok: false, reason });
  });
});

describe('formatPhone', () => {
  it('shows Brazilian numbers in the national form', () => {
    expect(formatPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('551130002000')).toBe('(11) 3000-2000');
  });
  it('shows foreign numbers internationally and anything else as stored', () => {
    expect(formatPhone('+12125550100')).toBe('+1 212 555 0100');
    expect(formatPhone('1001')).toBe('1001');
    expect(formatPhone('ivr_main')).toBe('ivr_main');
  });
});

describe('DIDs as the carrier sends them', () => {
  const forms = ['+551130002000', '551130002000', '1130002000', '01130002000'];
  it('the dialplan expression matches every form and nothing else', () => {
    const expression = new RegExp(didExpression('+551130002000'));
    for (const form of forms) expect(expression.test(form), form).toBe(true);
    for (const other of ['1130002001', '5511300020000', '21130002000', '+1130002000x'])
      expect(expression.test(other), other).toBe(false);
    expect(new RegExp(didExpression('+12125550100')).test('12125550100')).toBe(true);
  });
  it('every form is read back as the stored number', () => {
    for (const form of forms) expect(didFromDestination(form), form).toBe('+551130002000');
    expect(didFromDestination('1001')).toBeNull();
    expect(didFromDestination('abc')).toBeNull();
  });
});

describe('expandRange', () => {
  it('lists a block of consecutive numbers written in any form', () => {
    expect(expandRange('(11) 3000-2000', '+55 11 3000-2002')).toEqual({
      ok: true,
      numbers: ['+551130002000', '+551130002001', '+551130002002'],
    });
  });
  it('refuses reversed, unequal, oversized and invalid ranges', () => {
    expect(expandRange('(11) 3000-2005', '(11) 3000-2000')).toEqual({ ok: false, reason: 'NOT_A_RANGE' });
    expect(expandRange('(11) 3000-2000', '(11) 93000-2000')).toEqual({ ok: false, reason: 'NOT_A_RANGE' });
    expect(expandRange('190', '(11) 3000-2000')).toEqual({ ok: false, reason: 'INVALID_FROM' });
    expect(expandRange('(11) 3000-2000', 'x')).toEqual({ ok: false, reason: 'INVALID_TO' });
    const last = toE164(`+${(551130002000n + BigInt(MAX_NUMBER_RANGE)).toString()}`)!;
    expect(expandRange('(11) 3000-2000', last)).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(expandRange('(11) 3000-2001', last)).toMatchObject({ ok: true });
  });
});
