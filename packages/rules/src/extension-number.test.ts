import { describe, expect, it } from 'vitest';
import { EXTENSION_DIAL_EXPRESSION, EXTENSION_INPUT_PATTERN, isExtensionNumber } from './extension-number.ts';

describe('extension number', () => {
  it('accepts 2 to 8 digits and nothing else', () => {
    for (const number of ['10', '1001', '1234567', '12345678'])
      expect(isExtensionNumber(number), number).toBe(true);
    for (const number of ['1', '123456789', '10a', '', ' 10', '+551'])
      expect(isExtensionNumber(number), number).toBe(false);
  });
  it('is dialed by the same rule it is accepted by', () => {
    const dial = new RegExp(EXTENSION_DIAL_EXPRESSION);
    const input = new RegExp(`^(?:${EXTENSION_INPUT_PATTERN})$`);
    for (const number of ['1', '10', '123456', '1234567', '12345678', '123456789', '*8']) {
      expect(dial.test(number), number).toBe(isExtensionNumber(number));
      expect(input.test(number), number).toBe(isExtensionNumber(number));
    }
    expect(dial.exec('1234567')?.[1]).toBe('1234567');
  });
});
