// The dialer engine's decisions driven tick by tick (its timers never fire here: the test calls
// tick() itself), so what one tick places is exact: a new campaign's progressive start, the abandon
// feedback on the dial level, a resumed campaign's state published and the leads waiting for their
// window recounted behind the tick. The limits besides pacing are dialer-decisions-limits', the
// calls followed to their end dialer-decisions-calls'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEventOf } from '../src/platform/realtime/events.ts';
import type { Session } from './harness.ts';
import { type SwitchedApp, until } from './switch.ts';
import {
  attemptsOf,
  campaignWithLeads,
  dialerTenant,
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
const { secondEngine, stopCampaign, queueWithAgents, seedState, stateOf, ringingLong } = decisionHelpers(() => t, model);

describe('the dialer tick by tick', () => {
  it('publishes a resumed campaign’s state on its first tick, though nothing changed while it was paused', async () => {
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'sem-agentes' } });
    expect(queue.statusCode, queue.body).toBe(201);
    const updates: string[] = [];
    await t.coordination.subscribe((message) => {
      const event = realtimeEventOf(message);
      if (event?.type === 'CAMPAIGN_DIALER_UPDATED') updates.push(String(event.campaignId));
    });
    const { campaignId } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [{}]);
    const published = () => updates.filter((id) => id === campaignId).length;
    const setStatus = (status: 'PAUSED' | 'RUNNING') => t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status }).where('id', '=', campaignId).execute());

    await dialer().tick();
    expect(await until(published, (count) => count === 1)).toBe(1);
    // No agent, no change: the next tick sends nothing.
    await dialer().tick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published()).toBe(1);

    await setStatus('PAUSED');
    await dialer().tick();
    await setStatus('RUNNING');
    await dialer().tick();
    expect(await until(published, (count) => count === 2)).toBe(2);
  });

  it('dials a new campaign progressive 1:1: one call per free agent on its first tick, none more while they ring', async () => {
    const restoreModel = ringingLong();
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const queueId = await queueWithAgents(owner, 'progressive', 3);
    const { campaignId } = await campaignWithLeads(t, owner, queueId, Array.from({ length: 10 }, () => ({})));
    try {
      // No statistics yet: nothing to forecast from.
      expect(await stateOf(tenantId, campaignId)).toBeUndefined();
      const first = tickOf(await dialer().tick(), campaignId);
      expect(first).toMatchObject({ placed: 3, decision: { mode: 'PROGRESSIVE', calls: 3 } });
      expect(first!.decision!.reasons).toContain('PROGRESSIVE_UNTRUSTED');
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(3);
      const state = await stateOf(tenantId, campaignId);
      expect(state).toMatchObject({ mode: 'PROGRESSIVE' });
      expect(state!.lastDecision.reasons).toContain('PROGRESSIVE_UNTRUSTED');
      // Its three calls still ring: one per free agent already, so nothing more.
      const second = tickOf(await dialer().tick(), campaignId);
      expect(second).toMatchObject({ placed: 0, decision: { mode: 'PROGRESSIVE', calls: 0 } });
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(3);
    } finally {
      restoreModel();
      await stopCampaign(tenantId, campaignId);
    }
  });

  it('moves the dial level by the abandon feedback across ticks: down while the abandon rate is over target, up only while it is well below', async () => {
    const restoreModel = ringingLong();
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const leads = () => Array.from({ length: 20 }, () => ({}));
    // Target 3 % (the default); 100 answered today, past the warm-up.
    // Over it: 20 % recently and today. No agents needed: the level is adjusted before pacing.
    const overQueue = await queueWithAgents(owner, 'over-target', 0);
    const over = await campaignWithLeads(t, owner, overQueue, leads(), { pacingMin: 1, pacingMax: 3 });
    await seedState(tenantId, over.campaignId, {
      dialLevel: 2.5,
      statistics: { ...trusted(0.1), abandonRate: 0.2 },
      answeredToday: 100,
      abandonedToday: 20,
    });
    // Well under it (0.5 %), five agents: the level is what holds its calls back, so raising it matters.
    const underQueue = await queueWithAgents(owner, 'under-target', 5);
    const under = await campaignWithLeads(t, owner, underQueue, leads(), { pacingMin: 1, pacingMax: 3 });
    await seedState(tenantId, under.campaignId, {
      dialLevel: 1.2,
      statistics: { ...trusted(0.1), abandonRate: 0.005 },
      answeredToday: 100,
      abandonedToday: 0,
    });
    const levelOf = async (campaignId: string) => (await stateOf(tenantId, campaignId))!.dialLevel;
    // The steps are per second elapsed between a campaign's adjustments (none on its first tick).
    const tickAfter = async (ms: number) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return dialer().tick();
    };
    try {
      await dialer().tick();
      expect(await stateOf(tenantId, over.campaignId)).toMatchObject({ dialLevel: 2.5, lastDecision: { abandonAction: 'CUT' } });
      expect(await levelOf(under.campaignId)).toBe(1.2);
      expect(await attemptsOf(t, tenantId, under.campaignId)).toHaveLength(6); // ⌊1.2 × 5⌋

      await tickAfter(1_500);
      const cut = await levelOf(over.campaignId);
      expect(cut).toBeLessThan(2.5);
      const raised = await levelOf(under.campaignId);
      expect(raised).toBeGreaterThan(1.2);
      expect((await stateOf(tenantId, under.campaignId))!.lastDecision.abandonAction).toBe('RAISE');
      await tickAfter(1_500);
      expect(await levelOf(over.campaignId)).toBeLessThan(cut);
      const raisedAgain = await levelOf(under.campaignId);
      expect(raisedAgain).toBeGreaterThan(raised);

      // Its recent rate now 2.2 %: under the target, but not well under (70 % of it): the level holds.
      await t.db.withTenant(tenantId, (tx) =>
        tx
          .updateTable('campaignDialerState')
          .set({ statistics: JSON.stringify({ ...trusted(0.1), abandonRate: 0.022 }) })
          .where('campaignId', '=', under.campaignId)
          .execute(),
      );
      await tickAfter(1_500);
      await tickAfter(1_500);
      expect(await levelOf(under.campaignId)).toBe(raisedAgain);
    } finally {
      restoreModel();
      for (const { campaignId } of [over, under]) await stopCampaign(tenantId, campaignId);
    }
  });

  it('recounts the leads waiting for their window behind the tick: the first count is in the first state, a new count shows a tick later', async () => {
    // The last test of the file: nothing else runs, so the second engine below ticks only this campaign.
    await t.db.withPlatform((tx) => tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('status', 'in', ['RUNNING', 'WAITING_SCHEDULE']).execute());
    // Counts stand 1 ms here (30 s in service), so every tick after the first asks for a recount.
    const { engine, stop } = secondEngine('waiting-count', { waitingCountMs: 1 });
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'espera' } });
    expect(queue.statusCode, queue.body).toBe(201);
    // Wednesday 10:00 in São Paulo is 09:00 in Manaus (DDD 92), before the campaign's 09:30 there.
    const from930 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:30', end: '20:00' }]]));
    const { campaignId } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [{ phone: '+5592981120001' }, { phone: '+5511981120002' }], { schedule: JSON.stringify(from930) });
    const waitingSaved = async () => (await stateOf(tenantId, campaignId))?.leadsWaitingWindow;
    try {
      await engine.tick();
      expect(await waitingSaved()).toBe(1);
      await t.db.withTenant(tenantId, (tx) => tx.insertInto('leads').values({ tenantId, campaignId, phone: '+5592981120003', status: 'READY' }).execute());
      // This tick starts the recount and does not wait for it: its state still says 1.
      await engine.tick();
      expect(await waitingSaved()).toBe(1);
      // A later tick shows the recount.
      expect(await until(async () => (await engine.tick(), waitingSaved()), (count) => count === 2)).toBe(2);
    } finally {
      await stopCampaign(tenantId, campaignId);
      await stop();
    }
  });
});
