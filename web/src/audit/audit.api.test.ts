import { describe, expect, it } from 'vitest';
import { auditQueryString, detailLines, nextDay, startOfDayIn } from './audit.api.ts';

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

describe('days in the tenant time zone', () => {
  it('finds the instant a day starts in a zone', () => {
    expect(startOfDayIn('2026-11-25', 'America/Sao_Paulo')).toBe('2026-11-25T03:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Europe/Lisbon')).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDayIn('2026-01-01', 'UTC')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('steps to the next day across month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('auditQueryString', () => {
  it('sends only the filters that are set', () => {
    expect(auditQueryString({ action: 'TRUNK_CREATED', actor: '', page: 2, pageSize: 25 })).toBe('action=TRUNK_CREATED&page=2&pageSize=25');
  });
});
