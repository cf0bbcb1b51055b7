import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, isDue, isSampleDue, remember, staggeredAt, type LastSent, type SampleView } from './tick-changes.ts';

describe('isDue', () => {
  const last: LastSent = { view: { dialLevel: 1.5, reasons: ['CPS'], agents: { available: 1 } }, at: 1_000 };

  it('is due the first time, when the view changed (deep inside too), or when calls were placed', () => {
    expect(isDue(undefined, last.view, 0, 1_000)).toBe(true);
    expect(isDue(last, { dialLevel: 1.6, reasons: ['CPS'], agents: { available: 1 } }, 0, 1_001)).toBe(true);
    expect(isDue(last, { dialLevel: 1.5, reasons: ['CPS', 'DIAL_LEVEL'], agents: { available: 1 } }, 0, 1_001)).toBe(true);
    expect(isDue(last, { dialLevel: 1.5, reasons: ['CPS'], agents: { available: 2 } }, 0, 1_001)).toBe(true);
    expect(isDue(last, last.view, 1, 1_001)).toBe(true);
  });

  it('is not due for an equal view without calls until the heartbeat, its own or the default', () => {
    const equalView = { dialLevel: 1.5, reasons: ['CPS'], agents: { available: 1 } };
    expect(isDue(last, equalView, 0, 1_000 + HEARTBEAT_MS - 1)).toBe(false);
    expect(isDue(last, equalView, 0, 1_000 + HEARTBEAT_MS)).toBe(true);
    expect(isDue(last, equalView, 0, 1_000 + HEARTBEAT_MS, 10 * HEARTBEAT_MS)).toBe(false);
  });
});

describe('isSampleDue', () => {
  const minute = Date.UTC(2026, 10, 25, 13, 7);
  const id = '00002710-0000-4000-8000-000000000000'; // 0x2710 = 10,000: its share of the minute is 10 s
  const values = { dialLevel: 1.5, answerRate: 0.3 };
  const seen = (minuteMs: number, sampleValues: unknown): SampleView => ({ minuteMs, values: sampleValues });
  const last: LastSent = { view: seen(minute, values), at: minute + 5_000 };

  it('is due the first time, when calls were placed or the values changed, never again for the same minute and values', () => {
    expect(isSampleDue(undefined, seen(minute, values), 0, id, minute)).toBe(true);
    expect(isSampleDue(last, seen(minute, values), 2, id, minute + 6_000)).toBe(true);
    expect(isSampleDue(last, seen(minute, { ...values, dialLevel: 1.6 }), 0, id, minute + 6_000)).toBe(true);
    expect(isSampleDue(last, seen(minute, { ...values }), 0, id, minute + 59_000)).toBe(false);
  });

  it('writes a new minute with the same values at the campaign’s own time within the minute, and a new minute with new values at once', () => {
    const next = minute + 60_000;
    expect(isSampleDue(last, seen(next, values), 0, id, next + 9_999)).toBe(false);
    expect(isSampleDue(last, seen(next, values), 0, id, next + 10_000)).toBe(true);
    expect(isSampleDue(last, seen(next, { ...values, answerRate: 0.2 }), 0, id, next)).toBe(true);
  });

  it('spreads many campaigns’ new minute over its first 40 s', () => {
    const next = minute + 60_000;
    const dueAt = Array.from({ length: 300 }, () => crypto.randomUUID()).map((campaign) => {
      let at = next;
      while (!isSampleDue({ view: seen(minute, values), at: minute }, seen(next, values), 0, campaign, at)) at += 2_000;
      return at - next;
    });
    expect(Math.max(...dueAt)).toBeLessThanOrEqual(40_000);
    expect(new Set(dueAt).size).toBeGreaterThan(10);
  });
});

describe('remember', () => {
  it('records what was sent and forgets campaigns no longer ticked', () => {
    const sent = new Map<string, LastSent>([
      ['a', { view: 'old', at: 1 }],
      ['gone', { view: 'x', at: 1 }],
    ]);
    remember(sent, [['a', 'new']], new Set(['a', 'b']), 5);
    expect([...sent.entries()]).toEqual([['a', { view: 'new', at: 5 }]]);
  });

  it('back-dates a campaign’s first send by its share of the heartbeat, so campaigns first sent together do not beat together', () => {
    const sent = new Map<string, LastSent>();
    const now = 1_000_000;
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID());
    remember(sent, ids.map((id) => [id, 'k'] as const), new Set(ids), now);
    const beats = new Set(ids.map((id) => Math.floor((sent.get(id)!.at + HEARTBEAT_MS - now) / 2_000)));
    expect(beats.size).toBeGreaterThan(10);
    for (const id of ids) expect(sent.get(id)!.at).toBe(staggeredAt(id, now, HEARTBEAT_MS));
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
