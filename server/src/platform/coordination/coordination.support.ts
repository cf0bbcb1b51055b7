// The harness of the coordination contract's tests (coordination*.int.test.ts): the same cases run
// against both implementations; Redis is the real server, never a mock.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe } from 'vitest';
import type { BucketSpec, Coordination } from './coordination.ts';
import { MemoryCoordination } from './memory.ts';
import { RedisCoordination } from './redis.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

interface Harness {
  /** Instances made with the same prefix share state (the same "cluster"). */
  create(prefix: string): Coordination;
  cleanup?(prefix: string): Promise<void>;
}

/**
 * Token windows are whole seconds (Redis: its own clock, the same machine here). A burst that
 * straddles a boundary would get two windows' worth, so start late bursts in the next second.
 */
export async function earlyInSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 600) await sleep(1000 - ms + 10);
}

export function levels(capacities: [number, number, number, number], id: string): BucketSpec[] {
  return [
    { level: 'GLOBAL', key: `global-${id}`, capacity: capacities[0] },
    { level: 'TENANT', key: `tenant-${id}`, capacity: capacities[1] },
    { level: 'TRUNK', key: `trunk-${id}`, capacity: capacities[2] },
    { level: 'CAMPAIGN', key: `campaign-${id}`, capacity: capacities[3] },
  ];
}

export async function countAllowed(c: Coordination, buckets: BucketSpec[], attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) if ((await c.takeTokens(buckets)).allowed) allowed++;
  return allowed;
}

/**
 * Deletes every key under a test's prefix (SCAN, never KEYS), on a connection of the calling file
 * closed after its tests.
 */
export function prefixCleaner(): (prefix: string) => Promise<void> {
  const admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  afterAll(() => admin.quit());
  return async (prefix) => {
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  };
}

/**
 * The file's `cases` in a describe per implementation, named as before the split (MemoryCoordination,
 * RedisCoordination); each case gets a fresh instance on a prefix of its own, closed after it.
 */
export function describeBothCoordinations(cases: (current: () => Coordination) => void): void {
  describeCoordination('MemoryCoordination', { create: () => new MemoryCoordination() }, cases);
  const deletePrefix = prefixCleaner();
  describeCoordination('RedisCoordination', { create: (keyPrefix) => new RedisCoordination({ url: REDIS_URL, keyPrefix }), cleanup: deletePrefix }, cases);
}

function describeCoordination(name: string, harness: Harness, cases: (current: () => Coordination) => void): void {
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

    cases(() => c);
  });
}
