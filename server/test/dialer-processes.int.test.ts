// Two dialer processes on one Redis (the platform's own and a second engine with its own Redis
// connection): they share the campaigns, never dial a lead twice, hold the tenant's CPS together,
// and when one is killed the other takes its campaigns within the lock's TTL and reconciles the
// attempts it left in flight.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoordination } from '../src/platform/coordination/index.ts';
import { realtimePublisher } from '../src/platform/realtime/events.ts';
import { DialerEngine } from '../src/services/dialer/dialer.service.ts';
import { campaignWithLeads, dialerTenant, paperAgents, steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';
import { TEST_REDIS_URL } from './env.ts';
import { createPlatformAdmin, login } from './harness.ts';
import { startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const model = steerableModel();
model.only('NO_ANSWER');
model.ringSeconds.NO_ANSWER = [8, 8];
const keyPrefix = `test:${randomUUID()}:`;
const tuning = { tickMs: 200, lockTtlMs: 3_000, reconcileMs: 500, callingClock: () => WEDNESDAY_MORNING, simulationModel: model };
let t: SwitchedApp;
const secondRedis = createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix });
let second: DialerEngine;

beforeAll(async () => {
  t = await startSwitchedApp({ redis: { url: TEST_REDIS_URL, keyPrefix }, dialer: tuning });
  second = new DialerEngine({
    db: t.db,
    coordination: secondRedis,
    esl: t.runtime.target.esl,
    realtime: realtimePublisher(secondRedis),
    log: pino({ level: 'silent' }),
    options: { ...tuning, simulation: true, realOutbound: false, owner: 'second-dialer' },
  });
  second.start();
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await secondRedis.close().catch(() => undefined);
  await t?.close();
});

describe('two dialer processes on one Redis', () => {
  it('share the campaigns, never dial a lead twice, never go over the tenant’s CPS; a killed one’s campaigns and attempts are taken over', async () => {
    const admin = await createPlatformAdmin(t.db);
    const platform = await login(t.app, admin.email, admin.password);
    const cps = 3;
    const owner = await dialerTenant(t, platform, { max_cps: cps });
    const tenantId = owner.tenant.tenant.id;
    const queues: string[] = [];
    for (let i = 0; i < 2; i++) {
      const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: `fila-${i}` } });
      expect(queue.statusCode, queue.body).toBe(201);
      queues.push(queue.json<{ id: string }>().id);
      await paperAgents(t, tenantId, queues[i]!, 5);
    }
    const campaigns: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { campaignId } = await campaignWithLeads(t, owner, queues[i % 2]!, Array.from({ length: 30 }, () => ({})));
      campaigns.push(campaignId);
    }
    const first = t.runtime.dialer;
    // Both hold campaigns, none held twice, all held.
    const held = await until(
      () => [first.ownedCampaigns(), second.ownedCampaigns()],
      ([a, b]) => a!.length > 0 && b!.length > 0 && a!.length + b!.length === 4,
      10_000,
    );
    expect(new Set([...held[0]!, ...held[1]!])).toEqual(new Set(campaigns));

    const attemptsNow = () =>
      t.db.withTenant(tenantId, (tx) =>
        tx.selectFrom('dialAttempts').select(['id', 'leadId', 'owner', 'createdAt', 'endedAt', 'outcome', 'hangupCause']).where('campaignId', 'in', campaigns).orderBy('createdAt').execute(),
      );
    // Killed while it has calls ringing (8 s each, so they are still ringing when it is gone).
    const before = await until(
      attemptsNow,
      (rows) => rows.length >= 15 && new Set(rows.map((row) => row.owner)).size === 2 && rows.some((row) => row.owner === 'second-dialer' && row.endedAt === null),
      15_000,
    );
    // Kill the second one: its Redis goes away first, so it cannot release its locks.
    await secondRedis.close();
    await second.stop();
    const left = new Set(before.filter((row) => row.owner === 'second-dialer' && row.endedAt === null).map((row) => row.id));
    expect(left.size).toBeGreaterThan(0);
    const taken = await until(() => first.ownedCampaigns(), (ids) => ids.length === 4, 10_000);
    expect(new Set(taken)).toEqual(new Set(campaigns));
    // What the killed process left in flight is reconciled by the survivor: a simulated call never
    // reached the switch, so it ends as FAILED (ORPHANED) and the survivor owns it.
    const reconciled = await until(attemptsNow, (rows) => rows.filter((row) => left.has(row.id)).every((row) => row.endedAt !== null), 15_000);
    const adopted = reconciled.filter((row) => left.has(row.id) && row.owner === first.owner);
    expect(adopted.length).toBeGreaterThan(0);
    for (const row of adopted) expect(row).toMatchObject({ outcome: 'FAILED', hangupCause: 'ORPHANED' });
    // Any other was still ended by the second dialer itself in the moment it took to stop.
    for (const row of reconciled.filter((one) => left.has(one.id) && one.owner !== first.owner)) expect(row).toMatchObject({ owner: 'second-dialer', outcome: 'NO_ANSWER' });

    const rows = await attemptsNow();
    // Never a lead twice (a no-answer is retried only an hour later).
    expect(new Set(rows.map((row) => row.leadId)).size).toBe(rows.length);
    // Never over the tenant's CPS in any second, across both processes.
    const perSecond = new Map<number, number>();
    for (const row of rows) perSecond.set(Math.floor(row.createdAt.getTime() / 1000), (perSecond.get(Math.floor(row.createdAt.getTime() / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(cps);
    // And the limit was what held the pace (otherwise the check proves nothing).
    expect(Math.max(...perSecond.values())).toBe(cps);
  });
});
