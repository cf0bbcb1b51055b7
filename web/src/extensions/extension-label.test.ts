import { describe, expect, it } from 'vitest';
import { extensionLabel, sortedExtensions } from './extension-label.ts';

describe('extensionLabel', () => {
  it('names an extension by number and caller ID', () => {
    expect(extensionLabel({ number: '1001', callerId: 'Recepcao' })).toBe('1001 — Recepcao');
    expect(extensionLabel({ number: '1001', callerId: null })).toBe('1001');
  });
});

describe('sortedExtensions', () => {
  it('sorts shorter numbers first, then by digits', () => {
    const numbers = sortedExtensions(
      [{ number: '1001' }, { number: '20' }, { number: '101' }, { number: '100' }].map((item) => ({
        ...item,
        callerId: null,
      })),
    );
    expect(numbers.map((item) => item.number)).toEqual(['20', '100', '101', '1001']);
  });
});
