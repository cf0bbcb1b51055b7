// GET /reports/agents on agent states, pauses, sessions and queue entries written as the consumer
// writes them: time per state across interval edges, offers and missed offers, answered calls,
// talk and handle time, occupancy and utilization, logins per day; an agent sees only itself.
import { describe, expect, it } from 'vitest';
import type { AgentReport, QueueReport } from '@callcenter/rules/reports/shapes';
import { createTenant, expectError, useTestApp, type Session } from '../../../test/harness.ts';
import { at, createAgent, plus, queueCall, rollupsMatchRecomputation } from './test-support.ts';

const t = useTestApp();
const DAY = { from: '2026-11-20T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' };

async function report<T>(session: Session, path: string, query: Record<string, string>) {
  const response = await t.call('GET', `${path}?${new URLSearchParams(query)}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** An agent's day as the state machine writes it: each row from one state to the next, closed by the next. */
async function stateRun(tenantId: string, agentId: string, start: Date, steps: Array<[string, number | null]>) {
  let from = 'LOGGED_OUT';
  let startedAt = start;
  await t.db.withTenant(tenantId, async (tx) => {
    for (const [state, seconds] of steps) {
      const endedAt = seconds === null ? null : plus(startedAt, seconds);
      await tx.insertInto('agentStateEvents').values({ tenantId, agentId, fromState: from, toState: state, cause: 'test', startedAt, endedAt } as never).execute();
      from = state;
      if (endedAt) startedAt = endedAt;
    }
  });
}

describe('GET /reports/agents', () => {
  it('adds up an agent’s hour: states across 15-minute edges, a missed offer, a pause by reason, talk, wrap-up, occupancy', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    expect((await t.call('PATCH', '/tenant-settings', admin.session, { timezone: 'America/Sao_Paulo' })).statusCode).toBe(200);
    const queueId = await t.createId('/queues', admin.session, { name: 'Suporte' });
    const ana = await createAgent(t, admin.session, '7101');
    const other = await createAgent(t, admin.session, '7102');
    const noon = at('2026-11-20T12:00:00Z'); // 09:00 in São Paulo
    const pauseReasonId = await t.createId('/pause-reasons', admin.session, { code: 'CAFE_REPORT', name: 'Café' });
    await queueCall(t.db, tenant.id, { queueId, joinedAt: plus(noon, 1200), answerAfter: 10, leaveAfter: 300, agentId: ana.agentId });
    await t.db.withTenant(tenant.id, async (tx) => {
      await tx.insertInto('agentSessions').values({ tenantId: tenant.id, agentId: ana.agentId, startedAt: noon, endedAt: plus(noon, 3600) }).execute();
      await tx.insertInto('agentPauseEvents').values({ tenantId: tenant.id, agentId: ana.agentId, pauseReasonId, startedAt: plus(noon, 2400), endedAt: plus(noon, 3600) }).execute();
    });
    await stateRun(tenant.id, ana.agentId, noon, [
      ['AVAILABLE', 1200],
      ['RINGING', 10],
      ['IN_CALL', 300],
      ['WRAP_UP', 60],
      ['AVAILABLE', 230],
      ['RINGING', 15],
      ['AVAILABLE', 585], // the second offer went unanswered
      ['PAUSED', 1200],
      ['LOGGED_OUT', null],
    ]);

    const body = await report<AgentReport>(admin.session, '/reports/agents', { ...DAY, interval: 'hour' });
    const line = body.agents.find((agent) => agent.agentId === ana.agentId)!;
    expect(line.metrics).toEqual({
      loggedSeconds: 3600,
      pausedSeconds: 1200,
      stateSeconds: { AVAILABLE: 2015, PAUSED: 1200, RESERVED: 0, RINGING: 25, IN_CALL: 300, WRAP_UP: 60, ON_EXTERNAL_CALL: 0 },
      offered: 2,
      answered: 1,
      missed: 1,
      averageTalkSeconds: 300,
      averageHandleSeconds: 360,
      occupancy: 360 / 2400,
      utilization: 360 / 3600,
    });
    expect(line.pauses).toEqual([{ pauseReasonId, code: 'CAFE_REPORT', name: 'Café', seconds: 1200 }]);
    expect(line.days).toEqual([{ day: '2026-11-20', firstLoginAt: '2026-11-20T12:00:00.000Z', lastLogoutAt: '2026-11-20T13:00:00.000Z' }]);
    expect(body.series[9]!.metrics.loggedSeconds).toBe(3600);
    expect(body.agents.find((agent) => agent.agentId === other.agentId)!.metrics.loggedSeconds).toBe(0);
    // Per 15 minutes: the first AVAILABLE is cut at 09:15 and at 09:30 local.
    const quarter = await report<AgentReport>(admin.session, '/reports/agents', { ...DAY, interval: '15m', agentId: ana.agentId });
    const quarters = quarter.series.slice(36, 40).map((point) => point.metrics.stateSeconds);
    expect(quarters.map((time) => time.AVAILABLE)).toEqual([900, 300 + 230, 585, 0]);
    expect(quarters.map((time) => time.PAUSED)).toEqual([0, 0, 300, 900]);
    // Per queue (the fine rows): Ana's call was Suporte's; another queue's report gives her none.
    const vendas = await t.createId('/queues', admin.session, { name: 'Vendas' });
    const bySupport = await report<AgentReport>(admin.session, '/reports/agents', { ...DAY, queueId });
    expect(bySupport.agents.find((agent) => agent.agentId === ana.agentId)!.metrics).toMatchObject({ answered: 1, averageTalkSeconds: 300 });
    const bySales = await report<AgentReport>(admin.session, '/reports/agents', { ...DAY, queueId: vendas });
    expect(bySales.agents.find((agent) => agent.agentId === ana.agentId)?.metrics.answered ?? 0).toBe(0);
    // The wrap-up counted for the queue too.
    const queues = await report<QueueReport>(admin.session, '/reports/queues', DAY);
    expect(queues.totals).toMatchObject({ answered: 1, averageWrapUpSeconds: 60, averageHandleSeconds: 360 });
    expect(await rollupsMatchRecomputation(t.db, tenant.id)).toEqual({});
  });

  it('counts a state still open up to now, and lets an agent read only its own report', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const ana = await createAgent(t, admin.session, '7201');
    const bruno = await createAgent(t, admin.session, '7202');
    await stateRun(tenant.id, ana.agentId, new Date(Date.now() - 600_000), [['AVAILABLE', null]]);
    const own = await report<AgentReport>(ana.session, '/reports/agents', { preset: 'today' });
    expect(own.agents.map((agent) => agent.agentId)).toEqual([ana.agentId]);
    expect(own.agents[0]!.metrics.stateSeconds.AVAILABLE).toBeGreaterThanOrEqual(599);
    expect(own.agents[0]!.metrics.stateSeconds.AVAILABLE).toBeLessThan(700);
    expectError(await t.call('GET', `/reports/agents?agentId=${bruno.agentId}`, ana.session), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/reports/queues', ana.session), 403, 'FORBIDDEN');
  });
});
