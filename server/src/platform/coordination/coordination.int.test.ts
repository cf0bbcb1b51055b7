// One contract, run against both implementations; Redis is the real server, never a mock.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BucketSpec, Coordination } from './coordination.ts';
import { createCoordination } from './index.ts';
import { MemoryCoordination } from './memory.ts';
import { RedisCoordination } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

interface Harness {
  /** Instances made with the same prefix share state (the same "cluster"). */
  create(prefix: string): Coordination;
  cleanup?(prefix: string): Promise<void>;
}

/**
 * Token windows are whole seconds (Redis: its own clock, the same machine here). A burst that
 * straddles a boundary would get two windows' worth, so start late bursts in the next second.
 */
async function earlyInSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 600) await sleep(1000 - ms + 10);
}

function levels(capacities: [number, number, number, number], id: string): BucketSpec[] {
  return [
    { level: 'GLOBAL', key: `global-${id}`, capacity: capacities[0] },
    { level: 'TENANT', key: `tenant-${id}`, capacity: capacities[1] },
    { level: 'TRUNK', key: `trunk-${id}`, capacity: capacities[2] },
    { level: 'CAMPAIGN', key: `campaign-${id}`, capacity: capacities[3] },
  ];
}

async function countAllowed(c: Coordination, buckets: BucketSpec[], attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) if ((await c.takeTokens(buckets)).allowed) allowed++;
  return allowed;
}

function describeCoordination(name: string, harness: Harness): void {
  describe(name, () => {
    let prefix = '';
    let opened: Coordination[] = [];
    let c: Coordination;

    beforeEach(() => {
      prefix = `cc-test:${randomUUID()}:`;
      opened = [];
      c = harness.create(prefix);
      opened.push(c);
    });

    afterEach(async () => {
      await Promise.all(opened.map((x) => x.close()));
      await harness.cleanup?.(prefix);
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

    describe('lock', () => {
      it('renews many locks at once: those still held, not one lost to another owner', async () => {
        const held = (await c.acquireLock('many-a', 300))!;
        const lost = (await c.acquireLock('many-b', 100))!;
        await sleep(150);
        const taker = (await c.acquireLock('many-b', 5000))!;
        expect(await c.renewLocks([held, lost], 2000)).toEqual([true, false]);
        await sleep(300); // past the first lease of many-a
        expect(await c.acquireLock('many-a', 1000)).toBeNull();
        expect(await taker.release()).toBe(true);
        expect(await c.renewLocks([], 1000)).toEqual([]);
      });

      it('refuses a second acquire while held; release by the owner frees it', async () => {
        const lock = await c.acquireLock('dialer:leader', 5000);
        expect(lock).not.toBeNull();
        expect(lock!.key).toBe('dialer:leader');
        expect(await c.acquireLock('dialer:leader', 5000)).toBeNull();
        expect(await c.acquireLock('other', 5000)).not.toBeNull();
        expect(await lock!.release()).toBe(true);
        expect(await lock!.release()).toBe(false);
        expect(await c.acquireLock('dialer:leader', 5000)).not.toBeNull();
      });

      it('renew extends the lease', async () => {
        const lock = (await c.acquireLock('renewed', 300))!;
        await sleep(150);
        expect(await lock.renew(2000)).toBe(true);
        await sleep(300); // past the first lease
        expect(await c.acquireLock('renewed', 1000)).toBeNull();
      });

      it('after expiry and takeover the old owner can neither renew nor release', async () => {
        const first = (await c.acquireLock('job', 100))!;
        await sleep(150);
        const second = await c.acquireLock('job', 5000);
        expect(second).not.toBeNull();
        expect(second!.owner).not.toBe(first.owner);
        expect(await first.renew(5000)).toBe(false);
        expect(await first.release()).toBe(false);
        expect(await c.acquireLock('job', 5000)).toBeNull(); // still the second owner's
        expect(await second!.release()).toBe(true);
      });
    });

    describe('pub/sub', () => {
      it('delivers to every subscriber, never inside publish, as a JSON copy', async () => {
        const a: unknown[] = [];
        const b: unknown[] = [];
        await c.subscribe((m) => a.push(m));
        await c.subscribe((m) => b.push(m));
        const message = { type: 'call.ended', at: new Date(0) };
        const published = c.publish(message);
        expect(a).toEqual([]);
        await published;
        const expected = { type: 'call.ended', at: '1970-01-01T00:00:00.000Z' };
        await vi.waitFor(() => {
          expect(a).toEqual([expected]);
          expect(b).toEqual([expected]);
        });
      });

      it('unsubscribe stops delivery', async () => {
        const stopped: unknown[] = [];
        const kept: unknown[] = [];
        const unsubscribe = await c.subscribe((m) => stopped.push(m));
        await c.subscribe((m) => kept.push(m));
        await c.publish(1);
        await vi.waitFor(() => expect(stopped).toEqual([1]));
        await unsubscribe();
        await c.publish(2);
        // Both handlers get a message at the same moment: once 'kept' has 2, 'stopped' would too.
        await vi.waitFor(() => expect(kept).toEqual([1, 2]));
        expect(stopped).toEqual([1]);
      });

      it('a throwing handler does not stop delivery to the others', async () => {
        const received: unknown[] = [];
        await c.subscribe(() => {
          throw new Error('handler bug');
        });
        await c.subscribe((m) => received.push(m));
        await c.publish('a');
        await c.publish('b');
        await vi.waitFor(() => expect(received).toEqual(['a', 'b']));
      });
    });

    it('flags are set, checked and expire after their TTL', async () => {
      await c.setFlag('session:revoked:s1', 1);
      expect(await c.hasFlag('session:revoked:s1')).toBe(true);
      expect(await c.hasFlag('session:revoked:s2')).toBe(false);
      await sleep(1100);
      expect(await c.hasFlag('session:revoked:s1')).toBe(false);
    });

    it('a flag is claimed by one of many parallel callers, and again once it expired', async () => {
      const claims = await Promise.all(Array.from({ length: 20 }, () => c.claimFlag('emitted:e1', 1)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await c.hasFlag('emitted:e1')).toBe(true);
      await sleep(1100);
      expect(await c.claimFlag('emitted:e1', 1)).toBe(true);
    });

    it('ping is true while open, false after close', async () => {
      expect(await c.ping()).toBe(true);
      await c.close();
      expect(await c.ping()).toBe(false);
    });
  });
}

describeCoordination('MemoryCoordination', { create: () => new MemoryCoordination() });

const admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => admin.quit());

/** Deletes every key under a test's prefix (SCAN, never KEYS). */
async function deletePrefix(prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

describeCoordination('RedisCoordination', {
  create: (keyPrefix) => new RedisCoordination({ url: REDIS_URL, keyPrefix }),
  cleanup: deletePrefix,
});

describe('RedisCoordination across instances', () => {
  let prefix = '';
  let opened: Coordination[] = [];
  const open = (keyPrefix = prefix): Coordination => {
    const c = new RedisCoordination({ url: REDIS_URL, keyPrefix });
    opened.push(c);
    return c;
  };

  beforeEach(() => {
    prefix = `cc-test:${randomUUID()}:`;
    opened = [];
  });

  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()));
    await deletePrefix(prefix);
  });

  it('two instances see each other’s messages', async () => {
    const [a, b] = [open(), open()];
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    await a.subscribe((m) => onA.push(m));
    await b.subscribe((m) => onB.push(m));
    await a.publish({ from: 'a' });
    await b.publish({ from: 'b' });
    await vi.waitFor(() => {
      expect(onA).toEqual([{ from: 'a' }, { from: 'b' }]);
      expect(onB).toEqual([{ from: 'a' }, { from: 'b' }]);
    });
  });

  it('a flag claimed on one instance is claimed, for the other', async () => {
    const [a, b] = [open(), open()];
    const [onA, onB] = await Promise.all([a.claimFlag('switch-event:agents:core:41', 60), b.claimFlag('switch-event:agents:core:41', 60)]);
    expect([onA, onB].filter(Boolean)).toHaveLength(1);
    expect(await b.claimFlag('switch-event:agents:core:42', 60)).toBe(true);
  });

  it('two instances share locks', async () => {
    const [a, b] = [open(), open()];
    const lock = (await a.acquireLock('leader', 5000))!;
    expect(await b.acquireLock('leader', 5000)).toBeNull();
    expect(await lock.release()).toBe(true);
    expect(await b.acquireLock('leader', 5000)).not.toBeNull();
  });

  it('two instances share rate-limit counters, and either can reset them', async () => {
    const [a, b] = [open(), open()];
    for (let i = 0; i < 5; i++)
      expect((await a.consumeRateLimit(['login:ip:5.5.5.5'], 5, 60)).allowed).toBe(true);
    expect((await b.consumeRateLimit(['login:ip:5.5.5.5'], 5, 60)).allowed).toBe(false);
    // A fresh instance that never counted anything can still forget the key.
    await open().resetRateLimit('login:ip:5.5.5.5');
    expect((await a.consumeRateLimit(['login:ip:5.5.5.5'], 5, 60)).allowed).toBe(true);
  });

  it('two instances count 30 concurrent attempts on two keys in one order: exactly 5 allowed', async () => {
    const [a, b] = [open(), open()];
    const keys = ['login:ip:4.4.4.4', 'login:email:both@x.y'];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).consumeRateLimit(keys, 5, 60)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('two instances share token buckets, atomically', async () => {
    await earlyInSecond();
    const [a, b] = [open(), open()];
    const buckets = levels([10, 10, 10, 10], 'shared');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).takeTokens(buckets)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('two instances asking many at once grant exactly the capacity of one window', async () => {
    await earlyInSecond();
    const [a, b] = [open(), open()];
    const buckets = levels([1000, 25, 1000, 1000], 'shared-many');
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).takeTokensMany(buckets, 1 + (i % 4))),
    );
    expect(results.reduce((sum, r) => sum + r.granted, 0)).toBe(25);
    expect(new Set(results.map((r) => r.windowSecond)).size).toBe(1);
  });

  it('two instances sending batches for 2.5 s never grant more than any level in any window', async () => {
    const [a, b] = [open(), open()];
    const global: BucketSpec = { level: 'GLOBAL', key: 'batch-hammer-global', capacity: 30 };
    // Per tenant 8, per campaign 5: four tenants × two campaigns; each batch asks for every campaign.
    const requests = Array.from({ length: 8 }, (_, i) => ({
      buckets: [global, { level: 'TENANT' as const, key: `batch-hammer-t${i % 4}`, capacity: 8 }, { level: 'CAMPAIGN' as const, key: `batch-hammer-c${i}`, capacity: 5 }],
      count: 1 + (i % 3),
    }));
    const perWindow = new Map<string, number>();
    const count = (key: string, granted: number) => perWindow.set(key, (perWindow.get(key) ?? 0) + granted);
    const deadline = Date.now() + 2500;
    const caller = async (c: Coordination) => {
      while (Date.now() < deadline) {
        const results = await c.takeTokensBatch(requests);
        results.forEach((r, i) => {
          count(`global:${r.windowSecond}`, r.granted);
          count(`tenant${i % 4}:${r.windowSecond}`, r.granted);
          count(`campaign${i}:${r.windowSecond}`, r.granted);
        });
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => caller(i % 2 ? a : b)));
    const peak = (prefix: string) => Math.max(...[...perWindow].filter(([key]) => key.startsWith(prefix)).map(([, n]) => n));
    // The global level (30, under the tenants' 4 × 8) binds: reached, never exceeded; nor any other level.
    expect(peak('global:')).toBe(30);
    for (let t = 0; t < 4; t++) expect(peak(`tenant${t}:`)).toBeLessThanOrEqual(8);
    for (let i = 0; i < 8; i++) expect(peak(`campaign${i}:`)).toBeLessThanOrEqual(5);
  });

  it('two instances hammering for 2.5 s never grant more than a capacity in any window', async () => {
    const [a, b] = [open(), open()];
    const caps: [number, number, number, number] = [40, 30, 35, 25];
    const buckets = levels(caps, 'hammer');
    const perWindow = new Map<number, number>();
    const deadline = Date.now() + 2500;
    const caller = async (c: Coordination, i: number) => {
      while (Date.now() < deadline) {
        const r = await c.takeTokensMany(buckets, 1 + (i % 3));
        perWindow.set(r.windowSecond, (perWindow.get(r.windowSecond) ?? 0) + r.granted);
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => caller(i % 2 ? a : b, i)));
    // CAMPAIGN (25) is the smallest level: no window above it, and the limit was reached.
    const counts = [...perWindow.values()];
    expect(counts.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...counts)).toBe(25);
  });

  it('instances with another prefix share nothing', async () => {
    const a = open();
    const otherPrefix = `cc-test:${randomUUID()}:`;
    const other = open(otherPrefix);
    const seen: unknown[] = [];
    await other.subscribe((m) => seen.push(m));
    expect(await a.acquireLock('leader', 5000)).not.toBeNull();
    expect(await other.acquireLock('leader', 5000)).not.toBeNull();
    await a.setFlag('f', 10);
    expect(await other.hasFlag('f')).toBe(false);
    await a.publish('hello');
    await other.publish('own');
    await vi.waitFor(() => expect(seen).toEqual(['own']));
    await deletePrefix(otherPrefix);
  });

  it('fails fast when Redis is down: ping is false, commands reject, close returns', async () => {
    const dead = new RedisCoordination({ url: 'redis://127.0.0.1:1', keyPrefix: prefix });
    const started = Date.now();
    expect(await dead.ping()).toBe(false);
    await expect(dead.takeTokens(levels([1, 1, 1, 1], 'dead'))).rejects.toThrow();
    await expect(dead.consumeRateLimit(['k'], 5, 60)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    await dead.close();
  });

  it('createCoordination picks Redis with a URL, memory without', async () => {
    const redis = createCoordination({ redisUrl: REDIS_URL, keyPrefix: prefix });
    const memory = createCoordination({});
    opened.push(redis, memory);
    expect(redis.kind).toBe('redis');
    expect(memory.kind).toBe('memory');
    expect(await redis.ping()).toBe(true);
  });
});
