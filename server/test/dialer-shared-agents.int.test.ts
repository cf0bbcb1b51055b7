// An agent in the queues of two running campaigns is counted by one of them at a time (decision
// 0054): progressive campaigns that share agents place, together, one call per agent, not one per
// agent and campaign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptsOf, campaignWithLeads, dialerTenant, paperAgents, steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';
import { createPlatformAdmin, login } from './harness.ts';
import { startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const model = steerableModel();
model.only('NO_ANSWER');
// Long rings: every attempt placed stays in flight for the whole test.
model.ringSeconds.NO_ANSWER = [20, 20];
let t: SwitchedApp;

beforeAll(async () => {
  t = await startSwitchedApp({ dialer: { tickMs: 200, callingClock: () => WEDNESDAY_MORNING, simulationModel: model } });
}, 60_000);
afterAll(() => t?.close());

const ringing = async (tenantId: string, campaignId: string) => (await attemptsOf(t, tenantId, campaignId)).filter((attempt) => attempt.endedAt === null).length;

describe('agents shared by running campaigns', () => {
  it('are counted once: two progressive campaigns sharing two agents, one of them with an agent of its own, ring three calls in all', async () => {
    const admin = await createPlatformAdmin(t.db);
    const owner = await dialerTenant(t, await login(t.app, admin.email, admin.password), {});
    const tenantId = owner.tenant.tenant.id;
    const queueIds: string[] = [];
    for (const name of ['fila-a', 'fila-b']) {
      const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name } });
      expect(queue.statusCode, queue.body).toBe(201);
      queueIds.push(queue.json<{ id: string }>().id);
    }
    const [queueA, queueB] = queueIds as [string, string];
    await paperAgents(t, tenantId, queueA, 3);
    // Two of queue A's agents also serve queue B.
    await t.db.withTenant(tenantId, async (tx) => {
      const agents = await tx.selectFrom('queueTiers').select('agentId').where('queueId', '=', queueA).orderBy('agentId').limit(2).execute();
      await tx.insertInto('queueTiers').values(agents.map(({ agentId }) => ({ tenantId, queueId: queueB, agentId }))).execute();
    });

    const leads = Array.from({ length: 6 }, () => ({}));
    // Both start at once: a tick between two starts would let the first count every agent.
    const a = await campaignWithLeads(t, owner, queueA, leads, {}, 'PAUSED');
    const b = await campaignWithLeads(t, owner, queueB, leads, {}, 'PAUSED');
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', 'in', [a.campaignId, b.campaignId]).execute());
    await until(
      async () => (await ringing(tenantId, a.campaignId)) + (await ringing(tenantId, b.campaignId)),
      (count) => count >= 3,
    );
    // Several more ticks: a campaign counting the other's share would place more.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [inA, inB] = [await ringing(tenantId, a.campaignId), await ringing(tenantId, b.campaignId)];
    const reasons = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').select(['campaignId', 'lastDecision']).execute());
    expect(inA + inB, JSON.stringify(reasons)).toBe(3);
    // The shared agents are dealt one to each campaign; A also has its own.
    expect([inA, inB]).toEqual([2, 1]);
  });
});
