import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, isDue, remember, staggeredAt, viewKey, type LastSent } from './tick-changes.ts';

describe('isDue', () => {
  const last: LastSent = { key: viewKey({ dialLevel: 1.5, reasons: ['CPS'] }), at: 1_000 };

  it('is due the first time, when the view changed, or when calls were placed', () => {
    expect(isDue(undefined, last.key, 0, 1_000)).toBe(true);
    expect(isDue(last, viewKey({ dialLevel: 1.6, reasons: ['CPS'] }), 0, 1_001)).toBe(true);
    expect(isDue(last, last.key, 1, 1_001)).toBe(true);
  });

  it('is not due for the same view without calls until the heartbeat', () => {
    expect(isDue(last, last.key, 0, 1_000 + HEARTBEAT_MS - 1)).toBe(false);
    expect(isDue(last, last.key, 0, 1_000 + HEARTBEAT_MS)).toBe(true);
  });

  it('never on the heartbeat alone when it is infinite (the minute samples: the minute is in the key)', () => {
    expect(isDue(last, last.key, 0, 1_000 + 10 * HEARTBEAT_MS, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('remember', () => {
  it('records what was sent and forgets campaigns no longer ticked', () => {
    const sent = new Map<string, LastSent>([
      ['a', { key: 'old', at: 1 }],
      ['gone', { key: 'x', at: 1 }],
    ]);
    remember(sent, [['a', 'new']], new Set(['a', 'b']), 5);
    expect([...sent.entries()]).toEqual([['a', { key: 'new', at: 5 }]]);
  });
});

describe('staggeredAt', () => {
  it('back-dates a first count by a share of the period taken from the id, within the period', () => {
    const period = 30_000;
    const now = 1_000_000;
    const ids = ['00000000-0000-4000-8000-000000000000', '0000ea60-aaaa-4000-8000-000000000000', 'ffffffff-0000-4000-8000-000000000000', '12345678-9abc-4def-8000-000000000000'];
    const ats = ids.map((id) => staggeredAt(id, now, period));
    for (const at of ats) {
      expect(at).toBeLessThanOrEqual(now);
      expect(at).toBeGreaterThan(now - period);
    }
    expect(ats[0]).toBe(now);
    expect(ats[1]).toBe(now); // 0xea60 = 60,000: a whole number of periods
    expect(ats[3]).toBe(now - (0x12345678 % period));
  });

  it('spreads many campaigns over the period', () => {
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID());
    const buckets = new Set(ids.map((id) => Math.floor((1_000_000 - staggeredAt(id, 1_000_000, 30_000)) / 2_000)));
    expect(buckets.size).toBeGreaterThan(10);
  });
});
