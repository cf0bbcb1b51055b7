import { describe, expect, it } from 'vitest';
import { auditQueryString, detailLines } from './audit.api.ts';

describe('detailLines', () => {
  it('lists changed fields and reads from/to objects as before → after, unchanged keys left out', () => {
    expect(
      detailLines({ changed: ['status', 'planId'], from: { status: 'ACTIVE', planId: 'p1' }, to: { status: 'SUSPENDED', planId: 'p1' } }),
    ).toEqual([
      { kind: 'changed', fields: ['status', 'planId'] },
      { kind: 'change', key: 'status', before: 'ACTIVE', after: 'SUSPENDED' },
    ]);
  });

  it('reads scalar from/to as one change, and the rest as key: value', () => {
    expect(detailLines({ from: 'agent', to: 'supervisor', email: 'a@x.test', accountCreated: false, roles: ['a', 'b'] })).toEqual([
      { kind: 'change', key: '', before: 'agent', after: 'supervisor' },
      { kind: 'value', key: 'email', value: 'a@x.test' },
      { kind: 'value', key: 'accountCreated', value: 'false' },
      { kind: 'value', key: 'roles', value: 'a, b' },
    ]);
  });

  it('flattens nested objects and renders nothing for empty details', () => {
    expect(detailLines({ gateway: { host: 'sip.example.com' } })).toEqual([{ kind: 'value', key: 'gateway.host', value: 'sip.example.com' }]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines({})).toEqual([]);
  });
});

describe('auditQueryString', () => {
  it('sends only the filters that are set', () => {
    expect(auditQueryString({ action: 'TRUNK_CREATED', actor: '', page: 2, pageSize: 25 })).toBe('action=TRUNK_CREATED&page=2&pageSize=25');
  });
});
