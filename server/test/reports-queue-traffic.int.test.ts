// The queue and agent reports under real traffic: DID calls through the switch simulator into
// queues with a logged-in agent, every mod_callcenter event taken by the platform's own consumer.
// Each call's waits and talks are measured on the test's side; the reports must give the same
// counts exactly and the same durations within the tolerance of the simulator's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@callcenter/rules/reports/shapes';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, phoneLegs, startSwitchedApp, type SwitchedApp, until } from './switch.ts';
import { fetchReport, mean, near, report, seconds, sleep } from './report-traffic.ts';
import { rollupsMatchRecomputation } from '../src/modules/reports/test-support.ts';

let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(() => t?.close());

const esl = (command: string) => t.runtime.target.esl.api(command);

async function post<T>(auth: Session['auth'], url: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/**
 * A tenant whose agent (extension 4201, a 1 s wrap-up, no offer for 4 s after rejecting one) serves
 * Vendas (service level 2 s, short abandons up to 1 s), reached by a DID; Retenção, unstaffed, is
 * where Vendas hands callers over (extension 7202 of the tenant's dialplan); Plantão, unstaffed,
 * lets a caller wait 2 s at most (its own DID).
 */
async function callCenter(tenant: TenantFixture) {
  const auth = tenant.admin.session.auth;
  const settled = async () => expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
  const extension = await post<{ id: string; domain: string; sipPassword: string }>(auth, '/extensions', { number: '4201' });
  const member = await createMember(t.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>(auth, '/agents', { userId: member.id, extensionId: extension.id, wrapUpSeconds: 1, rejectDelaySeconds: 4 });
  const sales = await post<{ id: string }>(auth, '/queues', { name: 'Vendas' });
  const patched = await t.app.inject({ method: 'PATCH', url: `/queues/${sales.id}`, headers: auth, payload: { serviceLevelSeconds: 2, shortAbandonSeconds: 1 } });
  expect(patched.statusCode, patched.body).toBe(200);
  const retention = await post<{ id: string }>(auth, '/queues', { name: 'Retenção' });
  const onCall = await post<{ id: string }>(auth, '/queues', { name: 'Plantão', maxWaitTime: 2 });
  await post(auth, `/queues/${sales.id}/agents`, { agentId: agent.id });
  const [salesDid, onCallDid] = ['551130004201', '551130004203'];
  await assignNumbers(t.app, platform, tenant.tenant.id, salesDid, onCallDid);
  await post(auth, '/inbound-routes', { didNumber: salesDid, destinationType: 'QUEUE', destinationNumber: sales.id });
  await post(auth, '/inbound-routes', { didNumber: onCallDid, destinationType: 'QUEUE', destinationNumber: onCall.id });
  await post(auth, '/dialplan/rules', {
    context: 'default',
    name: 'retention-line',
    conditionField: 'destination_number',
    conditionExpression: '^7202$',
    actions: [{ application: 'callcenter', data: `q-${retention.id}` }],
    order: 1,
  });
  const version = await post<{ id: string }>(auth, '/dialplan/versions', { context: 'default' });
  await post(auth, `/dialplan/versions/${version.id}/activate`, {});
  const pause = await post<{ id: string }>(auth, '/pause-reasons', { code: 'cafe', name: 'Café' });
  await settled();
  const registered = await until(() => t.simulator().control.register({ user: '4201', domain: extension.domain, password: extension.sipPassword }), (result) => result.ok);
  expect(registered.ok).toBe(true);
  expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
  await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
  return { auth, agentAuth: member.session.auth, agentId: agent.id, salesDid, onCallDid, pauseReasonId: pause.id, queues: { sales: sales.id, retention: retention.id, onCall: onCall.id } };
}

describe('queue and agent reports under traffic through the switch', () => {
  it('count every offered, answered, abandoned, short-abandoned, timed-out and transferred call, with their waits, talks, wrap-ups and missed offers', async () => {
    // A plan of its own: three queues are more than the trial plan allows.
    const plan = await post<{ id: string }>(platform.auth, '/plans', { name: `plan-${crypto.randomUUID()}`, max_queues: 5 });
    const tenant = await createTenant(t.app, platform, { planId: plan.id });
    const tenantId = tenant.tenant.id;
    const localDay = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const startedOn = localDay();
    const cc = await callCenter(tenant);
    const control = () => t.simulator().control;
    const ringing = () => until(() => phoneLegs(t, '4201', tenant.tenant.telephonyDomain), (legs) => legs.length === 1);
    const stateOf = async () =>
      (await t.db.withTenant(tenantId, (tx) => tx.selectFrom('agents').select('state').where('id', '=', cc.agentId).executeTakeFirstOrThrow())).state;
    const available = () => until(stateOf, (state) => state === 'AVAILABLE', 10_000);
    const entries = (callId: string) =>
      t.db.withTenant(tenantId, (tx) => tx.selectFrom('queueEntries').selectAll().where('callId', '=', callId).orderBy('joinedAt').execute());
    const entered = (callId: string, count = 1) => until(() => entries(callId), (rows) => rows.length === count);
    const ended = (callId: string) =>
      until(() => t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').select('endedAt').where('id', '=', callId).executeTakeFirst()), (row) => Boolean(row?.endedAt), 10_000);
    const waits = { answered: [] as number[], abandoned: [] as number[] };
    const talks: number[] = [];
    /** How long the agent's phone rang, from when the test saw it ringing (so a little short). */
    const rings: number[] = [];

    /** A caller of Vendas the agent answers `ringMs` after its phone starts ringing; the caller hangs up after `talkMs`. */
    async function answeredCall(ringMs: number, talkMs: number) {
      const dialed = Date.now();
      const call = control().inbound({ did: cc.salesDid, callerIdNumber: '5511987654001' });
      await ringing();
      const rang = Date.now();
      await sleep(ringMs);
      expect(control().answer(call, '4201')).toBe(true);
      const answered = Date.now();
      rings.push(seconds(rang, answered));
      await until(stateOf, (state) => state === 'IN_CALL');
      await sleep(talkMs);
      return { call, dialed, answered };
    }

    // 1. Answered within the service level (about 1 s), talked about 1 s.
    const first = await answeredCall(700, 1000);
    control().hangup(first.call);
    waits.answered.push(seconds(first.dialed, first.answered));
    talks.push(seconds(first.answered, Date.now()));
    await ended(first.call);
    await available();
    // 2. Answered past it (about 3 s).
    const second = await answeredCall(3000, 1000);
    control().hangup(second.call);
    waits.answered.push(seconds(second.dialed, second.answered));
    talks.push(seconds(second.answered, Date.now()));
    await ended(second.call);
    await available();
    expect(waits.answered[0]).toBeLessThan(1.7);
    expect(waits.answered[1]).toBeGreaterThan(2.5);

    // 3. The agent rejects the offer (a missed offer); the caller gives up 2 s after calling.
    let dialed = Date.now();
    const rejected = control().inbound({ did: cc.salesDid, callerIdNumber: '5511987654003' });
    await ringing();
    const rang = Date.now();
    expect(control().reject(rejected, 'CALL_REJECTED', '4201')).toBe(true);
    rings.push(seconds(rang, Date.now()));
    await available();
    await sleep(2000 - (Date.now() - dialed));
    control().hangup(rejected);
    waits.abandoned.push(seconds(dialed, Date.now()));
    await ended(rejected);

    // The agent pauses: nobody is offered the next callers.
    const pausedAt = Date.now();
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/pause', headers: cc.agentAuth, payload: { pauseReasonId: cc.pauseReasonId } })).statusCode).toBe(200);
    await until(() => esl(`callcenter_config agent get status a-${cc.agentId}`), (status) => status.trim() === 'On Break');
    // 4. A short abandon: the caller hangs up as soon as it is in the queue (under 1 s).
    dialed = Date.now();
    const short = control().inbound({ did: cc.salesDid, callerIdNumber: '5511987654004' });
    await entered(short);
    control().hangup(short);
    waits.abandoned.push(seconds(dialed, Date.now()));
    await ended(short);
    expect(waits.abandoned[1]).toBeLessThan(0.8);
    // 5. An abandon after 2.5 s.
    dialed = Date.now();
    const gaveUp = control().inbound({ did: cc.salesDid, callerIdNumber: '5511987654005' });
    await sleep(2500);
    control().hangup(gaveUp);
    waits.abandoned.push(seconds(dialed, Date.now()));
    await ended(gaveUp);
    // 6. Plantão lets its caller wait 2 s, then the dialplan takes it on (a flow-out, not an abandon).
    const timedOut = control().inbound({ did: cc.onCallDid, callerIdNumber: '5511987654006' });
    const [flowed] = await until(() => entries(timedOut), (rows) => rows[0]?.outcome !== null && rows[0]?.outcome !== undefined, 8_000);
    expect(flowed).toMatchObject({ queueId: cc.queues.onCall, outcome: 'FLOWED_OUT', cancelReason: 'TIMEOUT' });
    near(seconds(flowed!.joinedAt.getTime(), flowed!.leftAt!.getTime()), 2, 0.3);
    if (control().hangup(timedOut)) await ended(timedOut);
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/resume', headers: cc.agentAuth })).statusCode).toBe(200);
    const pausedSeconds = seconds(pausedAt, Date.now());
    await available();

    // 7. Answered (within the level), then handed over to Retenção, where the caller hangs up after 1.5 s.
    const handed = await answeredCall(300, 1000);
    waits.answered.push(seconds(handed.dialed, handed.answered));
    expect((await esl(`uuid_transfer ${handed.call} 7202 XML ${tenant.tenant.code}_default`)).trim()).toBe('+OK');
    talks.push(seconds(handed.answered, Date.now()));
    const [, inRetention] = await entered(handed.call, 2);
    await sleep(1500);
    control().hangup(handed.call);
    const retentionWait = seconds(inRetention!.joinedAt.getTime(), Date.now());
    await ended(handed.call);
    await available();

    // Every entry closed, every wrap-up ended: the reports.
    const queues = await report(t, cc.auth, 'queues');
    const line = (queueId: string) => queues.queues.find((queue) => queue.queueId === queueId)!.metrics;
    const sales = line(cc.queues.sales);
    expect(sales).toMatchObject({
      offered: 6,
      answered: 3,
      answeredWithinThreshold: 2,
      abandoned: 3,
      shortAbandoned: 1,
      flowedOut: 0,
      transferredOut: 1,
      serviceLevel: 2 / 5,
      abandonRate: 2 / 5,
    });
    near(sales.averageWaitSeconds, mean(waits.answered));
    near(sales.averageAbandonWaitSeconds, mean(waits.abandoned));
    near(sales.maxWaitSeconds, Math.max(...waits.answered, ...waits.abandoned));
    near(sales.averageTalkSeconds, mean(talks));
    expect(line(cc.queues.retention)).toMatchObject({ offered: 1, answered: 0, abandoned: 1, shortAbandoned: 1, transferredOut: 0 });
    near(line(cc.queues.retention).averageAbandonWaitSeconds, retentionWait);
    expect(line(cc.queues.onCall)).toMatchObject({ offered: 1, answered: 0, abandoned: 0, flowedOut: 1, averageWaitSeconds: null, abandonRate: 0 });
    expect(queues.totals).toMatchObject({ offered: 8, answered: 3, abandoned: 4, flowedOut: 1, transferredOut: 1 });

    // The agent's three wrap-ups (1 s each on the switch) are its queue's: the same seconds on both reports.
    const agents = await report(t, cc.auth, 'agents', { agentId: cc.agentId });
    const mine = agents.agents.find((agent) => agent.agentId === cc.agentId)!;
    expect(mine.metrics).toMatchObject({ offered: 4, answered: 3, missed: 1 });
    near(mine.metrics.averageTalkSeconds, mean(talks));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    near(mine.metrics.stateSeconds.IN_CALL, sum(talks), 0.3 * talks.length);
    near(mine.metrics.stateSeconds.RINGING, sum(rings) + 0.15 * rings.length, 0.3 * rings.length);
    near(mine.metrics.pausedSeconds, pausedSeconds);
    expect(mine.pauses).toEqual([expect.objectContaining({ pauseReasonId: cc.pauseReasonId, code: 'cafe' })]);
    near(mine.pauses[0]!.seconds, pausedSeconds);
    const wrapUps = await t.db.withTenant(tenantId, (tx) =>
      tx.selectFrom('queueEntries').select(['wrapUpMs']).where('agentId', '=', cc.agentId).where('wrapUpMs', 'is not', null).execute(),
    );
    expect(wrapUps).toHaveLength(3);
    near(sales.averageWrapUpSeconds, mine.metrics.stateSeconds.WRAP_UP / 3, 0.01);
    expect(sales.averageWrapUpSeconds).toBeGreaterThanOrEqual(0.9);
    expect(sales.averageWrapUpSeconds).toBeLessThan(2.6);
    near(mine.metrics.averageHandleSeconds, mean(talks) + sales.averageWrapUpSeconds!);
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});

    // The dashboard: nobody waiting or talking now; today (in São Paulo) the same numbers, and the seven calls.
    const dashboard = (await t.app.inject({ method: 'GET', url: '/reports/dashboard', headers: cc.auth })).json<Dashboard>();
    expect(dashboard).toMatchObject({ waitingCallers: 0, longestWaitSeconds: null, liveCalls: { total: 0 } });
    if (localDay() === startedOn) {
      expect(dashboard.today).toMatchObject({ calls: 7, offered: 8, answered: 3, abandoned: 4 });
      for (const key of ['averageWaitSeconds', 'averageTalkSeconds', 'serviceLevel', 'abandonRate'] as const) expect(dashboard.today[key]).toBeCloseTo(queues.totals[key]!, 6);
    }

    // The agent reads its own numbers only; another tenant sees none of these.
    const own = await report(t, cc.agentAuth, 'agents');
    expect(own.agents.map((agent) => agent.agentId)).toEqual([cc.agentId]);
    expect(own.totals).toMatchObject({ offered: 4, answered: 3, missed: 1 });
    const colleagueUser = await createMember(t.app, tenant.admin.session, 'agent');
    const colleagueExtension = await post<{ id: string }>(cc.auth, '/extensions', { number: '4299' });
    const colleague = await post<{ id: string }>(cc.auth, '/agents', { userId: colleagueUser.id, extensionId: colleagueExtension.id });
    expect((await fetchReport(t, cc.agentAuth, 'agents', { agentId: colleague.id })).status).toBe(403);
    expect((await fetchReport(t, cc.agentAuth, 'queues')).status).toBe(403);
    const stranger = await createTenant(t.app, platform);
    const theirs = await report(t, stranger.admin.session.auth, 'queues');
    expect(theirs.totals.offered).toBe(0);
    expect(theirs.queues.map((queue) => queue.queueId)).toEqual([]);
    expect((await report(t, stranger.admin.session.auth, 'agents', { agentId: cc.agentId })).agents).toEqual([]);
  }, 90_000);

  it('count an offer taken back from a ringing agent (the caller left, a ring-all colleague answered first) as offered, never missed', async () => {
    const tenant = await createTenant(t.app, platform);
    const auth = tenant.admin.session.auth;
    const queue = await post<{ id: string }>(auth, '/queues', { name: 'Todos tocam', strategy: 'RING_ALL' });
    const agents: Array<{ agentId: string; number: string }> = [];
    for (const number of ['4211', '4212']) {
      const extension = await post<{ id: string; domain: string; sipPassword: string }>(auth, '/extensions', { number });
      const member = await createMember(t.app, tenant.admin.session, 'agent');
      const agent = await post<{ id: string }>(auth, '/agents', { userId: member.id, extensionId: extension.id, wrapUpSeconds: 0 });
      await post(auth, `/queues/${queue.id}/agents`, { agentId: agent.id });
      await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0);
      expect((await until(() => t.simulator().control.register({ user: number, domain: extension.domain, password: extension.sipPassword }), (result) => result.ok)).ok).toBe(true);
      expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
      await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
      agents.push({ agentId: agent.id, number });
    }
    await assignNumbers(t.app, platform, tenant.tenant.id, '551130004210');
    await post(auth, '/inbound-routes', { didNumber: '551130004210', destinationType: 'QUEUE', destinationNumber: queue.id });
    await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0);
    const bothRinging = () =>
      until(async () => (await Promise.all(agents.map((agent) => phoneLegs(t, agent.number, tenant.tenant.telephonyDomain)))).every((legs) => legs.length === 1), Boolean);
    const states = () =>
      t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('agents').select('state').where('id', 'in', agents.map((agent) => agent.agentId)).execute());
    const allAvailable = () => until(states, (rows) => rows.every((row) => row.state === 'AVAILABLE'), 10_000);

    // Both phones ring; the caller hangs up.
    const left = t.simulator().control.inbound({ did: '551130004210', callerIdNumber: '5511987654301' });
    await bothRinging();
    await sleep(300);
    t.simulator().control.hangup(left);
    await allAvailable();
    // Both ring again; the first agent answers, the second's ring stops.
    const taken = t.simulator().control.inbound({ did: '551130004210', callerIdNumber: '5511987654302' });
    await bothRinging();
    await sleep(300);
    expect(t.simulator().control.answer(taken, agents[0]!.number)).toBe(true);
    await until(states, (rows) => rows.some((row) => row.state === 'IN_CALL'));
    await sleep(500);
    t.simulator().control.hangup(taken);
    await allAvailable();

    const byAgent = new Map((await report(t, auth, 'agents')).agents.map((agent) => [agent.agentId, agent.metrics]));
    expect(byAgent.get(agents[0]!.agentId)).toMatchObject({ offered: 2, answered: 1, missed: 0 });
    expect(byAgent.get(agents[1]!.agentId)).toMatchObject({ offered: 2, answered: 0, missed: 0 });
    expect((await report(t, auth, 'queues')).totals).toMatchObject({ offered: 2, answered: 1, abandoned: 1 });
    expect(await rollupsMatchRecomputation(t.db, tenant.tenant.id)).toEqual({});
  }, 60_000);
});
