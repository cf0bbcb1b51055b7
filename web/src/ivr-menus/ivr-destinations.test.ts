import { describe, expect, it } from 'vitest';
import { describeDestination, sortedExtensions } from './ivr-destinations.ts';

const extensions = [
  { number: '101', callerId: 'Vendas' },
  { number: '102', callerId: null },
];

describe('describeDestination', () => {
  it('names an extension by its caller ID when it has one', () => {
    expect(describeDestination('101', extensions)).toEqual({ kind: 'named', number: '101', name: 'Vendas' });
    expect(describeDestination('102', extensions)).toEqual({ kind: 'plain', number: '102' });
  });

  it('flags a number no extension has, and falls back to the number without the list', () => {
    expect(describeDestination('999', extensions)).toEqual({ kind: 'unknown', number: '999' });
    expect(describeDestination('999', undefined)).toEqual({ kind: 'plain', number: '999' });
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
