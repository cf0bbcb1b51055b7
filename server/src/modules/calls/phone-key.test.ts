import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone-key.ts';

// Every written form of one Brazilian mobile and one landline, as people type them and as
// switches and carriers write them.
export const SAME_MOBILE = [
  '+55 11 98765-4321',
  '+55 (11) 98765-4321',
  '(11) 98765-4321',
  '11 98765 4321',
  '11987654321',
  '5511987654321',
  '+5511987654321',
  '005511987654321',
  '011987654321',
  '0 11 98765-4321',
  '0 21 11 98765-4321',
  '02111987654321',
  '11.98765.4321',
];
export const SAME_LANDLINE = ['+55 11 3333-4444', '(11) 3333-4444', '1133334444', '551133334444', '01133334444', '0151133334444'];
/** Numbers that are not those two: other subscribers, no area code, other countries, extensions. */
export const OTHERS = ['11987654322', '987654321', '98765-4321', '+1 212 555 0100', '1001', '21987654321', '+44 20 7946 0958'];

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
