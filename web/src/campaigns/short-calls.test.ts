import { describe, expect, it } from 'vitest';
import { shortCallAlert } from './short-calls.ts';

const counts = { today: 5, shortToday: 5, share: 1, threshold: 0.6, level: 'OK' as const, minCalls: 200 };

describe('shortCallAlert', () => {
  it("flags a share over the threshold on fewer calls than the dialer acts on", () => {
    expect(shortCallAlert(counts)).toBe('OVER_ON_FEW_CALLS');
  });

  it('keeps the server level when it is not OK, and OK under the threshold or with no calls', () => {
    expect(shortCallAlert({ ...counts, today: 400, shortToday: 300, share: 0.75, level: 'WARNING' })).toBe('WARNING');
    expect(shortCallAlert({ ...counts, shortToday: 2, share: 0.4 })).toBe('OK');
    expect(shortCallAlert({ ...counts, today: 0, shortToday: 0, share: 0 })).toBe('OK');
    expect(shortCallAlert({ ...counts, today: 300, shortToday: 150, share: 0.5 })).toBe('OK');
  });
});
