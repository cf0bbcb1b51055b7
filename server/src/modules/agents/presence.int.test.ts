import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AgentState } from '../../platform/db/schema.ts';
import pino from 'pino';
import { realtimeEventOf, realtimePublisher } from '../../platform/realtime/events.ts';
import { TEST_PASSWORD, createMember, createTenant, expectError, login, toSession, useTestApp } from '../../../test/harness.ts';
import { CallCenterSync } from './callcenter-sync.ts';
import { AgentPresenceService } from './presence.service.ts';
import { createAgent, recordMessages, recordingSwitch } from './test-support.ts';

const t = useTestApp();
const { call } = t;

/** A tenant with an agent-role member who is an Agent, and an enabled pause reason. */
async function setup() {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  const member = await createMember(t.app, admin.session, 'agent');
  const agent = await createAgent(t, admin.session, tenant.id, member.id, { name: 'Ana' });
  const reason = (
    await call('POST', '/pause-reasons', admin.session, { code: 'BREAK', name: 'Coffee' })
  ).json<{ id: string }>();
  return { tenant, admin, member, agent, reason };
}

const rowsOf = (tenantId: string, agentId: string) =>
  t.db.withTenant(tenantId, async (tx) => ({
    agent: await tx.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow(),
    sessions: await tx
      .selectFrom('agentSessions')
      .selectAll()
      .where('agentId', '=', agentId)
      .orderBy('startedAt')
      .execute(),
    pauses: await tx
      .selectFrom('agentPauseEvents')
      .selectAll()
      .where('agentId', '=', agentId)
      .orderBy('startedAt')
      .execute(),
    states: await tx
      .selectFrom('agentStateEvents')
      .selectAll()
      .where('agentId', '=', agentId)
      .orderBy('startedAt')
      .execute(),
  }));

const setState = (tenantId: string, agentId: string, state: AgentState) =>
  t.db.withTenant(tenantId, (tx) =>
    tx.updateTable('agents').set({ state }).where('id', '=', agentId).execute(),
  );

describe('/agents/me', () => {
  it('is 404 NOT_FOUND for a member without an Agent, and the own Agent otherwise', async () => {
    const { admin, member, agent } = await setup();
    expectError(await call('GET', '/agents/me', admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', '/agents/me', member.session)).json()).toMatchObject({
      id: agent.id,
      userId: member.id,
      userEmail: member.email,
      name: 'Ana',
      state: 'LOGGED_OUT',
      extensionNumber: agent.extensionNumber,
      pauseReasonId: null,
    });
    expectError(await call('POST', '/agents/me/login', admin.session), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/agents/me' }), 401, 'UNAUTHORIZED');
  });

  it('lists the enabled pause reasons to an agent, who has no agents.view', async () => {
    const { admin, member, reason } = await setup();
    const off = (await call('POST', '/pause-reasons', admin.session, { code: 'OLD', name: 'Old' })).json<{
      id: string;
    }>();
    await call('DELETE', `/pause-reasons/${off.id}`, admin.session);
    expectError(await call('GET', '/pause-reasons', member.session), 403, 'FORBIDDEN');
    const reasons = (await call('GET', '/agents/me/pause-reasons', member.session)).json<Array<{ id: string }>>();
    // The tenant's starter reasons (6), and this one; not the deleted one.
    expect(reasons).toHaveLength(7);
    expect(reasons).toContainEqual(expect.objectContaining({ id: reason.id, code: 'BREAK', name: 'Coffee', enabled: true }));
    expect(reasons.map((entry) => entry.id)).not.toContain(off.id);
  });

  it('resolves the agent from the token’s tenant only: a member of two tenants is no agent in the other', async () => {
    const { member } = await setup();
    const other = await createTenant(t.app, t.platform);
    const invited = await call('POST', '/users', other.admin.session, { email: member.email, role: 'agent' });
    expect(invited.json()).toMatchObject({ created: false });
    const fresh = await login(t.app, member.email, TEST_PASSWORD, '10.40.0.1');
    const selected = await call('POST', '/auth/select-tenant', fresh, { tenantId: other.tenant.id });
    expect(selected.statusCode).toBe(200);
    const inOther = toSession(selected.json());
    expectError(await call('GET', '/agents/me', inOther), 404, 'NOT_FOUND');
    expectError(await call('POST', '/agents/me/login', inOther), 404, 'NOT_FOUND');
  });
});

describe('login, pause, resume, logout', () => {
  it('walks a whole session, writing sessions, state and pause events with start and end, and publishing each change', async () => {
    const { tenant, member, agent, reason } = await setup();
    const recorder = await recordMessages(t);
    try {
      const loggedIn = await call('POST', '/agents/me/login', member.session);
      expect(loggedIn.statusCode).toBe(200);
      expect(loggedIn.json()).toMatchObject({ id: agent.id, state: 'AVAILABLE', pauseReasonId: null });

      let rows = await rowsOf(tenant.id, agent.id);
      expect(rows.sessions).toMatchObject([{ endedAt: null }]);
      const sessionId = rows.sessions[0]!.id;
      expect(rows.states).toMatchObject([
        { fromState: 'LOGGED_OUT', toState: 'AVAILABLE', cause: 'login', sessionId, endedAt: null },
      ]);
      expect(rows.agent.stateChangedAt.getTime()).toBe(rows.states[0]!.startedAt.getTime());

      const paused = await call('POST', '/agents/me/pause', member.session, { pauseReasonId: reason.id });
      expect(paused.json()).toMatchObject({ state: 'PAUSED', pauseReasonId: reason.id, pauseReasonName: 'Coffee' });
      rows = await rowsOf(tenant.id, agent.id);
      expect(rows.pauses).toMatchObject([{ pauseReasonId: reason.id, sessionId, endedAt: null }]);
      expect(rows.states).toHaveLength(2);
      // The previous state event ends exactly when the next one starts.
      expect(rows.states[0]!.endedAt?.getTime()).toBe(rows.states[1]!.startedAt.getTime());
      expect(rows.states[1]).toMatchObject({
        fromState: 'AVAILABLE',
        toState: 'PAUSED',
        cause: 'pause',
        endedAt: null,
      });

      expect((await call('POST', '/agents/me/resume', member.session)).json()).toMatchObject({
        state: 'AVAILABLE',
        pauseReasonId: null,
      });
      rows = await rowsOf(tenant.id, agent.id);
      expect(rows.pauses[0]!.endedAt).toBeInstanceOf(Date);
      expect(rows.pauses[0]!.endedAt!.getTime()).toBe(rows.states[2]!.startedAt.getTime());

      await call('POST', '/agents/me/pause', member.session, { pauseReasonId: reason.id });
      const loggedOut = await call('POST', '/agents/me/logout', member.session);
      expect(loggedOut.json()).toMatchObject({ state: 'LOGGED_OUT', pauseReasonId: null });

      rows = await rowsOf(tenant.id, agent.id);
      expect(rows.agent.state).toBe('LOGGED_OUT');
      expect(rows.sessions).toHaveLength(1);
      expect(rows.sessions[0]!.endedAt).toBeInstanceOf(Date);
      expect(rows.pauses).toHaveLength(2);
      expect(rows.pauses.every((pause) => pause.endedAt !== null)).toBe(true);
      expect(rows.states.map((event) => `${event.fromState}>${event.toState}`)).toEqual([
        'LOGGED_OUT>AVAILABLE',
        'AVAILABLE>PAUSED',
        'PAUSED>AVAILABLE',
        'AVAILABLE>PAUSED',
        'PAUSED>LOGGED_OUT',
      ]);
      expect(rows.states.filter((event) => event.endedAt === null)).toEqual([rows.states[4]]);
      expect(rows.states.every((event) => event.sessionId === sessionId)).toBe(true);

      const base = {
        type: 'AGENT_STATE_CHANGED',
        tenantId: tenant.id,
        at: expect.any(String),
        agentId: agent.id,
        userId: member.id,
      };
      await expect
        .poll(() =>
          recorder.messages.map(realtimeEventOf).filter((event) => event?.type === 'AGENT_STATE_CHANGED'),
        )
        .toEqual([
          { ...base, state: 'AVAILABLE', previousState: 'LOGGED_OUT' },
          { ...base, state: 'PAUSED', previousState: 'AVAILABLE', pauseReasonId: reason.id },
          { ...base, state: 'AVAILABLE', previousState: 'PAUSED' },
          { ...base, state: 'PAUSED', previousState: 'AVAILABLE', pauseReasonId: reason.id },
          { ...base, state: 'LOGGED_OUT', previousState: 'PAUSED' },
        ]);
      const at = realtimeEventOf(recorder.messages[0])!.at;
      expect(new Date(at).toISOString()).toBe(at);
    } finally {
      await recorder.stop();
    }
  });

  it('a second session opens on the next login', async () => {
    const { tenant, member, agent } = await setup();
    for (const step of ['login', 'logout', 'login'] as const) {
      expect((await call('POST', `/agents/me/${step}`, member.session)).statusCode).toBe(200);
    }
    const rows = await rowsOf(tenant.id, agent.id);
    expect(rows.sessions.map((session) => session.endedAt === null)).toEqual([false, true]);
    expect(rows.states.at(-1)).toMatchObject({ toState: 'AVAILABLE', sessionId: rows.sessions[1]!.id });
  });

  it('refuses every other move with 400 INVALID_AGENT_TRANSITION and writes nothing', async () => {
    const { tenant, member, agent, reason } = await setup();
    const pause = () => call('POST', '/agents/me/pause', member.session, { pauseReasonId: reason.id });
    expectError(await pause(), 400, 'INVALID_AGENT_TRANSITION');
    expectError(await call('POST', '/agents/me/resume', member.session), 400, 'INVALID_AGENT_TRANSITION');
    expectError(await call('POST', '/agents/me/logout', member.session), 400, 'INVALID_AGENT_TRANSITION');
    expect((await rowsOf(tenant.id, agent.id)).states).toEqual([]);

    await call('POST', '/agents/me/login', member.session);
    expectError(await call('POST', '/agents/me/login', member.session), 400, 'INVALID_AGENT_TRANSITION');
    expectError(await call('POST', '/agents/me/resume', member.session), 400, 'INVALID_AGENT_TRANSITION');
    await pause();
    expectError(await pause(), 400, 'INVALID_AGENT_TRANSITION');
    expectError(await call('POST', '/agents/me/login', member.session), 400, 'INVALID_AGENT_TRANSITION');

    // In a call the switch owns the state: no pause, no logout until it is over.
    for (const state of ['RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'] as const) {
      await setState(tenant.id, agent.id, state);
      for (const step of ['login', 'resume', 'logout'] as const) {
        expectError(
          await call('POST', `/agents/me/${step}`, member.session),
          400,
          'INVALID_AGENT_TRANSITION',
        );
      }
      expectError(await pause(), 400, 'INVALID_AGENT_TRANSITION');
    }
    expect((await rowsOf(tenant.id, agent.id)).states).toHaveLength(2);
  });

  it('pause needs an enabled pause reason of the tenant', async () => {
    const { tenant, admin, member, agent } = await setup();
    const other = await createTenant(t.app, t.platform);
    const foreign = (
      await call('POST', '/pause-reasons', other.admin.session, { code: 'BREAK', name: 'x' })
    ).json<{ id: string }>();
    const disabled = (
      await call('POST', '/pause-reasons', admin.session, { code: 'GONE', name: 'Gone' })
    ).json<{ id: string }>();
    await call('DELETE', `/pause-reasons/${disabled.id}`, admin.session);
    await call('POST', '/agents/me/login', member.session);

    expectError(await call('POST', '/agents/me/pause', member.session, {}), 400, 'VALIDATION_FAILED');
    expectError(
      await call('POST', '/agents/me/pause', member.session, { pauseReasonId: 'lunch' }),
      400,
      'VALIDATION_FAILED',
    );
    for (const pauseReasonId of [foreign.id, disabled.id, randomUUID()]) {
      expectError(
        await call('POST', '/agents/me/pause', member.session, { pauseReasonId }),
        400,
        'INVALID_PAUSE_REASON',
      );
    }
    const rows = await rowsOf(tenant.id, agent.id);
    expect(rows.agent.state).toBe('AVAILABLE');
    expect(rows.pauses).toEqual([]);
  });

  it('two simultaneous logins open one session: one succeeds, the other is refused', async () => {
    const { tenant, member, agent } = await setup();
    const responses = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/agents/me/login', member.session)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
    const rows = await rowsOf(tenant.id, agent.id);
    expect(rows.sessions).toHaveLength(1);
    expect(rows.states).toHaveLength(1);
  });

  it('refuses to log in an agent whose extension was deleted', async () => {
    const { tenant, member, agent } = await setup();
    await t.db.withTenant(tenant.id, (tx) =>
      tx
        .updateTable('extensions')
        .set({ deletedAt: new Date() })
        .where('id', '=', agent.extensionId)
        .execute(),
    );
    expectError(await call('POST', '/agents/me/login', member.session), 400, 'AGENT_EXTENSION_DELETED');
    expect((await rowsOf(tenant.id, agent.id)).sessions).toEqual([]);
  });

  it('never takes the agent from the body', async () => {
    const { member, agent } = await setup();
    const second = await setup();
    const response = await call('POST', '/agents/me/login', member.session, { agentId: second.agent.id });
    expect(response.json()).toMatchObject({ id: agent.id, state: 'AVAILABLE' });
    expect((await call('GET', '/agents/me', second.member.session)).json()).toMatchObject({
      state: 'LOGGED_OUT',
    });
  });
});

describe('what the switch is told', () => {
  /** The service on the test database with a switch that records commands instead of sending them. */
  function recordingPresence() {
    const { sent, commands } = recordingSwitch();
    const log = pino({ level: 'silent' });
    const presence = new AgentPresenceService(
      { db: t.db, realtime: realtimePublisher(t.coordination), log },
      new CallCenterSync(commands, log),
    );
    return { sent, presence };
  }

  it('login adds the agent with its contact as Available and re-pushes all its tiers; then one status per move', async () => {
    const { tenant, admin, member, agent, reason } = await setup();
    const queues = [];
    for (const name of ['first', 'second'])
      queues.push((await call('POST', '/queues', admin.session, { name })).json<{ id: string }>());
    await call('POST', `/queues/${queues[0]!.id}/agents`, admin.session, {
      agentId: agent.id,
      level: 2,
      position: 3,
    });
    await call('POST', `/queues/${queues[1]!.id}/agents`, admin.session, { agentId: agent.id });
    const { sent, presence } = recordingPresence();

    await presence.login(tenant.id, member.id);
    const name = `a-${agent.id}`;
    expect(sent).toEqual([
      `upsertAgent ${name} [leg_timeout=20]user/${agent.extensionNumber}@${tenant.telephonyDomain} Available wrap_up_time=10 max_no_answer=0 reject_delay_time=0 busy_delay_time=0 no_answer_delay_time=0`,
      `upsertTier q-${queues[1]!.id} ${name} 1 1`,
      `upsertTier q-${queues[0]!.id} ${name} 2 3`,
    ]);
    sent.length = 0;
    await presence.pause(tenant.id, member.id, reason.id);
    await presence.resume(tenant.id, member.id);
    await presence.logout(tenant.id, member.id);
    expect(sent).toEqual([
      `setAgentStatus ${name} On Break`,
      `setAgentStatus ${name} Available`,
      `setAgentStatus ${name} Logged Out`,
    ]);
  });

  it('a deleted queue’s tier is not re-pushed at login', async () => {
    const { tenant, admin, member, agent } = await setup();
    const queue = (await call('POST', '/queues', admin.session, { name: 'gone' })).json<{ id: string }>();
    await call('POST', `/queues/${queue.id}/agents`, admin.session, { agentId: agent.id });
    await call('DELETE', `/queues/${queue.id}`, admin.session);
    const { sent, presence } = recordingPresence();
    await presence.login(tenant.id, member.id);
    expect(sent).toHaveLength(1);
  });
});
