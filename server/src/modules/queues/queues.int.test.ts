import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignNumbers, createMember, createTenant, expectError, type Session, type TenantFixture, uniqueDid, useTestApp } from '../../../test/harness.ts';
import { createAgent, insertMember } from '../agents/test-support.ts';

const t = useTestApp();
const { call } = t;

const createQueue = async (session: Session, body: Record<string, unknown> = {}) => {
  const response = await call('POST', '/queues', session, {
    name: `Queue ${randomUUID().slice(0, 6)}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string }>();
};

const outboxOf = (tenantId: string) =>
  t.db.withPlatform((tx) =>
    tx.selectFrom('switchConfigChanges').selectAll().where('tenantId', '=', tenantId).execute(),
  );

const clearOutbox = (tenantId: string) =>
  t.db.withPlatform((tx) => tx.deleteFrom('switchConfigChanges').where('tenantId', '=', tenantId).execute());

const auditActions = async (tenantId: string) =>
  (
    await t.db.withPlatform((tx) =>
      tx
        .selectFrom('auditLog')
        .select('action')
        .where('tenantId', '=', tenantId)
        .orderBy('createdAt')
        .execute(),
    )
  ).map((row) => row.action);

describe('/queues', () => {
  it('creates a queue with the defaults, reads it back, marks the callcenter outbox and audits', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    await clearOutbox(tenant.id); // the tenant's own creation marks its directory and dialplan
    const created = await createQueue(admin.session, { name: '  Support  ' });
    expect(created).toMatchObject({
      name: 'Support',
      strategy: 'ROUND_ROBIN',
      musicOnHold: 'tone_stream://v=-14;%(600,150,523.25);%(600,3650,659.25);loops=-1', // no sound package needed (0075)
      announceSound: null,
      announceFrequency: null,
      maxWaitTime: 0,
      tierRulesApply: false,
      tierRuleWaitSecond: 300,
      tierRuleWaitMultiplyLevel: true,
      tierRuleNoAgentNoWait: false,
      discardAbandonedAfter: 60,
      skipAgentsWithExternalCalls: true,
      recordingEnabled: false,
    });
    expect((await call('GET', `/queues/${created.id}`, admin.session)).json()).toEqual(created);
    expect((await call('GET', '/queues', admin.session)).json()).toEqual([created]);
    expect(await outboxOf(tenant.id)).toMatchObject([{ kind: 'callcenter' }]);
    expect(await auditActions(tenant.id)).toContain('QUEUE_CREATED');
  });

  it('stores every setting given', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const settings = {
      strategy: 'LONGEST_IDLE_AGENT',
      musicOnHold: 'local_stream://hold-music_2',
      announceSound: 'ivr/ivr-please_hold.wav',
      announceFrequency: 30,
      maxWaitTime: 600,
      tierRulesApply: true,
      tierRuleWaitSecond: 15,
      tierRuleWaitMultiplyLevel: false,
      tierRuleNoAgentNoWait: true,
      discardAbandonedAfter: 120,
      skipAgentsWithExternalCalls: false,
      recordingEnabled: true,
    };
    expect(await createQueue(admin.session, settings)).toMatchObject(settings);
  });

  it('refuses bad bodies with 400', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    for (const body of [
      {},
      { name: '   ' },
      { name: 'q', strategy: 'LOUDEST_AGENT' },
      { name: 'q', maxWaitTime: -1 },
      { name: 'q', musicOnHold: 'a b' },
      { name: 'q', announceSound: '${system(rm -rf /)}' },
      { name: 'q', announceSound: '/var/lib/freeswitch/sounds/other-tenant/ivr-1.wav' },
      { name: 'q', musicOnHold: 'music/../../other-tenant/ivr-1.wav' },
      { name: 'q', musicOnHold: 'http_cache://attacker.example/moh.wav' },
      // Only the switch's named streams and sound library: no globals, variables or paths in streams.
      { name: 'q', musicOnHold: '$${hold_music}' },
      { name: 'q', musicOnHold: '${hold_music}' },
      { name: 'q', musicOnHold: 'local_stream://../../etc' },
      { name: 'q', musicOnHold: 'local_stream://moh/../../x' },
      { name: 'q', announceSound: 'tone_stream://${system(id)}' },
      { name: 'q', announceSound: 'silence_stream://forever' },
      { name: 'q', announceSound: 'ivr/${x}.wav' },
      { name: 'q', announceSound: 'ivr/x.wav&#36;' },
      { name: 'q', recordingEnabled: 'maybe' },
    ]) {
      expectError(await call('POST', '/queues', admin.session, body), 400, 'VALIDATION_FAILED');
    }
    const queue = await createQueue(admin.session);
    expectError(await call('PATCH', `/queues/${queue.id}`, admin.session, {}), 400, 'VALIDATION_FAILED');
    expectError(await call('GET', '/queues/not-a-uuid', admin.session), 400, 'VALIDATION_FAILED');
  });

  it('keeps names unique per tenant, deleted queues included; another tenant may reuse a name', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const queue = await createQueue(one.admin.session, { name: 'Sales' });
    expectError(await call('POST', '/queues', one.admin.session, { name: 'Sales' }), 409, 'ALREADY_EXISTS');
    const other = await createQueue(one.admin.session, { name: 'Billing' });
    expectError(
      await call('PATCH', `/queues/${other.id}`, one.admin.session, { name: 'Sales' }),
      409,
      'ALREADY_EXISTS',
    );
    expect((await call('DELETE', `/queues/${queue.id}`, one.admin.session)).statusCode).toBe(204);
    expectError(await call('POST', '/queues', one.admin.session, { name: 'Sales' }), 409, 'ALREADY_EXISTS');
    await createQueue(two.admin.session, { name: 'Sales' });
  });

  it('updates settings and marks the outbox again', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const queue = await createQueue(admin.session);
    await clearOutbox(tenant.id);
    const response = await call('PATCH', `/queues/${queue.id}`, admin.session, {
      strategy: 'RING_ALL',
      maxWaitTime: 90,
      announceSound: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: queue.id,
      name: queue.name,
      strategy: 'RING_ALL',
      maxWaitTime: 90,
      announceSound: null,
    });
    expect(await outboxOf(tenant.id)).toMatchObject([{ kind: 'callcenter' }]);
    expect(await auditActions(tenant.id)).toContain('QUEUE_UPDATED');
  });

  it('soft-deletes: 404 afterwards on every id route, gone from the list, row kept, outbox marked', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const queue = await createQueue(admin.session);
    await clearOutbox(tenant.id);
    expect((await call('DELETE', `/queues/${queue.id}`, admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/queues/${queue.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/queues/${queue.id}`, admin.session, { maxWaitTime: 1 }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', `/queues/${queue.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', `/queues/${queue.id}/agents`, admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', '/queues', admin.session)).json()).toEqual([]);
    const row = await t.db.withTenant(tenant.id, (tx) =>
      tx.selectFrom('queues').select('deletedAt').where('id', '=', queue.id).executeTakeFirst(),
    );
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await outboxOf(tenant.id)).toMatchObject([{ kind: 'callcenter' }]);
  });

  it('enforces the plan quota (trial: 2 queues); a deleted queue frees its place', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const first = await createQueue(admin.session);
    await createQueue(admin.session);
    expectError(await call('POST', '/queues', admin.session, { name: 'third' }), 403, 'QUOTA_EXCEEDED');
    await call('DELETE', `/queues/${first.id}`, admin.session);
    await createQueue(admin.session, { name: 'third' });
  });

  it('needs queues.view to read and queues.manage to write; a token is required', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const queue = await createQueue(admin.session);
    const agent = await createMember(t.app, admin.session, 'agent');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expectError(await call('GET', '/queues', agent.session), 403, 'FORBIDDEN');
    expectError(await call('GET', `/queues/${queue.id}`, agent.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/queues', agent.session, { name: 'x' }), 403, 'FORBIDDEN');
    // 403 comes before 400: an invalid body from a caller without permission is still 403.
    expectError(await call('POST', '/queues', agent.session, {}), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/queues/${queue.id}`, agent.session), 403, 'FORBIDDEN');
    expect((await call('GET', '/queues', supervisor.session)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/queues/${queue.id}`, supervisor.session, { recordingEnabled: true })).statusCode,
    ).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/queues' }), 401, 'UNAUTHORIZED');
  });

  it('isolates tenants: another tenant’s queue is not found and never listed', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const queue = await createQueue(one.admin.session);
    expect((await call('GET', '/queues', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/queues/${queue.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/queues/${queue.id}`, two.admin.session, { maxWaitTime: 5 }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', `/queues/${queue.id}`, two.admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', `/queues/${queue.id}`, one.admin.session)).statusCode).toBe(200);
  });
});

describe('/queues/:id/agents (tiers)', () => {
  async function withAgent(fixture: TenantFixture) {
    const member = await insertMember(t, fixture.tenant.id);
    const agent = await createAgent(t, fixture.admin.session, fixture.tenant.id, member.id, { name: 'Ana' });
    return { ...agent, email: member.email, userId: member.id };
  }

  it('assigns an agent (201), re-posting updates level and position (200), lists tiers with the agent', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const { admin, tenant } = fixture;
    const queue = await createQueue(admin.session);
    const agent = await withAgent(fixture);
    await clearOutbox(tenant.id);

    const assigned = await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: agent.id });
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json()).toMatchObject({ queueId: queue.id, agentId: agent.id, level: 1, position: 1 });
    expect(await outboxOf(tenant.id)).toMatchObject([{ kind: 'callcenter' }]);

    const moved = await call('POST', `/queues/${queue.id}/agents`, admin.session, {
      agentId: agent.id,
      level: 3,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ level: 3, position: 1 });
    expect(
      (
        await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: agent.id, position: 7 })
      ).json(),
    ).toMatchObject({
      level: 3,
      position: 7,
    });

    const tiers = (await call('GET', `/queues/${queue.id}/agents`, admin.session)).json();
    expect(tiers).toEqual([
      {
        queueId: queue.id,
        agentId: agent.id,
        level: 3,
        position: 7,
        createdAt: expect.any(String),
        agent: {
          id: agent.id,
          name: 'Ana',
          state: 'LOGGED_OUT',
          userId: agent.userId,
          userEmail: agent.email,
          extensionNumber: agent.extensionNumber,
        },
      },
    ]);
    expect(await auditActions(tenant.id)).toEqual(
      expect.arrayContaining(['QUEUE_AGENT_ASSIGNED', 'QUEUE_AGENT_UPDATED']),
    );
  });

  it('refuses an agent that is not of the tenant, or deleted (400), and an unknown queue (404)', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const queue = await createQueue(one.admin.session);
    const foreign = await withAgent(two);
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, one.admin.session, { agentId: foreign.id }),
      400,
      'INVALID_AGENT',
    );
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, one.admin.session, { agentId: randomUUID() }),
      400,
      'INVALID_AGENT',
    );
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, one.admin.session, { agentId: 'nope' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, one.admin.session, { agentId: foreign.id, level: 0 }),
      400,
      'VALIDATION_FAILED',
    );

    const mine = await withAgent(one);
    expect((await call('DELETE', `/agents/${mine.id}`, one.admin.session)).statusCode).toBe(204);
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, one.admin.session, { agentId: mine.id }),
      400,
      'INVALID_AGENT',
    );

    const live = await withAgent(one);
    const foreignQueue = await createQueue(two.admin.session);
    expectError(
      await call('POST', `/queues/${foreignQueue.id}/agents`, one.admin.session, { agentId: live.id }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('GET', `/queues/${foreignQueue.id}/agents`, one.admin.session), 404, 'NOT_FOUND');
  });

  it('removes a tier by body or by path; a second removal is 404', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const { admin, tenant } = fixture;
    const queue = await createQueue(admin.session);
    const [first, second] = [await withAgent(fixture), await withAgent(fixture)];
    await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: first.id });
    await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: second.id, level: 2 });
    expect((await call('GET', `/queues/${queue.id}/agents`, admin.session)).json()).toHaveLength(2);
    await clearOutbox(tenant.id);

    expect(
      (await call('DELETE', `/queues/${queue.id}/agents`, admin.session, { agentId: first.id })).statusCode,
    ).toBe(204);
    expect(await outboxOf(tenant.id)).toMatchObject([{ kind: 'callcenter' }]);
    expect((await call('DELETE', `/queues/${queue.id}/agents/${second.id}`, admin.session)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/queues/${queue.id}/agents`, admin.session)).json()).toEqual([]);

    expectError(
      await call('DELETE', `/queues/${queue.id}/agents`, admin.session, { agentId: first.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('DELETE', `/queues/${queue.id}/agents/${second.id}`, admin.session),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('DELETE', `/queues/${queue.id}/agents`, admin.session, {}),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('DELETE', `/queues/${randomUUID()}/agents/${first.id}`, admin.session),
      404,
      'NOT_FOUND',
    );
    expect(await auditActions(tenant.id)).toContain('QUEUE_AGENT_REMOVED');
  });

  it('tiers need queues.manage to change and queues.view to read', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const queue = await createQueue(fixture.admin.session);
    const agent = await withAgent(fixture);
    const member = await createMember(t.app, fixture.admin.session, 'agent');
    expectError(await call('GET', `/queues/${queue.id}/agents`, member.session), 403, 'FORBIDDEN');
    expectError(
      await call('POST', `/queues/${queue.id}/agents`, member.session, { agentId: agent.id }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('DELETE', `/queues/${queue.id}/agents/${agent.id}`, member.session),
      403,
      'FORBIDDEN',
    );
  });

  it('deleting a queue removes its tiers', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const queue = await createQueue(fixture.admin.session);
    const agent = await withAgent(fixture);
    await call('POST', `/queues/${queue.id}/agents`, fixture.admin.session, { agentId: agent.id });
    await call('DELETE', `/queues/${queue.id}`, fixture.admin.session);
    const tiers = await t.db.withTenant(fixture.tenant.id, (tx) =>
      tx.selectFrom('queueTiers').selectAll().where('queueId', '=', queue.id).execute(),
    );
    expect(tiers).toEqual([]);
  });

  it('refuses deleting a queue an inbound route still sends calls to', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const queue = await createQueue(fixture.admin.session);
    const did = uniqueDid();
    await assignNumbers(t.app, t.platform, fixture.tenant.id, did);
    const route = await call('POST', '/inbound-routes', fixture.admin.session, { didNumber: did, destinationType: 'QUEUE', destinationNumber: queue.id });
    expect(route.statusCode).toBe(201);
    expectError(await call('DELETE', `/queues/${queue.id}`, fixture.admin.session), 400, 'QUEUE_IN_USE');
    expect((await call('GET', `/queues/${queue.id}`, fixture.admin.session)).statusCode).toBe(200);
    expect((await call('DELETE', `/inbound-routes/${route.json<{ id: string }>().id}`, fixture.admin.session)).statusCode).toBe(204);
    expect((await call('DELETE', `/queues/${queue.id}`, fixture.admin.session)).statusCode).toBe(204);
  });
});
