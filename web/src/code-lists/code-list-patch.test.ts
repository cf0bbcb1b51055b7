import { describe, expect, it } from 'vitest';
import { codeListInput, codeListPatch } from './code-list-patch.ts';
import type { CodeListItem } from './code-lists.api.ts';

const disposition: CodeListItem = {
  id: 'd1',
  code: 'SALE',
  name: 'Sale',
  action: 'SUCCESS',
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('codeListInput', () => {
  it('trims, and sends an action only for lists that have one', () => {
    const values = { code: ' SALE ', name: ' Sale ', enabled: true, action: 'CALLBACK' as const };
    expect(codeListInput(values, true)).toEqual({
      code: 'SALE',
      name: 'Sale',
      enabled: true,
      action: 'CALLBACK',
    });
    expect(codeListInput(values, false)).toEqual({ code: 'SALE', name: 'Sale', enabled: true });
  });
});

describe('codeListPatch', () => {
  it('holds only the changed fields', () => {
    expect(
      codeListPatch(disposition, { code: 'SALE', name: 'Sale', enabled: true, action: 'SUCCESS' }),
    ).toEqual({});
    expect(
      codeListPatch(disposition, { code: 'SOLD', name: 'Sale', enabled: false, action: 'CALLBACK' }),
    ).toEqual({
      code: 'SOLD',
      enabled: false,
      action: 'CALLBACK',
    });
    const reason = { ...disposition, action: undefined };
    expect(codeListPatch(reason, { code: 'SALE', name: 'Lunch', enabled: true })).toEqual({ name: 'Lunch' });
  });
});
