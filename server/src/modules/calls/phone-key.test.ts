import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone-key.ts';
import { OTHERS, SAME_LANDLINE, SAME_MOBILE } from './phone-forms.test-support.ts';

describe('phoneKey', () => {
  it('gives every written form of a Brazilian number the national number (area code + subscriber)', () => {
    for (const form of SAME_MOBILE) expect(phoneKey(form), form).toBe('11987654321');
    for (const form of SAME_LANDLINE) expect(phoneKey(form), form).toBe('1133334444');
  });

  it('keeps other numbers apart from those', () => {
    const keys = OTHERS.map(phoneKey);
    expect(keys).not.toContain('11987654321');
    expect(keys).not.toContain('1133334444');
    expect(phoneKey('98765-4321')).toBe('987654321');
    expect(phoneKey('+1 212 555 0100')).toBe('12125550100');
    expect(phoneKey('1001')).toBe('1001');
  });

  it('has no key for text without a digit', () => {
    expect(phoneKey('')).toBeNull();
    expect(phoneKey('+() -')).toBeNull();
    expect(phoneKey('00')).toBeNull();
  });
});
