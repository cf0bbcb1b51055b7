import { describe, expect, it } from 'vitest';
import { applyFailure, applyMessage, type FailureMap, type RegistrationMap } from './registration-stream.ts';

describe('applyMessage', () => {
  const empty: RegistrationMap = new Map();

  it('replaces the map with a snapshot, then follows registrations', () => {
    let map = applyMessage(empty, {
      event: 'snapshot',
      data: JSON.stringify({ extensions: [{ extensionId: 'x1', registeredAt: null }] }),
    });
    expect(map.get('x1')).toBeNull();
    map = applyMessage(map, {
      event: 'EXTENSION_REGISTERED',
      data: JSON.stringify({ extensionId: 'x1', registeredAt: '2026-01-01T00:00:00.000Z' }),
    });
    expect(map.get('x1')).toBe('2026-01-01T00:00:00.000Z');
    map = applyMessage(map, { event: 'EXTENSION_UNREGISTERED', data: JSON.stringify({ extensionId: 'x1' }) });
    expect(map.get('x1')).toBeNull();
  });

  it('ignores unknown events and malformed data', () => {
    expect(applyMessage(empty, { event: 'other', data: '{}' })).toBe(empty);
    expect(applyMessage(empty, { event: 'snapshot', data: 'not json' })).toBe(empty);
  });
});

describe('applyFailure', () => {
  it('keeps the last refused REGISTER of each extension, and ignores everything else', () => {
    const empty: FailureMap = new Map();
    const data = JSON.stringify({ extensionId: 'x1', failedAt: '2026-01-01T00:00:00.000Z', networkIp: '192.0.2.4' });
    const map = applyFailure(empty, { event: 'EXTENSION_REGISTRATION_FAILED', data });
    expect(map.get('x1')).toEqual({ failedAt: '2026-01-01T00:00:00.000Z', networkIp: '192.0.2.4' });
    expect(applyFailure(map, { event: 'EXTENSION_REGISTERED', data })).toBe(map);
    expect(applyFailure(map, { event: 'EXTENSION_REGISTRATION_FAILED', data: 'not json' })).toBe(map);
  });
});
