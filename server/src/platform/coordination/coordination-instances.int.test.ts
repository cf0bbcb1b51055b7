// Two RedisCoordination instances on one Redis, as two processes of the platform would be: they share
// every counter, lock and message of their prefix, nothing of another's (coordination.support.ts).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BucketSpec, Coordination } from './coordination.ts';
import { earlyInSecond, levels, prefixCleaner, REDIS_URL } from './coordination.support.ts';
import { createCoordination } from './index.ts';
import { RedisCoordination } from './redis.ts';

const deletePrefix = prefixCleaner();

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
