import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-client.ts';
import { refreshDelaySeconds } from './session.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('42')).toBe(42);
    expect(parseRetryAfter(' 7 ')).toBe(7);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('refreshDelaySeconds', () => {
  it('refreshes shortly before the access token expires', () => {
    expect(refreshDelaySeconds(900)).toBe(870);
  });

  it('never schedules a refresh loop for very short lifetimes', () => {
    expect(refreshDelaySeconds(10)).toBe(5);
  });
});
