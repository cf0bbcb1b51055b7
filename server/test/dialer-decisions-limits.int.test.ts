// The dialer engine's decisions driven tick by tick (its timers never fire here: the test calls
// tick() and maintain() itself), so what one tick places is exact: the limits the engine applies
// besides pacing: the short-call guard per tenant, the plan's concurrent calls, the campaign's and
// the trunk's CPS, a campaign waiting for its schedule and the platform's GLOBAL CPS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from './harness.ts';
import type { SwitchedApp } from './switch.ts';
import {
  attemptsOf,
  campaignWithLeads,
  dialerTenant,
  type DialerTenant,
  startManualDialerApp,
  steerableModel,
} from './dialer-support.ts';
import { decisionHelpers, tickOf, trusted } from './dialer-decisions.support.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  ({ t, platform } = await startManualDialerApp(model));
}, 60_000);
afterAll(() => t?.close());

const dialer = () => t.runtime.dialer;
const { secondEngine, switchlessAgents, stopCampaign, queueWithAgents, seedState, stateOf, ringingLong } = decisionHelpers(() => t, model);

describe('the dialer tick by tick', () => {
  it('places fewer calls for a tenant whose share of short calls today is over its threshold, and says why', async () => {
    model.only('NO_ANSWER');
    model.ringSeconds.NO_ANSWER = [20, 20];
    // Two tenants set up alike, with the same calls today: 130 of 200 lasted ≤ 6 s (65 %). Only
    // the threshold differs: 40 % (over it) and 70 % (under it).
    const setups: Array<{ owner: DialerTenant; tenantId: string; campaignId: string }> = [];
    for (const threshold of [0.4, 0.7]) {
      const owner = await dialerTenant(t, platform, {});
      const tenantId = owner.tenant.tenant.id;
      await t.db.withPlatform((tx) =>
        tx.updateTable('tenants').set({ shortCallThreshold: threshold }).where('id', '=', tenantId).execute(),
      );
      const queue = await t.app.inject({
        method: 'POST',
        url: '/queues',
        headers: owner.auth,
        payload: { name: 'guard' },
      });
      const queueId = queue.json<{ id: string }>().id;
      await switchlessAgents(owner, queueId, 5);
      // Three lines per agent, fixed (pacingMin = pacingMax), so only the guard can lower it.
      const { campaignId } = await campaignWithLeads(
        t,
        owner,
        queueId,
        Array.from({ length: 30 }, () => ({})),
        { pacingMin: 3, pacingMax: 3 },
      );
      await t.db.withTenant(tenantId, (tx) =>
        tx
          .insertInto('campaignDialerState')
          .values({
            tenantId,
            campaignId,
            dialLevel: 3,
            mode: 'PREDICTIVE',
            statistics: JSON.stringify(trusted(0.1)),
            lastDecision: '{}',
          })
          .execute(),
      );
      // As the engine counts them: the tenant's campaign calls answered and ended since its midnight.
      const now = Date.now();
      await t.db.withTenant(tenantId, (tx) =>
        tx
          .insertInto('calls')
          .values(
            Array.from({ length: 200 }, (_, i) => ({
              id: randomUUID(),
              tenantId,
              direction: 'OUTBOUND' as const,
              campaignId,
              createdAt: new Date(now - 60_000),
              answerAt: new Date(now - 60_000),
              endedAt: new Date(now - 60_000 + (i < 130 ? 4 : 60) * 1000),
            })),
          )
          .execute(),
      );
      setups.push({ owner, tenantId, campaignId });
    }
    const [over, under] = setups;
    await dialer().maintain();
    const ticks = await dialer().tick();
    const guarded = tickOf(ticks, over!.campaignId);
    const free = tickOf(ticks, under!.campaignId);
    // Under the threshold: the forecast wants more than 3 × 5 lines, the dial level holds it at 15.
    expect(free).toMatchObject({ placed: 15, decision: { mode: 'PREDICTIVE', effectiveDialLevel: 3 } });
    expect(free!.decision!.reasons).not.toContain('SHORT_CALL_GUARD');
    // Over it: the part of the level above 1 scaled by (85 % − 65 %) / (85 % − 40 %), 1.89 lines per agent.
    expect(guarded!.decision!.effectiveDialLevel).toBeCloseTo(1 + 2 * (0.2 / 0.45), 6);
    expect(guarded).toMatchObject({ placed: 9 });
    expect(guarded!.decision!.reasons).toEqual(expect.arrayContaining(['SHORT_CALL_GUARD', 'DIAL_LEVEL']));
    expect(await attemptsOf(t, over!.tenantId, over!.campaignId)).toHaveLength(9);
    expect(await attemptsOf(t, under!.tenantId, under!.campaignId)).toHaveLength(15);

    // The console reads the same: the share against each tenant's threshold, and the guard among the reasons.
    const statsOf = async ({ owner, campaignId }: (typeof setups)[number]) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/campaigns/${campaignId}/stats`,
        headers: owner.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ shortCalls: unknown; dialer: { reasons: string[] } }>();
    };
    const overStats = await statsOf(over!);
    expect(overStats.shortCalls).toEqual({
      today: 200,
      shortToday: 130,
      share: 0.65,
      threshold: 0.4,
      level: 'WARNING',
      minCalls: 200,
    });
    expect(overStats.dialer.reasons).toContain('SHORT_CALL_GUARD');
    const underStats = await statsOf(under!);
    expect(underStats.shortCalls).toEqual({
      today: 200,
      shortToday: 130,
      share: 0.65,
      threshold: 0.7,
      level: 'NOTICE',
      minCalls: 200,
    });
    expect(underStats.dialer.reasons).not.toContain('SHORT_CALL_GUARD');
    for (const setup of setups) await stopCampaign(setup.tenantId, setup.campaignId);
  });

  it('holds the plan’s concurrent calls (counting the tenant’s calls in progress), the campaign’s and the trunk’s CPS, and a campaign waiting for its schedule', async () => {
    model.only('NO_ANSWER');
    model.ringSeconds.NO_ANSWER = [20, 20];
    const reasonsOf = async (owner: DialerTenant, campaignId: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/campaigns/${campaignId}/stats`,
        headers: owner.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ dialer: { reasons: string[] } }>().dialer.reasons;
    };
    const leads = () => Array.from({ length: 10 }, () => ({}));

    // Four calls at once on the plan, one of them already taken by an inbound call in progress.
    const limited = await dialerTenant(t, platform, { max_concurrent_calls: 4 });
    const limitedId = limited.tenant.tenant.id;
    const limitedQueue = (
      await t.app.inject({
        method: 'POST',
        url: '/queues',
        headers: limited.auth,
        payload: { name: 'limited' },
      })
    ).json<{ id: string }>().id;
    await switchlessAgents(limited, limitedQueue, 5);
    await t.db.withTenant(limitedId, (tx) =>
      tx
        .insertInto('calls')
        .values({ id: randomUUID(), tenantId: limitedId, direction: 'INBOUND', createdAt: new Date() })
        .execute(),
    );
    const concurrent = await campaignWithLeads(t, limited, limitedQueue, leads());

    // One queue of six free agents, three campaigns: 2 CPS of its own, a trunk of 1 CPS, one waiting
    // for its schedule. The two running ones count three agents each (decision 0054), more than their CPS.
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const queueId = (
      await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'cps' } })
    ).json<{ id: string }>().id;
    await switchlessAgents(owner, queueId, 6);
    const slowTrunk = await t.app.inject({
      method: 'POST',
      url: '/trunks',
      headers: owner.auth,
      payload: { name: 'slow', host: 'sip.slow.example', cpsLimit: 1 },
    });
    expect(slowTrunk.statusCode, slowTrunk.body).toBe(201);
    const campaignCps = await campaignWithLeads(t, owner, queueId, leads(), { cpsLimit: 2 });
    const trunkCps = await campaignWithLeads(t, owner, queueId, leads(), {
      trunkId: slowTrunk.json<{ id: string }>().id,
    });
    const waiting = await campaignWithLeads(t, owner, queueId, leads(), {}, 'WAITING_SCHEDULE');

    try {
      const ticks = await dialer().tick();
      expect(tickOf(ticks, concurrent.campaignId)).toMatchObject({ placed: 3 });
      expect(tickOf(ticks, concurrent.campaignId)!.decision!.reasons).toContain('MAX_CONCURRENT_CALLS');
      expect(tickOf(ticks, campaignCps.campaignId)).toMatchObject({ placed: 2 });
      expect(await reasonsOf(owner, campaignCps.campaignId)).toContain('CPS');
      expect(tickOf(ticks, trunkCps.campaignId)).toMatchObject({ placed: 1 });
      expect(await reasonsOf(owner, trunkCps.campaignId)).toContain('CPS');
      // Owned and decided (the console sees why), but nothing placed.
      expect(tickOf(ticks, waiting.campaignId)).toMatchObject({ placed: 0, blocked: 'WAITING_SCHEDULE' });
      expect(await reasonsOf(owner, waiting.campaignId)).toContain('WAITING_SCHEDULE');
      expect(await attemptsOf(t, tenantId, waiting.campaignId)).toEqual([]);
      // Its own attempts, still ringing, now fill the plan's calls.
      expect(tickOf(await dialer().tick(), concurrent.campaignId)?.placed).toBe(0);
      expect(await attemptsOf(t, limitedId, concurrent.campaignId)).toHaveLength(3);
    } finally {
      await stopCampaign(limitedId, concurrent.campaignId);
      for (const { campaignId } of [campaignCps, trunkCps, waiting]) await stopCampaign(tenantId, campaignId);
    }
  });

  it('uses its plan’s concurrent calls raised between two ticks on the next one, though nothing of the campaign itself changed', async () => {
    const restoreModel = ringingLong();
    const owner = await dialerTenant(t, platform, { max_concurrent_calls: 1 });
    const tenantId = owner.tenant.tenant.id;
    const planId = (await t.db.withPlatform((tx) => tx.selectFrom('tenants').select('planId').where('id', '=', tenantId).executeTakeFirstOrThrow())).planId;
    const queueId = await queueWithAgents(owner, 'muda', 3);
    const { campaignId } = await campaignWithLeads(t, owner, queueId, Array.from({ length: 10 }, () => ({})));
    try {
      // A new campaign dials 1:1: three free agents want three calls; the plan allows one at a time.
      const first = tickOf(await dialer().tick(), campaignId);
      expect(first).toMatchObject({ placed: 1 });
      expect(first!.decision!.reasons).toContain('MAX_CONCURRENT_CALLS');
      // Nothing changed: nothing placed, and nothing of the campaign written.
      expect(tickOf(await dialer().tick(), campaignId)).toMatchObject({ placed: 0 });
      const response = await t.app.inject({ method: 'PATCH', url: `/plans/${planId}`, headers: platform.auth, payload: { max_concurrent_calls: 10 } });
      expect(response.statusCode, response.body).toBe(200);
      // The two free agents get their calls.
      expect(tickOf(await dialer().tick(), campaignId)).toMatchObject({ placed: 2 });
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(3);
    } finally {
      restoreModel();
      await stopCampaign(tenantId, campaignId);
    }
  });

  it('holds all tenants together to the GLOBAL CPS: one tick places what the platform’s second allows, and the campaigns left short say CPS', async () => {
    const restoreModel = ringingLong();
    // Another engine on the same database, at 2 calls per second for the platform (the file's
    // engine is not ticked here).
    const { engine, stop } = secondEngine('global-cps', { globalCps: 2 });
    // Two tenants on plans with no CPS of their own, each campaign free to place 3 lines × 3 agents.
    const setups: Array<{ tenantId: string; campaignId: string }> = [];
    try {
      for (const name of ['global-a', 'global-b']) {
        const owner = await dialerTenant(t, platform, {});
        const tenantId = owner.tenant.tenant.id;
        const queueId = await queueWithAgents(owner, name, 3);
        const { campaignId } = await campaignWithLeads(
          t,
          owner,
          queueId,
          Array.from({ length: 10 }, () => ({})),
          { pacingMin: 3, pacingMax: 3 },
        );
        setups.push({ tenantId, campaignId });
        await seedState(tenantId, campaignId, { dialLevel: 3, statistics: trusted(0.1) });
      }
      const ticks = await engine.tick();
      const mine = setups.map(({ campaignId }) => tickOf(ticks, campaignId));
      // Each one's pacing asked for 9 calls; the platform's second had 2 for both together.
      expect(mine.map((tick) => tick?.decision?.calls)).toEqual([9, 9]);
      expect(mine.reduce((sum, tick) => sum + (tick?.placed ?? 0), 0)).toBe(2);
      expect(ticks.reduce((sum, tick) => sum + tick.placed, 0)).toBe(2);
      let attempts = 0;
      for (const [index, { tenantId, campaignId }] of setups.entries()) {
        const placed = mine[index]!.placed;
        expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(placed);
        attempts += placed;
        // Short of its 9: the state the console reads says why.
        const state = await stateOf(tenantId, campaignId);
        expect(state?.lastDecision).toMatchObject({ placed });
        expect(state?.lastDecision.reasons).toContain('CPS');
      }
      expect(attempts).toBe(2);
    } finally {
      restoreModel();
      for (const { tenantId, campaignId } of setups) await stopCampaign(tenantId, campaignId);
      await stop();
    }
  });
});
