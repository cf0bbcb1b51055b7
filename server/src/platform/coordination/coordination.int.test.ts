// One contract, run against both implementations (coordination.support.ts): locks, flags, pub/sub
// and ping. The rate limits and token buckets are coordination-limits.int.test.ts', two instances
// sharing one Redis coordination-instances.int.test.ts'.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coordination } from './coordination.ts';
import { describeBothCoordinations } from './coordination.support.ts';

describeBothCoordinations((current) => {
  let c: Coordination;

  beforeEach(() => {
    c = current();
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
