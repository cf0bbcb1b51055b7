import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { createAgent } from './test-support.ts';

const t = useTestApp();
const { call } = t;

describe('GET /agents/me/queues', () => {
  it("lists the live queues of the caller's own agent by tier level, and only those", async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'agent');
    const agent = await createAgent(t, admin.session, tenant.id, member.id);
    const colleague = await createAgent(
      t,
      admin.session,
      tenant.id,
      (await createMember(t.app, admin.session, 'agent')).id,
    );
    const queue = async (name: string) =>
      (await call('POST', '/queues', admin.session, { name })).json<{ id: string }>().id;
    const [sales, support, gone, others] = [
      await queue('sales'),
      await queue('support'),
      await queue('gone'),
      await queue('others'),
    ];
    await call('POST', `/queues/${sales}/agents`, admin.session, {
      agentId: agent.id,
      level: 2,
      position: 1,
    });
    await call('POST', `/queues/${support}/agents`, admin.session, {
      agentId: agent.id,
      level: 1,
      position: 4,
    });
    await call('POST', `/queues/${gone}/agents`, admin.session, { agentId: agent.id });
    await call('DELETE', `/queues/${gone}`, admin.session);
    await call('POST', `/queues/${others}/agents`, admin.session, { agentId: colleague.id });

    const response = await call('GET', '/agents/me/queues', member.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { id: support, name: 'support', strategy: expect.any(String), level: 1, position: 4 },
      { id: sales, name: 'sales', strategy: expect.any(String), level: 2, position: 1 },
    ]);
  });

  it('is 404 for a member without an agent and 401 without a token', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('GET', '/agents/me/queues', admin.session), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/agents/me/queues' }), 401, 'UNAUTHORIZED');
  });
});
