// POST /agents/me/end-wrap-up (decision 0083): only from WRAP_UP, to AVAILABLE, recorded like every
// move; the switch gets wrap_up_time 0 at once and the agent's own wrap-up time back afterwards.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { realtimePublisher } from '../../platform/realtime/events.ts';
import { switchAgentName } from '../../platform/switch/naming.ts';
import { CallCenterSync } from './callcenter-sync.ts';
import { AgentPresenceService } from './presence.service.ts';
import { createAgent, recordingSwitch } from './test-support.ts';

const t = useTestApp();

async function setup() {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  const member = await createMember(t.app, admin.session, 'agent');
  const agent = await createAgent(t, admin.session, tenant.id, member.id, { name: 'Ana' });
  return { tenant, admin, member, agent };
}

/** The agent as the switch leaves it after a call: WRAP_UP since `secondsAgo`, with its wrap-up time. */
const inWrapUp = (tenantId: string, agentId: string, secondsAgo: number, wrapUpSeconds: number) =>
  t.db.withTenant(tenantId, (tx) =>
    tx.updateTable('agents').set({ state: 'WRAP_UP', stateChangedAt: new Date(Date.now() - secondsAgo * 1000), wrapUpSeconds }).where('id', '=', agentId).execute(),
  );

describe('POST /agents/me/end-wrap-up', () => {
  it('moves an agent in wrap-up to AVAILABLE and records the move', async () => {
    const { tenant, member, agent } = await setup();
    expect((await t.call('POST', '/agents/me/login', member.session)).statusCode).toBe(200);
    await inWrapUp(tenant.id, agent.id, 5, 30);
    const response = await t.call('POST', '/agents/me/end-wrap-up', member.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: agent.id, state: 'AVAILABLE' });
    const last = await t.db.withTenant(tenant.id, (tx) =>
      tx.selectFrom('agentStateEvents').select(['fromState', 'toState', 'cause']).where('agentId', '=', agent.id).orderBy('startedAt', 'desc').executeTakeFirstOrThrow(),
    );
    expect(last).toEqual({ fromState: 'WRAP_UP', toState: 'AVAILABLE', cause: 'endWrapUp' });
  });

  it('is refused outside wrap-up (400 INVALID_AGENT_TRANSITION) and 404 for a member without an Agent', async () => {
    const { admin, member } = await setup();
    expectError(await t.call('POST', '/agents/me/end-wrap-up', member.session), 400, 'INVALID_AGENT_TRANSITION');
    expect((await t.call('POST', '/agents/me/login', member.session)).statusCode).toBe(200);
    expectError(await t.call('POST', '/agents/me/end-wrap-up', member.session), 400, 'INVALID_AGENT_TRANSITION');
    expectError(await t.call('POST', '/agents/me/end-wrap-up', admin.session), 404, 'NOT_FOUND');
  });

  it("sets the switch's wrap_up_time to 0, and the agent's own back once the cut wrap-up would have ended", async () => {
    const { tenant, member, agent } = await setup();
    const { sent, commands } = recordingSwitch();
    const log = pino({ level: 'silent' });
    const presence = new AgentPresenceService({ db: t.db, realtime: realtimePublisher(t.coordination), log }, new CallCenterSync(commands, log));
    await presence.login(tenant.id, member.id);
    // 2 s of a 3 s wrap-up were left; the switch's whole second is added on top.
    await inWrapUp(tenant.id, agent.id, 1, 3);
    sent.length = 0;
    await presence.endWrapUp(tenant.id, member.id);
    const name = switchAgentName(agent.id);
    expect(sent).toEqual([expect.stringMatching(new RegExp(`^setAgentSettings ${name} wrap_up_time=0 `))]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sent).toHaveLength(1);
    await expect.poll(() => sent.length, { timeout: 3_000, interval: 100 }).toBe(2);
    expect(sent[1]).toMatch(new RegExp(`^setAgentSettings ${name} wrap_up_time=3 `));
  });
});
