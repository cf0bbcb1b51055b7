import { describe, expect, it } from 'vitest';
import { describeDestination } from './ivr-destinations.ts';

const extensions = [
  { number: '101', callerId: 'Vendas' },
  { number: '102', callerId: null },
];

describe('describeDestination', () => {
  it('names an extension by its caller ID when it has one', () => {
    expect(describeDestination('101', extensions)).toEqual({ kind: 'extension', label: '101 — Vendas' });
    expect(describeDestination('102', extensions)).toEqual({ kind: 'extension', label: '102' });
  });

  it('flags a number no extension has, and falls back to the number without the list', () => {
    expect(describeDestination('999', extensions)).toEqual({ kind: 'unknown', number: '999' });
    expect(describeDestination('999', undefined)).toEqual({ kind: 'extension', label: '999' });
  });
});
