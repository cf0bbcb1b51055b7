// One contract, run against both implementations (coordination.support.ts): the rate limits and the
// token buckets. Locks, flags and pub/sub are coordination.int.test.ts', two instances sharing one
// Redis coordination-instances.int.test.ts'.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BucketSpec, Coordination } from './coordination.ts';
import { countAllowed, describeBothCoordinations, earlyInSecond, levels } from './coordination.support.ts';

describeBothCoordinations((current) => {
  let c: Coordination;

  beforeEach(() => {
    c = current();
  });

  describe('rate limit', () => {
    it('refuses the 6th attempt of 5 per minute, retry-after within the window', async () => {
      for (let i = 0; i < 5; i++) {
        expect(await c.consumeRateLimit(['login:ip:1.2.3.4'], 5, 60)).toEqual({
          allowed: true,
          retryAfterSeconds: 0,
        });
      }
      const refused = await c.consumeRateLimit(['login:ip:1.2.3.4'], 5, 60);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('refuses when either of two keys is over the limit', async () => {
      // One IP trying five emails, then one email from five IPs.
      for (let i = 0; i < 5; i++) {
        expect(
          (await c.consumeRateLimit(['login:ip:1.1.1.1', `login:email:${i}@x.y`], 5, 60)).allowed,
        ).toBe(true);
      }
      expect((await c.consumeRateLimit(['login:ip:1.1.1.1', 'login:email:new@x.y'], 5, 60)).allowed).toBe(
        false,
      );

      for (let i = 0; i < 5; i++) {
        expect(
          (await c.consumeRateLimit([`login:ip:2.2.2.${i}`, 'login:email:a@b.c'], 5, 60)).allowed,
        ).toBe(true);
      }
      const refused = await c.consumeRateLimit(['login:ip:3.3.3.3', 'login:email:a@b.c'], 5, 60);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('counts the attempt against every key, also when one of them refuses', async () => {
      for (let i = 0; i < 5; i++) await c.consumeRateLimit(['a'], 5, 60);
      expect((await c.consumeRateLimit(['a', 'b'], 5, 60)).allowed).toBe(false);
      // 'b' has one attempt already: four left.
      for (let i = 0; i < 4; i++) expect((await c.consumeRateLimit(['b'], 5, 60)).allowed).toBe(true);
      expect((await c.consumeRateLimit(['b'], 5, 60)).allowed).toBe(false);
    });

    it('reset makes a key usable again, and only that key', async () => {
      for (let i = 0; i < 6; i++)
        await c.consumeRateLimit(['login:ip:9.9.9.9', 'login:email:z@z.z'], 5, 60);
      await c.resetRateLimit('login:email:z@z.z');
      expect((await c.consumeRateLimit(['login:email:z@z.z'], 5, 60)).allowed).toBe(true);
      expect((await c.consumeRateLimit(['login:ip:9.9.9.9'], 5, 60)).allowed).toBe(false);
      await c.resetRateLimit('login:ip:9.9.9.9');
      expect((await c.consumeRateLimit(['login:ip:9.9.9.9', 'login:email:z@z.z'], 5, 60)).allowed).toBe(
        true,
      );
    });

    it('counts 30 concurrent attempts on two keys in one order: exactly 5 allowed', async () => {
      const keys = ['login:ip:6.6.6.6', 'login:email:race@x.y'];
      const results = await Promise.all(Array.from({ length: 30 }, () => c.consumeRateLimit(keys, 5, 60)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      for (const refused of results.filter((r) => !r.allowed)) {
        expect(refused.retryAfterSeconds).toBeGreaterThan(0);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
    });

    it('refund gives one attempt back, never below zero', async () => {
      for (let i = 0; i < 5; i++) await c.consumeRateLimit(['r'], 5, 60);
      await c.refundRateLimit(['r'], 5, 60);
      expect((await c.consumeRateLimit(['r'], 5, 60)).allowed).toBe(true);
      expect((await c.consumeRateLimit(['r'], 5, 60)).allowed).toBe(false);
      // A key with nothing counted gains nothing from a refund.
      await c.refundRateLimit(['fresh'], 5, 60);
      await c.refundRateLimit(['fresh'], 5, 60);
      for (let i = 0; i < 5; i++) expect((await c.consumeRateLimit(['fresh'], 5, 60)).allowed).toBe(true);
      expect((await c.consumeRateLimit(['fresh'], 5, 60)).allowed).toBe(false);
    });

    it('keeps independent keys apart', async () => {
      for (let i = 0; i < 6; i++) await c.consumeRateLimit(['k1'], 5, 60);
      expect((await c.consumeRateLimit(['k1'], 5, 60)).allowed).toBe(false);
      for (let i = 0; i < 5; i++) expect((await c.consumeRateLimit(['k2'], 5, 60)).allowed).toBe(true);
    });
  });

  describe('token bucket', () => {
    it('respects the capacity within one second', async () => {
      await earlyInSecond();
      const buckets = levels([3, 3, 3, 3], 'cap');
      expect(await countAllowed(c, buckets, 5)).toBe(3);
    });

    it('is all or nothing: a full level leaves the other counters untouched', async () => {
      await earlyInSecond();
      const [global, tenant, trunk, campaign] = levels([5, 2, 5, 5], 'aon') as [
        BucketSpec,
        BucketSpec,
        BucketSpec,
        BucketSpec,
      ];
      expect(await countAllowed(c, [global, tenant, trunk, campaign], 2)).toBe(2);
      for (let i = 0; i < 3; i++) {
        expect(await c.takeTokens([global, tenant, trunk, campaign])).toEqual({
          allowed: false,
          exhausted: 'TENANT',
        });
      }
      // Refused takes did not count: GLOBAL, TRUNK and CAMPAIGN still have 3 tokens each.
      expect(await countAllowed(c, [global, trunk, campaign], 3)).toBe(3);
      expect(await c.takeTokens([global, trunk, campaign])).toEqual({
        allowed: false,
        exhausted: 'GLOBAL',
      });
    });

    it('names the first full level in the given order', async () => {
      await earlyInSecond();
      const [global, tenant, trunk, campaign] = levels([10, 10, 1, 1], 'order') as [
        BucketSpec,
        BucketSpec,
        BucketSpec,
        BucketSpec,
      ];
      expect(await c.takeTokens([global, tenant, trunk, campaign])).toEqual({ allowed: true });
      expect(await c.takeTokens([global, tenant, trunk, campaign])).toMatchObject({
        allowed: false,
        exhausted: 'TRUNK',
      });
      expect(await c.takeTokens([campaign, trunk, tenant, global])).toMatchObject({
        allowed: false,
        exhausted: 'CAMPAIGN',
      });
      expect(await c.takeTokens([global, { ...tenant, key: 'zero', capacity: 0 }])).toMatchObject({
        allowed: false,
        exhausted: 'TENANT',
      });
    });

    it('gives the tokens back in the next second', async () => {
      const buckets = levels([2, 2, 2, 2], 'refill');
      await countAllowed(c, buckets, 2);
      expect((await c.takeTokens(buckets)).allowed).toBe(false);
      await sleep(1100);
      expect((await c.takeTokens(buckets)).allowed).toBe(true);
    });

    it('allows exactly the capacity under 50 concurrent takes', async () => {
      await earlyInSecond();
      const buckets = levels([100, 10, 100, 100], 'race');
      const results = await Promise.all(Array.from({ length: 50 }, () => c.takeTokens(buckets)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.filter((r) => r.exhausted === 'TENANT')).toHaveLength(40);
    });
  });

  describe('token bucket, many at once', () => {
    it('grants what the emptiest level has left, names it, then nothing', async () => {
      await earlyInSecond();
      const before = Math.floor(Date.now() / 1000);
      const buckets = levels([10, 6, 8, 9], 'many');
      const first = await c.takeTokensMany(buckets, 4);
      const second = await c.takeTokensMany(buckets, 4);
      const third = await c.takeTokensMany(buckets, 4);
      const after = Math.floor(Date.now() / 1000);
      expect(first).toEqual({ granted: 4, windowSecond: first.windowSecond });
      expect(second).toEqual({ granted: 2, exhausted: 'TENANT', windowSecond: first.windowSecond });
      expect(third).toEqual({ granted: 0, exhausted: 'TENANT', windowSecond: first.windowSecond });
      // The window is the clock's second (Redis runs on this machine's clock in the tests).
      expect(first.windowSecond).toBeGreaterThanOrEqual(before);
      expect(first.windowSecond).toBeLessThanOrEqual(after);
    });

    it('debits every level by the same grant, and a refusal debits none', async () => {
      await earlyInSecond();
      const [global, tenant, trunk, campaign] = levels([5, 5, 5, 3], 'even') as [
        BucketSpec,
        BucketSpec,
        BucketSpec,
        BucketSpec,
      ];
      expect(await c.takeTokensMany([global, tenant, trunk, campaign], 5)).toMatchObject({
        granted: 3,
        exhausted: 'CAMPAIGN',
      });
      expect(await c.takeTokensMany([global, tenant, trunk, campaign], 1)).toMatchObject({
        granted: 0,
        exhausted: 'CAMPAIGN',
      });
      // 3 taken from each of the others, not 5, and none by the refusal: 2 left in each.
      expect(await countAllowed(c, [global, tenant, trunk], 4)).toBe(2);
    });

    it('shares the counters with takeTokens', async () => {
      await earlyInSecond();
      const buckets = levels([10, 10, 10, 3], 'mixed');
      expect(await countAllowed(c, buckets, 2)).toBe(2);
      expect(await c.takeTokensMany(buckets, 5)).toMatchObject({ granted: 1, exhausted: 'CAMPAIGN' });
      expect(await c.takeTokens(buckets)).toEqual({ allowed: false, exhausted: 'CAMPAIGN' });
    });

    it('names the first level in the given order among those that limit the grant', async () => {
      await earlyInSecond();
      const [global, tenant, trunk, campaign] = levels([10, 10, 2, 2], 'tie') as [
        BucketSpec,
        BucketSpec,
        BucketSpec,
        BucketSpec,
      ];
      expect(await c.takeTokensMany([global, tenant, trunk, campaign], 3)).toMatchObject({
        granted: 2,
        exhausted: 'TRUNK',
      });
      expect(await c.takeTokensMany([campaign, trunk, tenant, global], 3)).toMatchObject({
        granted: 0,
        exhausted: 'CAMPAIGN',
      });
      // A capacity lowered below what the window already took: nothing, that level named.
      expect(await c.takeTokensMany([global, { ...tenant, capacity: 1 }], 2)).toMatchObject({
        granted: 0,
        exhausted: 'TENANT',
      });
    });

    it('a count of 0 takes nothing; a fraction or a negative count is refused', async () => {
      await earlyInSecond();
      const buckets = levels([1, 1, 1, 1], 'zero');
      expect(await c.takeTokensMany(buckets, 0)).toEqual({ granted: 0, windowSecond: expect.any(Number) });
      expect(await c.takeTokensMany([], 3)).toEqual({ granted: 3, windowSecond: expect.any(Number) });
      await expect(c.takeTokensMany(buckets, 1.5)).rejects.toThrow(RangeError);
      await expect(c.takeTokensMany(buckets, -1)).rejects.toThrow(RangeError);
      await expect(c.takeTokensMany(buckets, Number.NaN)).rejects.toThrow(RangeError);
      expect(await c.takeTokensMany(buckets, 1)).toMatchObject({ granted: 1 });
    });

    it('gives the tokens back in the next window', async () => {
      const buckets = levels([3, 3, 3, 3], 'next');
      const first = await c.takeTokensMany(buckets, 3);
      await sleep(1100);
      const later = await c.takeTokensMany(buckets, 3);
      expect(later.granted).toBe(3);
      expect(later.windowSecond).toBeGreaterThan(first.windowSecond);
    });

    it('grants exactly the capacity under 40 concurrent asks', async () => {
      await earlyInSecond();
      const buckets = levels([1000, 20, 1000, 1000], 'many-race');
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => c.takeTokensMany(buckets, 1 + (i % 4))));
      expect(results.reduce((sum, r) => sum + r.granted, 0)).toBe(20);
      expect(new Set(results.map((r) => r.windowSecond)).size).toBe(1);
      results.forEach((r, i) => {
        if (r.granted < 1 + (i % 4)) expect(r.exhausted).toBe('TENANT');
        else expect(r.exhausted).toBeUndefined();
      });
    });
  });

  describe('token bucket, a batch of requests', () => {
    it('serves each request as takeTokensMany would, one after the other, in one window', async () => {
      await earlyInSecond();
      const global: BucketSpec = { level: 'GLOBAL', key: 'batch-global', capacity: 7 };
      const tenant = (id: string, capacity: number): BucketSpec => ({ level: 'TENANT', key: `batch-${id}`, capacity });
      const campaign = (id: string, capacity: number): BucketSpec => ({ level: 'CAMPAIGN', key: `batch-${id}`, capacity });
      const results = await c.takeTokensBatch([
        { buckets: [global, tenant('t1', 5), campaign('c1', 3)], count: 4 },
        { buckets: [global, tenant('t1', 5), campaign('c2', 3)], count: 3 },
        { buckets: [global, tenant('t2', 5), campaign('c3', 3)], count: 0 },
        { buckets: [global, tenant('t2', 5), campaign('c4', 3)], count: 3 },
        { buckets: [global, tenant('t3', 5)], count: 1 },
        { buckets: [], count: 2 },
      ]);
      const window = results[0]!.windowSecond;
      expect(results).toEqual([
        { granted: 3, exhausted: 'CAMPAIGN', windowSecond: window },
        { granted: 2, exhausted: 'TENANT', windowSecond: window },
        { granted: 0, windowSecond: window },
        // GLOBAL had 7: 3 + 2 taken, 2 left.
        { granted: 2, exhausted: 'GLOBAL', windowSecond: window },
        { granted: 0, exhausted: 'GLOBAL', windowSecond: window },
        { granted: 2, windowSecond: window },
      ]);
      // The buckets are the ones takeTokensMany and takeTokens count in.
      expect(await c.takeTokensMany([tenant('t1', 5)], 5)).toMatchObject({ granted: 0, exhausted: 'TENANT' });
      expect(await c.takeTokens([tenant('t2', 5)])).toEqual({ allowed: true });
      expect(await c.takeTokensBatch([])).toEqual([]);
      await expect(c.takeTokensBatch([{ buckets: [global], count: 1.5 }])).rejects.toThrow(RangeError);
    });
  });
});
