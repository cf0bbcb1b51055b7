// Which mod_callcenter commands each administrative change sends, after its commit. The services
// run on the test database with a recording switch; the HTTP tests cover the rest of their behaviour.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { realtimePublisher } from '../../platform/realtime/events.ts';
import { createTenant, useTestApp } from '../../../test/harness.ts';
import { QueuesService } from '../queues/queues.service.ts';
import { AgentsService } from './agents.service.ts';
import { CallCenterSync } from './callcenter-sync.ts';
import { AgentPresenceService } from './presence.service.ts';
import { createAgent, createExtension, insertMember, recordingSwitch } from './test-support.ts';

const t = useTestApp();

async function setup() {
  const fixture = await createTenant(t.app, t.platform);
  const { sent, commands } = recordingSwitch();
  const log = pino({ level: 'silent' });
  const services = { db: t.db, realtime: realtimePublisher(t.coordination), log };
  const sync = new CallCenterSync(commands, log);
  const actor = { userId: fixture.admin.id, tenantId: fixture.tenant.id, ip: '127.0.0.1', requestId: 'test' };
  return {
    ...fixture,
    sent,
    actor,
    queues: new QueuesService(t.db, sync),
    agents: new AgentsService(services, sync),
    presence: new AgentPresenceService(services, sync),
  };
}

describe('switch commands of administrative changes', () => {
  it('queues: no command of their own (the config sync loads them); tiers one command each; a deleted queue’s tiers removed', async () => {
    const { tenant, admin, sent, actor, queues } = await setup();
    const member = await insertMember(t, tenant.id);
    const agent = await createAgent(t, admin.session, tenant.id, member.id);
    const queue = await queues.create(actor, { name: 'Support' });
    await queues.update(actor, queue.id, { strategy: 'RING_ALL' });
    await queues.assignTier(actor, queue.id, { agentId: agent.id, level: 2 });
    await queues.assignTier(actor, queue.id, { agentId: agent.id, position: 4 });
    await queues.removeTier(actor, queue.id, agent.id);
    await queues.assignTier(actor, queue.id, { agentId: agent.id });
    await queues.remove(actor, queue.id);
    const [q, a] = [`q-${queue.id}`, `a-${agent.id}`];
    expect(sent).toEqual([
      `upsertTier ${q} ${a} 2 1`,
      `upsertTier ${q} ${a} 2 4`,
      `removeTier ${q} ${a}`,
      `upsertTier ${q} ${a} 1 1`,
      `removeTier ${q} ${a}`,
    ]);
  });

  it('agents: created with its settings (logged out); an edit sends its settings; a changed extension the new contact; deleting removes it', async () => {
    const { tenant, sent, actor, agents, presence } = await setup();
    const member = await insertMember(t, tenant.id);
    const first = await createExtension(t, tenant.id);
    const created = await agents.create(actor, { userId: member.id, extensionId: first.id, wrapUpSeconds: 7, maxNoAnswer: 2 });
    const second = await createExtension(t, tenant.id);
    await agents.update(actor, created.id, { extensionId: first.id, name: 'no move' });
    await agents.update(actor, created.id, { busyDelaySeconds: 9 });
    const settings = (busy: number) => `wrap_up_time=7 max_no_answer=2 reject_delay_time=0 busy_delay_time=${busy} no_answer_delay_time=0`;
    expect(sent).toEqual([
      `upsertAgent a-${created.id} [leg_timeout=20]user/${first.number}@${tenant.telephonyDomain} Logged Out ${settings(0)}`,
      `setAgentSettings a-${created.id} ${settings(9)}`,
    ]);
    sent.length = 0;

    await presence.login(tenant.id, member.id);
    sent.length = 0;
    await agents.update(actor, created.id, { extensionId: second.id });
    await agents.remove(actor, created.id);
    const name = `a-${created.id}`;
    expect(sent).toEqual([
      `upsertAgent ${name} [leg_timeout=20]user/${second.number}@${tenant.telephonyDomain} Available ${settings(9)}`,
      `removeAgent ${name}`,
    ]);
  });
});
