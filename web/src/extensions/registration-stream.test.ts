import { describe, expect, it } from 'vitest';
import { applyMessage, type RegistrationMap } from './registration-stream.ts';

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
