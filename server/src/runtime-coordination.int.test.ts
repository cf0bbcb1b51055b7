// Two platforms on one Redis (REDIS_KEY_PREFIX, decision 0041): each one's live events, locks and
// flags stay its own, because the coordination the platform builds from its configuration puts
// the prefix on every key and on the events channel.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from './config.ts';
import { createCoordination, type Coordination } from './platform/coordination/index.ts';
import { RealtimeHub } from './platform/realtime/hub.ts';
import { realtimePublisher, type RealtimeEvent } from './platform/realtime/events.ts';
import { coordinationOptions } from './runtime.ts';
import { TEST_REDIS_URL } from '../test/env.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

const platformOn = async (prefix: string | undefined) => {
  const config = parseConfig({ REDIS_URL: TEST_REDIS_URL, ...(prefix ? { REDIS_KEY_PREFIX: prefix } : {}) });
  const coordination: Coordination = createCoordination(coordinationOptions(config, () => undefined));
  opened.push(coordination);
  const hub = new RealtimeHub(coordination);
  await hub.start();
  opened.push({ close: () => hub.stop() });
  const heard: RealtimeEvent[] = [];
  hub.listen((event) => heard.push(event));
  return { coordination, heard, publisher: realtimePublisher(coordination) };
};

describe('REDIS_KEY_PREFIX', () => {
  it('keeps two platforms on one Redis apart: live events, locks and flags', async () => {
    const tag = randomUUID().slice(0, 8);
    const one = await platformOn(`p1-${tag}:`);
    const two = await platformOn(`p2-${tag}:`);
    const tenantId = randomUUID();
    await one.publisher.publish(tenantId, 'CALL_CREATED', { callId: 'from-one' });
    await two.publisher.publish(tenantId, 'CALL_CREATED', { callId: 'from-two' });
    await vi.waitFor(() => {
      expect(one.heard.map((event) => event.callId)).toEqual(['from-one']);
      expect(two.heard.map((event) => event.callId)).toEqual(['from-two']);
    });
    expect(await one.coordination.acquireLock('campaign:x', 5_000)).not.toBeNull();
    expect(await two.coordination.acquireLock('campaign:x', 5_000)).not.toBeNull();

    // What lands in Redis: each platform's keys and channel under its own prefix.
    const probe = new Redis(TEST_REDIS_URL);
    opened.push({ close: async () => void probe.disconnect() });
    const channels = await probe.pubsub('CHANNELS', `p?-${tag}:*`);
    expect(channels.sort()).toEqual([`p1-${tag}:events`, `p2-${tag}:events`]);
    expect((await probe.keys(`p1-${tag}:*`)).length).toBeGreaterThan(0);
    for (const key of await probe.keys(`p?-${tag}:*`)) await probe.del(key);
  });

  it("defaults to the prefix every platform had so far ('cc:'), so one upgraded instance still meets the others", async () => {
    expect(parseConfig({}).redisKeyPrefix).toBe('cc:');
    expect(coordinationOptions(parseConfig({ REDIS_URL: TEST_REDIS_URL }), () => undefined)).toMatchObject({ keyPrefix: 'cc:' });
  });
});
