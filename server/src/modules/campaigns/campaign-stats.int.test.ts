// GET /campaigns/:id/stats against the real database: leads by status (every status named), the
// agents of the campaign's queue by state, dial attempts placed and answered, calls in progress; the
// dialer's parts null before it has a row; another tenant's campaign is a 404.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { createAgent } from '../agents/test-support.ts';
import { insertCall } from '../calls/test-support.ts';
import { createCampaignWithQueue, expectStatus, insertLead } from '../suppression/test-support.ts';
import { insertAttempt } from './test-support.ts';

const t = useTestApp();

describe('GET /campaigns/:id/stats', () => {
  it('counts the campaign’s own leads, queue agents and calls, in the contract’s shape', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const s = tenant.admin.session;
    const id = tenant.tenant.id;
    const campaign = await createCampaignWithQueue(t, s);
    const other = await createCampaignWithQueue(t, s);

    let n = 0;
    const phone = () => `+5511961${String((n += 1)).padStart(6, '0')}`;
    for (const status of ['READY', 'READY', 'CALLBACK', 'DO_NOT_CALL'] as const) await insertLead(t, id, campaign.id, { phone: phone(), status });
    await insertLead(t, id, other.id, { phone: phone(), status: 'COMPLETED' });

    const agents = [];
    for (const state of ['AVAILABLE', 'PAUSED', 'AVAILABLE', 'IN_CALL'] as const) {
      const member = await createMember(t.app, s, 'agent');
      const agent = await createAgent(t, s, id, member.id);
      await t.db.withTenant(id, (tx) => tx.updateTable('agents').set({ state }).where('id', '=', agent.id).execute());
      agents.push(agent.id);
    }
    // Three in the campaign's queue; the fourth (IN_CALL) serves only the other campaign's queue.
    for (const agentId of agents.slice(0, 3)) expectStatus(await t.call('POST', `/queues/${campaign.queueId}/agents`, s, { agentId, level: 1 }), 201);
    expectStatus(await t.call('POST', `/queues/${other.queueId}/agents`, s, { agentId: agents[3]!, level: 1 }), 201);
    // The third agent was deleted: no longer counted.
    expectStatus(await t.call('DELETE', `/agents/${agents[2]!}`, s), 204);

    const answerAt = new Date();
    const leadId = await insertLead(t, id, campaign.id, { phone: phone(), status: 'COMPLETED' });
    const otherLead = await insertLead(t, id, other.id, { phone: phone(), status: 'COMPLETED' });
    // Attempts come from the dialer's own table; calls in progress from the call records.
    await insertAttempt(t, id, campaign.id, leadId, { status: 'ENDED', outcome: 'CONNECTED', answeredAt: answerAt, endedAt: answerAt });
    await insertAttempt(t, id, campaign.id, leadId, { status: 'ANSWERED', answeredAt: answerAt });
    await insertAttempt(t, id, campaign.id, leadId, { status: 'ENDED', outcome: 'NO_ANSWER', endedAt: answerAt });
    await insertAttempt(t, id, other.id, otherLead, { status: 'ANSWERED', answeredAt: answerAt });
    await insertCall(t, id, { direction: 'OUTBOUND', campaignId: campaign.id, answerAt, endedAt: null });
    await insertCall(t, id, { direction: 'OUTBOUND', campaignId: campaign.id, hangupCause: 'NO_ANSWER' });
    await insertCall(t, id, { direction: 'OUTBOUND', campaignId: other.id, answerAt, endedAt: null });

    const response = await t.call('GET', `/campaigns/${campaign.id}/stats`, s);
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      leads: { READY: 2, CALLBACK: 1, DO_NOT_CALL: 1, COMPLETED: 1, EXHAUSTED: 0 },
      attempts: 3,
      answered: 2,
      abandonRate: null,
      agents: { LOGGED_OUT: 0, AVAILABLE: 1, PAUSED: 1, RESERVED: 0, RINGING: 0, IN_CALL: 0, WRAP_UP: 0, ON_EXTERNAL_CALL: 0 },
      callsInProgress: 1,
      dialLevel: null,
      dialer: null,
      // No outbound call answered and ended today.
      shortCalls: { today: 0, shortToday: 0, share: 0, threshold: 0.6, level: 'OK', minCalls: 200 },
    });

    const empty = await createTenant(t.app, t.platform);
    const fresh = await createCampaignWithQueue(t, empty.admin.session);
    expect((await t.call('GET', `/campaigns/${fresh.id}/stats`, empty.admin.session)).json()).toMatchObject({
      leads: { READY: 0, CALLBACK: 0, DO_NOT_CALL: 0, COMPLETED: 0, EXHAUSTED: 0 },
      attempts: 0,
      answered: 0,
      callsInProgress: 0,
    });

    // Another tenant's campaign, an unknown one, a deleted one: 404; an agent has no campaigns.view.
    expectError(await t.call('GET', `/campaigns/${campaign.id}/stats`, empty.admin.session), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/campaigns/${randomUUID()}/stats`, s), 404, 'NOT_FOUND');
    expectError(await t.call('GET', '/campaigns/x/stats', s), 400, 'VALIDATION_FAILED');
    const agent = await createMember(t.app, s, 'agent');
    expectError(await t.call('GET', `/campaigns/${campaign.id}/stats`, agent.session), 403, 'FORBIDDEN');
    expectStatus(await t.call('DELETE', `/campaigns/${other.id}`, s), 204);
    expectError(await t.call('GET', `/campaigns/${other.id}/stats`, s), 404, 'NOT_FOUND');
  });
});
