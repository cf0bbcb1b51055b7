import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realtimeEventOf } from '../../platform/realtime/events.ts';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { createAgent, createExtension, insertMember, recordMessages } from './test-support.ts';

const t = useTestApp();
const { call } = t;

const rowsOf = (tenantId: string, agentId: string) =>
  t.db.withTenant(tenantId, async (tx) => ({
    agent: await tx.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow(),
    sessions: await tx.selectFrom('agentSessions').selectAll().where('agentId', '=', agentId).execute(),
    pauses: await tx.selectFrom('agentPauseEvents').selectAll().where('agentId', '=', agentId).execute(),
    states: await tx
      .selectFrom('agentStateEvents')
      .selectAll()
      .where('agentId', '=', agentId)
      .orderBy('startedAt')
      .execute(),
    tiers: await tx.selectFrom('queueTiers').selectAll().where('agentId', '=', agentId).execute(),
  }));

describe('/agents', () => {
  it('creates an agent: LOGGED_OUT, with its extension number and user e-mail; reads it back; audits', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await insertMember(t, tenant.id);
    const extension = await createExtension(t, tenant.id);
    const response = await call('POST', '/agents', admin.session, {
      userId: member.id,
      extensionId: extension.id,
      name: 'Ana',
      wrapUpSeconds: 30,
    });
    expect(response.statusCode).toBe(201);
    const agent = response.json();
    expect(agent).toEqual({
      id: expect.any(String),
      userId: member.id,
      userEmail: member.email,
      userName: null,
      extensionId: extension.id,
      extensionNumber: extension.number,
      phoneRegistered: false,
      name: 'Ana',
      state: 'LOGGED_OUT',
      stateChangedAt: expect.any(String),
      pauseReasonId: null,
      pauseReasonName: null,
      wrapUpSeconds: 30,
      maxNoAnswer: 0,
      rejectDelaySeconds: 0,
      busyDelaySeconds: 0,
      noAnswerDelaySeconds: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/agents/${agent.id}`, admin.session)).json()).toEqual(agent);
    expect((await call('GET', '/agents', admin.session)).json()).toEqual([agent]);
    const audit = await t.db.withPlatform((tx) =>
      tx
        .selectFrom('auditLog')
        .select(['action', 'targetId'])
        .where('tenantId', '=', tenant.id)
        .where('action', '=', 'AGENT_CREATED')
        .execute(),
    );
    expect(audit).toEqual([{ action: 'AGENT_CREATED', targetId: agent.id }]);
  });

  it('defaults: no name, 10 s of wrap-up', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await insertMember(t, tenant.id);
    const { id } = await createAgent(t, admin.session, tenant.id, member.id);
    expect((await call('GET', `/agents/${id}`, admin.session)).json()).toMatchObject({
      name: null,
      wrapUpSeconds: 10,
    });
  });

  it('400 when the user or the extension is not of the tenant (another tenant’s included) or the extension is deleted', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const member = await insertMember(t, one.tenant.id);
    const extension = await createExtension(t, one.tenant.id);
    const foreignMember = await insertMember(t, two.tenant.id);
    const foreignExtension = await createExtension(t, two.tenant.id);
    const post = (body: object) => call('POST', '/agents', one.admin.session, body);

    expectError(await post({ userId: foreignMember.id, extensionId: extension.id }), 400, 'INVALID_USER');
    expectError(await post({ userId: randomUUID(), extensionId: extension.id }), 400, 'INVALID_USER');
    expectError(
      await post({ userId: member.id, extensionId: foreignExtension.id }),
      400,
      'INVALID_EXTENSION',
    );
    expectError(await post({ userId: member.id, extensionId: randomUUID() }), 400, 'INVALID_EXTENSION');
    await t.db.withTenant(one.tenant.id, (tx) =>
      tx.updateTable('extensions').set({ deletedAt: new Date() }).where('id', '=', extension.id).execute(),
    );
    expectError(await post({ userId: member.id, extensionId: extension.id }), 400, 'INVALID_EXTENSION');

    expectError(await post({ userId: 'x', extensionId: extension.id }), 400, 'VALIDATION_FAILED');
    expectError(await post({ userId: member.id }), 400, 'VALIDATION_FAILED');
    expectError(
      await post({ userId: member.id, extensionId: foreignExtension.id, wrapUpSeconds: -1 }),
      400,
      'VALIDATION_FAILED',
    );
    const fresh = await createExtension(t, one.tenant.id);
    expectError(
      await post({ userId: member.id, extensionId: fresh.id, state: 'AVAILABLE' }),
      400,
      'AGENT_STATE_READ_ONLY',
    );
    expect((await call('GET', '/agents', one.admin.session)).json()).toEqual([]);
  });

  it('409: one agent per user and one agent per extension, deleted agents included', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const [first, second, third] = [
      await insertMember(t, tenant.id),
      await insertMember(t, tenant.id),
      await insertMember(t, tenant.id),
    ];
    const agent = await createAgent(t, admin.session, tenant.id, first.id);
    const spare = await createExtension(t, tenant.id);
    expectError(
      await call('POST', '/agents', admin.session, { userId: first.id, extensionId: spare.id }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await call('POST', '/agents', admin.session, { userId: second.id, extensionId: agent.extensionId }),
      409,
      'ALREADY_EXISTS',
    );

    expect((await call('DELETE', `/agents/${agent.id}`, admin.session)).statusCode).toBe(204);
    expectError(
      await call('POST', '/agents', admin.session, { userId: first.id, extensionId: spare.id }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await call('POST', '/agents', admin.session, { userId: second.id, extensionId: agent.extensionId }),
      409,
      'ALREADY_EXISTS',
    );

    const other = await createAgent(t, admin.session, tenant.id, third.id);
    expectError(
      await call('PATCH', `/agents/${other.id}`, admin.session, { extensionId: agent.extensionId }),
      409,
      'ALREADY_EXISTS',
    );
  });

  it('PATCH changes name, wrap-up and extension; the state is read-only (400, unchanged)', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await insertMember(t, tenant.id);
    const agent = await createAgent(t, admin.session, tenant.id, member.id);
    const extension = await createExtension(t, tenant.id);
    const response = await call('PATCH', `/agents/${agent.id}`, admin.session, {
      name: 'Bia',
      wrapUpSeconds: 0,
      extensionId: extension.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Bia',
      wrapUpSeconds: 0,
      extensionId: extension.id,
      extensionNumber: extension.number,
    });
    // Keeping its own extension is no conflict.
    expect(
      (await call('PATCH', `/agents/${agent.id}`, admin.session, { extensionId: extension.id })).statusCode,
    ).toBe(200);

    expectError(
      await call('PATCH', `/agents/${agent.id}`, admin.session, { state: 'AVAILABLE' }),
      400,
      'AGENT_STATE_READ_ONLY',
    );
    expectError(
      await call('PATCH', `/agents/${agent.id}`, admin.session, { name: 'C', state: 'IN_CALL' }),
      400,
      'AGENT_STATE_READ_ONLY',
    );
    expect((await rowsOf(tenant.id, agent.id)).agent).toMatchObject({ state: 'LOGGED_OUT', name: 'Bia' });

    expectError(await call('PATCH', `/agents/${agent.id}`, admin.session, {}), 400, 'VALIDATION_FAILED');
    expectError(
      await call('PATCH', `/agents/${agent.id}`, admin.session, { extensionId: randomUUID() }),
      400,
      'INVALID_EXTENSION',
    );
    expectError(
      await call('PATCH', `/agents/${randomUUID()}`, admin.session, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
  });

  it('DELETE is soft: 404 by id afterwards, gone from the list, row and tiers handled', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await insertMember(t, tenant.id);
    const agent = await createAgent(t, admin.session, tenant.id, member.id);
    const queue = (await call('POST', '/queues', admin.session, { name: 'Q' })).json<{ id: string }>();
    await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: agent.id });

    expect((await call('DELETE', `/agents/${agent.id}`, admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/agents/${agent.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/agents/${agent.id}`, admin.session, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/agents/${agent.id}`, admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', '/agents', admin.session)).json()).toEqual([]);
    const rows = await rowsOf(tenant.id, agent.id);
    expect(rows.agent.deletedAt).toBeInstanceOf(Date);
    expect(rows.tiers).toEqual([]);
  });

  it('DELETE of a logged-in, paused agent logs it out first: pause, state event and session closed, LOGGED_OUT published', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'agent');
    const agent = await createAgent(t, admin.session, tenant.id, member.id);
    const reason = (
      await call('POST', '/pause-reasons', admin.session, { code: 'LUNCH', name: 'Lunch' })
    ).json<{ id: string }>();
    expect((await call('POST', '/agents/me/login', member.session)).statusCode).toBe(200);
    expect(
      (await call('POST', '/agents/me/pause', member.session, { pauseReasonId: reason.id })).statusCode,
    ).toBe(200);

    const recorder = await recordMessages(t);
    try {
      expect((await call('DELETE', `/agents/${agent.id}`, admin.session)).statusCode).toBe(204);
      await expect
        .poll(() =>
          recorder.messages.map(realtimeEventOf).filter((event) => event?.type === 'AGENT_STATE_CHANGED'),
        )
        .toEqual([
          {
            type: 'AGENT_STATE_CHANGED',
            tenantId: tenant.id,
            at: expect.any(String),
            agentId: agent.id,
            userId: member.id,
            state: 'LOGGED_OUT',
            previousState: 'PAUSED',
          },
        ]);
    } finally {
      await recorder.stop();
    }
    const rows = await rowsOf(tenant.id, agent.id);
    expect(rows.agent).toMatchObject({ state: 'LOGGED_OUT' });
    expect(rows.sessions).toHaveLength(1);
    expect(rows.sessions[0]!.endedAt).toBeInstanceOf(Date);
    expect(rows.pauses).toHaveLength(1);
    expect(rows.pauses[0]!.endedAt).toBeInstanceOf(Date);
    expect(rows.states.at(-1)).toMatchObject({
      fromState: 'PAUSED',
      toState: 'LOGGED_OUT',
      cause: 'agent_deleted',
      endedAt: null,
    });
    expect(rows.states.filter((event) => event.endedAt === null)).toHaveLength(1);
    expectError(await call('GET', '/agents/me', member.session), 404, 'NOT_FOUND');
  });

  it('enforces the plan quota (trial: 5 agents); a deleted agent frees its place', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const agents = [];
    for (let index = 0; index < 5; index += 1)
      agents.push(await createAgent(t, admin.session, tenant.id, (await insertMember(t, tenant.id)).id));
    const sixth = await insertMember(t, tenant.id);
    const extension = await createExtension(t, tenant.id);
    expectError(
      await call('POST', '/agents', admin.session, { userId: sixth.id, extensionId: extension.id }),
      403,
      'QUOTA_EXCEEDED',
    );
    await call('DELETE', `/agents/${agents[0]!.id}`, admin.session);
    expect(
      (await call('POST', '/agents', admin.session, { userId: sixth.id, extensionId: extension.id }))
        .statusCode,
    ).toBe(201);
  });

  it('needs agents.view to read and agents.manage to write: an agent-role user has neither', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const agentUser = await createMember(t.app, admin.session, 'agent');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createAgent(t, admin.session, tenant.id, agentUser.id);
    expectError(await call('GET', '/agents', agentUser.session), 403, 'FORBIDDEN');
    expectError(await call('GET', `/agents/${agent.id}`, agentUser.session), 403, 'FORBIDDEN');
    expectError(
      await call('POST', '/agents', agentUser.session, {
        userId: agentUser.id,
        extensionId: agent.extensionId,
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PATCH', `/agents/${agent.id}`, agentUser.session, { name: 'me' }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', `/agents/${agent.id}`, agentUser.session), 403, 'FORBIDDEN');
    // ...while their own agent answers to them.
    expect((await call('GET', '/agents/me', agentUser.session)).json()).toMatchObject({ id: agent.id });
    // A supervisor holds both.
    expect((await call('GET', '/agents', supervisor.session)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/agents/${agent.id}`, supervisor.session, { name: 'Sup edit' })).statusCode,
    ).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/agents' }), 401, 'UNAUTHORIZED');
  });

  it('lists the members who can still become agents to whoever assigns agents, a supervisor included', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const other = await createTenant(t.app, t.platform);
    const free = await insertMember(t, tenant.id);
    const withAgent = await insertMember(t, tenant.id);
    const withDeletedAgent = await insertMember(t, tenant.id);
    const disabled = await insertMember(t, tenant.id);
    const elsewhere = await insertMember(t, other.tenant.id);
    await createAgent(t, admin.session, tenant.id, withAgent.id);
    const deleted = await createAgent(t, admin.session, tenant.id, withDeletedAgent.id);
    expect((await call('DELETE', `/agents/${deleted.id}`, admin.session)).statusCode).toBe(204);
    await t.db.withPlatform((tx) => tx.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', disabled.id).execute());
    const supervisor = await createMember(t.app, admin.session, 'supervisor');

    const response = await call('GET', '/agents/assignable-users', supervisor.session);
    expect(response.statusCode).toBe(200);
    const listed = response.json<{ id: string; email: string; role: string }[]>();
    const ids = listed.map((user) => user.id);
    expect(ids).toContain(free.id);
    expect(listed.find((user) => user.id === free.id)).toEqual({ id: free.id, email: free.email, name: null, role: 'agent' });
    for (const taken of [withAgent, withDeletedAgent, disabled, elsewhere]) expect(ids).not.toContain(taken.id);
    // What it lists is accepted by POST /agents.
    const extension = await createExtension(t, tenant.id);
    expect((await call('POST', '/agents', supervisor.session, { userId: free.id, extensionId: extension.id })).statusCode).toBe(201);
    expect((await call('GET', '/agents/assignable-users', supervisor.session)).json<{ id: string }[]>().map((user) => user.id)).not.toContain(free.id);

    const agentRole = await createMember(t.app, admin.session, 'agent');
    expectError(await call('GET', '/agents/assignable-users', agentRole.session), 403, 'FORBIDDEN');
  });

  it('isolates tenants: another tenant’s agents are never listed and are 404 by id', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const agent = await createAgent(
      t,
      one.admin.session,
      one.tenant.id,
      (await insertMember(t, one.tenant.id)).id,
    );
    expect((await call('GET', '/agents', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/agents/${agent.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/agents/${agent.id}`, two.admin.session, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', `/agents/${agent.id}`, two.admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', `/agents/${agent.id}`, one.admin.session)).statusCode).toBe(200);
  });
});
