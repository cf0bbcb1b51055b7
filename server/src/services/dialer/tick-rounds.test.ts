// The CPS buckets a tick's round found full: later rounds do not ask behind them in the same second.
import { describe, expect, it } from 'vitest';
import type { BucketSpec } from '../../platform/coordination/coordination.ts';
import { noteFull, surelyFull, type FullBuckets } from './tick-rounds.ts';

const global: BucketSpec = { level: 'GLOBAL', key: 'global', capacity: 200 };
const tenant = (key: string): BucketSpec => ({ level: 'TENANT', key, capacity: 5 });
const campaign = (key: string): BucketSpec => ({ level: 'CAMPAIGN', key, capacity: 3 });

describe('noteFull / surelyFull', () => {
  it('notes the level that limited a grant in its window, and skips requests behind it in that second only', () => {
    const full: FullBuckets = new Map();
    noteFull(full, [global, tenant('t1'), campaign('c1')], { granted: 1, exhausted: 'GLOBAL', windowSecond: 100 });
    expect(surelyFull(full, [global, tenant('t2'), campaign('c2')], 100)).toBe(true);
    // Another second (the next window, or a clock off by a second or more): asked again.
    expect(surelyFull(full, [global, tenant('t2'), campaign('c2')], 101)).toBe(false);
    expect(surelyFull(full, [global, tenant('t2'), campaign('c2')], 99)).toBe(false);
  });

  it('a full tenant or campaign skips only the requests that share it', () => {
    const full: FullBuckets = new Map();
    noteFull(full, [global, tenant('t1'), campaign('c1')], { granted: 0, exhausted: 'TENANT', windowSecond: 7 });
    expect(surelyFull(full, [global, tenant('t1'), campaign('c9')], 7)).toBe(true);
    expect(surelyFull(full, [global, tenant('t2'), campaign('c1')], 7)).toBe(false);
  });

  it('a grant of everything asked notes nothing', () => {
    const full: FullBuckets = new Map();
    noteFull(full, [global, tenant('t1')], { granted: 3, windowSecond: 7 });
    expect(full.size).toBe(0);
    expect(surelyFull(full, [global], 7)).toBe(false);
  });
});
