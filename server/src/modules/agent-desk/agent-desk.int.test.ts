import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CallsTable } from '../../platform/db/schema.ts';
import { createMember, createTenant, useTestApp, type Session } from '../../../test/harness.ts';
import { createAgent } from '../agents/test-support.ts';
import { createCampaignWithQueue, insertLead } from '../suppression/test-support.ts';

const t = useTestApp();

interface DeskBody {
  call: {
    id: string;
    number: string | null;
    queueName: string | null;
    endedAt: string | null;
    disposition: string | null;
    lead: {
      name: string | null;
      phone: string;
      data: Record<string, string>;
      campaignName: string;
      timezone: string;
      schedule: object;
    } | null;
  } | null;
}

const desk = async (session: Session) => {
  const response = await t.call('GET', '/agents/me/call', session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeskBody>().call;
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function setup() {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  const member = await createMember(t.app, admin.session, 'agent');
  const agent = await createAgent(t, admin.session, tenant.id, member.id);
  const queue = (await t.call('POST', '/queues', admin.session, { name: 'Suporte' })).json<{ id: string }>();
  const insertCall = (fields: Partial<Omit<Insertable<CallsTable>, 'id' | 'tenantId'>>) =>
    t.db.withTenant(tenant.id, async (tx) => {
      const id = randomUUID();
      await tx
        .insertInto('calls')
        .values({
          id,
          tenantId: tenant.id,
          direction: 'INBOUND',
          callerNumber: '5511987654321',
          calledNumber: '551130000000',
          createdAt: minutesAgo(1),
          ...fields,
        })
        .execute();
      return id;
    });
  return { tenant, admin, member, agent, queue, insertCall };
}

describe('GET /agents/me/call', () => {
  it('shows the agent its call in progress, with the customer’s number and the queue', async () => {
    const { member, agent, queue, insertCall } = await setup();
    expect(await desk(member.session)).toBeNull();
    // An ended call waiting for its disposition gives way to the call in progress.
    await insertCall({ agentId: agent.id, createdAt: minutesAgo(5), endedAt: minutesAgo(4) });
    const current = await insertCall({
      agentId: agent.id,
      queueId: queue.id,
      createdAt: minutesAgo(2),
      bridgedAt: minutesAgo(1),
    });
    expect(await desk(member.session)).toMatchObject({
      id: current,
      number: '5511987654321',
      queueName: 'Suporte',
      endedAt: null,
    });
  });

  it('keeps an ended call on the desk until it has a disposition, within the window', async () => {
    const { tenant, member, agent, insertCall } = await setup();
    const ended = await insertCall({ agentId: agent.id, direction: 'OUTBOUND', endedAt: minutesAgo(1) });
    expect(await desk(member.session)).toMatchObject({ id: ended, number: '551130000000' });
    const disposition = await t.db.withTenant(tenant.id, (tx) =>
      tx
        .insertInto('dispositions')
        .values({ tenantId: tenant.id, code: 'SOLD', name: 'Sold' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await t.db.withTenant(tenant.id, (tx) =>
      tx
        .updateTable('calls')
        .set({ dispositionId: disposition.id, disposition: 'SOLD' })
        .where('id', '=', ended)
        .execute(),
    );
    expect(await desk(member.session)).toBeNull();
    await insertCall({ agentId: agent.id, createdAt: minutesAgo(40), endedAt: minutesAgo(30) });
    expect(await desk(member.session)).toBeNull();
  });

  it('never shows another agent’s call, nor one of another tenant, and nothing to a user without an Agent', async () => {
    const mine = await setup();
    const other = await setup();
    const colleague = await createMember(t.app, mine.admin.session, 'agent');
    const colleagueAgent = await createAgent(t, mine.admin.session, mine.tenant.id, colleague.id);
    await mine.insertCall({ agentId: colleagueAgent.id });
    await other.insertCall({ agentId: other.agent.id });
    expect(await desk(mine.member.session)).toBeNull();
    expect(await desk(mine.admin.session)).toBeNull();
    expect(await desk(colleague.session)).not.toBeNull();
  });

  it('pops the lead of a dialer call: its name, imported columns and campaign windows, only on its own agent’s desk', async () => {
    const { tenant, admin, member, agent, insertCall } = await setup();
    const campaign = await createCampaignWithQueue(t, admin.session, 'Renegociação');
    const leadId = await insertLead(t, tenant.id, campaign.id, {
      name: 'Maria Souza',
      data: JSON.stringify({ contrato: '12345', cidade: 'Campinas' }),
    });
    const colleague = await createMember(t.app, admin.session, 'agent');
    await createAgent(t, admin.session, tenant.id, colleague.id);
    await insertCall({ agentId: agent.id, direction: 'OUTBOUND', campaignId: campaign.id, leadId });
    const call = await desk(member.session);
    expect(call?.lead).toMatchObject({
      name: 'Maria Souza',
      phone: '+5511987654321',
      data: { contrato: '12345', cidade: 'Campinas' },
      campaignName: 'Renegociação',
      timezone: 'America/Sao_Paulo',
    });
    expect(Object.keys(call?.lead?.schedule ?? {}).length).toBeGreaterThan(0);
    expect(await desk(colleague.session)).toBeNull();
    // An inbound call has no lead.
    await insertCall({ agentId: agent.id, createdAt: new Date() });
    expect((await desk(member.session))?.lead).toBeNull();
  });
});
