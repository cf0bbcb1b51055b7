// Agent states driven by the switch, on the simulator over TCP: a queue call offered, answered,
// ended and wrapped up by mod_callcenter's own wrap_up_time; an unanswered offer; a direct call to
// the agent's extension; and the self-healing converging after events were lost (the link cut while
// a call ends) and after the switch restarted mid-call. A TCP relay sits between the platform and
// the simulator so the link can be cut at the edge, as a network would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSwitchSimulator, type SwitchSimulator } from '@callcenter/switch-sim';
import type { AgentState } from '../src/platform/db/schema.ts';
import { realtimeEventOf } from '../src/platform/realtime/events.ts';
import { createCoordination } from '../src/platform/coordination/index.ts';
import { LocalObjectStorage } from '../src/platform/storage/storage.ts';
import { startSwitchRuntime, type SwitchRuntime } from '../src/switch-runtime.ts';
import { assignNumbers, createMember, createPlatformAdmin, createScratchDatabase, createTenant, login, startTestApp, testConfig, type Session, type TenantFixture, type TestApp } from './harness.ts';
import { until } from './switch.ts';
import { TcpProxy } from './tcp-proxy.ts';

const PASSWORD = 'ClueCon';
const HEALING_MS = 1_500;

let simulator: SwitchSimulator;
let simPort: number;
let proxy: TcpProxy;
let runtime: SwitchRuntime;
let app: TestApp;
let dropDatabase: () => Promise<void>;
let platform: Session;
/** The tenant of the test running (each test has its own: plans limit queues and extensions). */
let tenant: TenantFixture;
let confDir: string;
let recordingsDir: string;
const messages: unknown[] = [];
let unsubscribe: () => Promise<void>;

beforeAll(async () => {
  confDir = mkdtempSync(path.join(tmpdir(), 'agent-states-conf-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-states-data-'));
  recordingsDir = path.join(dataDir, 'rec');
  simulator = await startSwitchSimulator({ host: '127.0.0.1', eslPort: 0, eslPassword: PASSWORD, confDir, controlPort: 0, recordingsDir });
  simPort = simulator.eslPort;
  proxy = await TcpProxy.start({ host: '127.0.0.1', port: simPort });
  const env = { FREESWITCH_ESL_HOST: '127.0.0.1', FREESWITCH_ESL_PORT: String(proxy.port), FREESWITCH_ESL_PASSWORD: PASSWORD, FREESWITCH_CONF_DIR: confDir, DATA_DIR: dataDir };
  const database = await createScratchDatabase('agentstates');
  dropDatabase = () => database.drop();
  const coordination = createCoordination({});
  const storage = new LocalObjectStorage(path.join(dataDir, 'objects'));
  runtime = await startSwitchRuntime({
    config: testConfig(env),
    db: database.db,
    coordination,
    storage,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    startSimulator: () => Promise.reject(new Error('a real switch is configured')),
    timing: { backoff: { baseMs: 50, maxMs: 300 }, syncIntervalMs: 200, agentHealingIntervalMs: HEALING_MS, agentHealingGraceMs: 200 },
  });
  app = await startTestApp({ env, switch: runtime.target, storage, db: database.db, coordination });
  await until(() => runtime.target.esl.connected, Boolean);
  const admin = await createPlatformAdmin(app.db);
  platform = await login(app.app, admin.email, admin.password);
  unsubscribe = await coordination.subscribe((message) => messages.push(message));
}, 60_000);

afterAll(async () => {
  await unsubscribe?.();
  await runtime?.stop();
  await app?.close();
  await proxy?.close();
  await simulator?.stop().catch(() => undefined);
  await dropDatabase?.();
});

afterEach(async () => {
  await esl('hupall NORMAL_CLEARING').catch(() => undefined);
});

const esl = (command: string) => runtime.target.esl.api(command);
const auth = () => tenant.admin.session.auth;

async function post<T>(url: string, payload: object, headers = auth()): Promise<T> {
  const response = await app.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function settled(): Promise<void> {
  await until(
    () => app.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute()),
    (rows) => rows.length === 0,
  );
  await runtime.configSync.settled();
}

let numbers = 6100;

/** A logged-in agent whose phone is registered, in its own queue reached by its own DID. */
async function queueAgent(settings: Record<string, number> = {}) {
  tenant = await createTenant(app.app, platform);
  const number = String(++numbers);
  const extension = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', { number });
  const member = await createMember(app.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId: extension.id, ...settings });
  const queue = await post<{ id: string }>('/queues', { name: `fila-${number}` });
  await post(`/queues/${queue.id}/agents`, { agentId: agent.id });
  const did = `55113000${number}`;
  await assignNumbers(app.app, platform, tenant.tenant.id, did);
  await post('/inbound-routes', { didNumber: did, destinationType: 'QUEUE', destinationNumber: queue.id });
  const direct = `55114000${number}`;
  await assignNumbers(app.app, platform, tenant.tenant.id, direct);
  await post('/inbound-routes', { didNumber: direct, destinationType: 'EXTENSION', destinationNumber: number });
  await settled();
  const registered = await until(() => simulator.control.register({ user: number, domain: extension.domain, password: extension.sipPassword }), (result) => result.ok);
  expect(registered.ok).toBe(true);
  expect((await app.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
  await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
  return { number, agentId: agent.id, userId: member.id, agentAuth: member.session.auth, queueId: queue.id, did, direct, domain: extension.domain, password: extension.sipPassword };
}

const dial = (did: string) => simulator.control.inbound({ did, callerIdNumber: '5511987650000' });

const transitions = (agentId: string) =>
  app.db.withTenant(tenant.tenant.id, (tx) =>
    tx.selectFrom('agentStateEvents').select(['toState', 'cause', 'startedAt', 'endedAt']).where('agentId', '=', agentId).orderBy('startedAt').execute(),
  );

const stateOf = async (agentId: string): Promise<AgentState> =>
  (await app.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('agents').select('state').where('id', '=', agentId).executeTakeFirstOrThrow())).state;

const reach = (agentId: string, state: AgentState, ms = 10_000) => until(() => stateOf(agentId), (now) => now === state, ms);

const agentEvents = (agentId: string, type: string) =>
  messages.map(realtimeEventOf).filter((event) => event?.type === type && event.agentId === agentId && event.tenantId === tenant.tenant.id);

describe('agent states from the switch', () => {
  it('a queue call goes RINGING → IN_CALL → WRAP_UP → AVAILABLE, the wrap-up as long as mod_callcenter holds the agent', async () => {
    const agent = await queueAgent({ wrapUpSeconds: 3 });
    const corrections = runtime.agentHealing.metrics.corrections;
    const call = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    expect(simulator.control.answer(call, agent.number)).toBe(true);
    expect(await reach(agent.agentId, 'IN_CALL')).toBe('IN_CALL');
    expect(simulator.control.hangup(call)).toBe(true);
    expect(await reach(agent.agentId, 'WRAP_UP')).toBe('WRAP_UP');
    // The switch holds the agent back: no offer while the platform shows wrap-up.
    expect((await esl(`callcenter_config agent get state a-${agent.agentId}`)).trim()).toBe('Waiting');
    expect(await reach(agent.agentId, 'AVAILABLE', 8_000)).toBe('AVAILABLE');

    const rows = await transitions(agent.agentId);
    expect(rows.map((row) => [row.toState, row.cause])).toEqual([
      ['AVAILABLE', 'login'],
      ['RINGING', 'switch:Receiving'],
      ['IN_CALL', 'switch:In a queue call'],
      ['WRAP_UP', 'switch:Waiting'],
      ['AVAILABLE', 'wrap_up_end'],
    ]);
    const wrapUp = rows[3]!;
    const seconds = (wrapUp.endedAt!.getTime() - wrapUp.startedAt.getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(2.5);
    expect(seconds).toBeLessThan(3 + 2.5);
    // Once free on the platform, mod_callcenter offers again: a second call rings at once.
    const second = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    simulator.control.hangup(second);
    expect(await reach(agent.agentId, 'AVAILABLE')).toBe('AVAILABLE');
    // Every move came from the events: the self-healing found nothing to correct.
    expect(runtime.agentHealing.metrics.corrections).toBe(corrections);
    expect(agentEvents(agent.agentId, 'AGENT_STATE_CHANGED').map((event) => event!.state)).toEqual(['AVAILABLE', 'RINGING', 'IN_CALL', 'WRAP_UP', 'AVAILABLE', 'RINGING', 'AVAILABLE']);
    expect(agentEvents(agent.agentId, 'AGENT_STATUS_CHANGED').map((event) => event!.switchState).filter(Boolean)).toEqual(
      expect.arrayContaining(['Receiving', 'In a queue call', 'Waiting']),
    );
  });

  it('an offer the agent does not take: RINGING, then AVAILABLE again', async () => {
    const agent = await queueAgent({ rejectDelaySeconds: 60 });
    const call = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    expect(simulator.control.reject(call, 'CALL_REJECTED', agent.number)).toBe(true);
    expect(await reach(agent.agentId, 'AVAILABLE')).toBe('AVAILABLE');
    expect((await transitions(agent.agentId)).map((row) => [row.toState, row.cause])).toEqual([
      ['AVAILABLE', 'login'],
      ['RINGING', 'switch:Receiving'],
      ['AVAILABLE', 'switch:Waiting'],
    ]);
  });

  it('an agent who lets max_no_answer offers go unanswered is PAUSED with the no-answer reason, and stays paused until resumed', async () => {
    const agent = await queueAgent({ maxNoAnswer: 1 });
    const call = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    expect(simulator.control.reject(call, 'NO_ANSWER', agent.number)).toBe(true);
    expect(await reach(agent.agentId, 'PAUSED')).toBe('PAUSED');
    const reason = await app.db.withTenant(tenant.tenant.id, (tx) =>
      tx
        .selectFrom('agentPauseEvents as p')
        .innerJoin('pauseReasons as r', 'r.id', 'p.pauseReasonId')
        .select(['r.id', 'r.code', 'r.enabled'])
        .where('p.agentId', '=', agent.agentId)
        .where('p.endedAt', 'is', null)
        .executeTakeFirstOrThrow(),
    );
    // A reason of its own, which agents are not offered to pick.
    expect(reason).toMatchObject({ code: 'NO_ANSWER', enabled: false });
    expect((await transitions(agent.agentId)).map((row) => [row.toState, row.cause]).at(-1)).toEqual(['PAUSED', 'max_no_answer']);
    const paused = agentEvents(agent.agentId, 'AGENT_STATE_CHANGED').find((event) => event!.state === 'PAUSED');
    expect(paused).toMatchObject({ cause: 'max_no_answer', pauseReasonId: reason.id });
    // The self-healing agrees with the switch's On Break: a period later the agent is still paused.
    await new Promise((resolve) => setTimeout(resolve, HEALING_MS + 500));
    expect(await stateOf(agent.agentId)).toBe('PAUSED');
    expect((await esl(`callcenter_config agent get status a-${agent.agentId}`)).trim()).toBe('On Break');
    // The agent's own resume puts it back to work.
    expect((await app.app.inject({ method: 'POST', url: '/agents/me/resume', headers: agent.agentAuth })).statusCode).toBe(200);
    const status = await until(() => esl(`callcenter_config agent get status a-${agent.agentId}`), (value) => value.trim() === 'Available');
    expect(status.trim()).toBe('Available');
    expect(await stateOf(agent.agentId)).toBe('AVAILABLE');
  });

  it('a direct call to the agent’s extension (not from a queue): ON_EXTERNAL_CALL while it lasts, then AVAILABLE', async () => {
    const agent = await queueAgent();
    const call = dial(agent.direct);
    expect(await reach(agent.agentId, 'ON_EXTERNAL_CALL')).toBe('ON_EXTERNAL_CALL');
    expect(simulator.control.answer(call, agent.number)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, HEALING_MS + 500));
    // The self-healing sees the same call on the extension and agrees.
    expect(await stateOf(agent.agentId)).toBe('ON_EXTERNAL_CALL');
    expect(simulator.control.hangup(call)).toBe(true);
    expect(await reach(agent.agentId, 'AVAILABLE')).toBe('AVAILABLE');
    expect((await transitions(agent.agentId)).map((row) => [row.toState, row.cause])).toEqual([
      ['AVAILABLE', 'login'],
      ['ON_EXTERNAL_CALL', 'external_call'],
      ['AVAILABLE', 'external_call_end'],
    ]);
  });
});

describe('self-healing', () => {
  it('events lost while a call ends (the link cut): the agent converges within one period of the reconnect', async () => {
    // No wrap-up: the switch frees the agent at the call's end (with one, WRAP_UP first: healing-plan.test.ts).
    const agent = await queueAgent({ wrapUpSeconds: 0 });
    const call = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    simulator.control.answer(call, agent.number);
    expect(await reach(agent.agentId, 'IN_CALL')).toBe('IN_CALL');
    const before = runtime.agentHealing.metrics.byKind.state;

    await proxy.cut();
    await until(() => runtime.target.esl.connected, (connected) => !connected);
    expect(simulator.control.hangup(call)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The platform saw nothing of the end.
    expect(await stateOf(agent.agentId)).toBe('IN_CALL');
    await proxy.restore();
    await until(() => runtime.target.esl.connected, Boolean);
    const reconnectedAt = Date.now();
    expect(await reach(agent.agentId, 'AVAILABLE', HEALING_MS + 3_000)).toBe('AVAILABLE');
    expect(Date.now() - reconnectedAt).toBeLessThan(HEALING_MS + 3_000);

    expect((await transitions(agent.agentId)).at(-1)).toMatchObject({ toState: 'AVAILABLE', cause: 'healed' });
    expect(runtime.agentHealing.metrics.byKind.state).toBeGreaterThan(before);
    expect(agentEvents(agent.agentId, 'AGENT_STATE_CHANGED').at(-1)).toMatchObject({ previousState: 'IN_CALL', state: 'AVAILABLE', cause: 'healed' });
    expect(agentEvents(agent.agentId, 'AGENT_STATUS_CHANGED').at(-1)).toMatchObject({ source: 'healing', state: 'AVAILABLE' });
  });

  it('the switch restarted mid-call: the agent is back on the switch, Available with its tier, and free on the platform', async () => {
    const agent = await queueAgent();
    const call = dial(agent.did);
    expect(await reach(agent.agentId, 'RINGING')).toBe('RINGING');
    simulator.control.answer(call, agent.number);
    expect(await reach(agent.agentId, 'IN_CALL')).toBe('IN_CALL');

    await simulator.stop();
    simulator = await startSwitchSimulator({ host: '127.0.0.1', eslPort: simPort, eslPassword: PASSWORD, confDir, controlPort: 0, recordingsDir });
    await until(() => runtime.target.esl.connected, Boolean);
    expect(await reach(agent.agentId, 'AVAILABLE', HEALING_MS + 5_000)).toBe('AVAILABLE');
    expect((await transitions(agent.agentId)).at(-1)).toMatchObject({ toState: 'AVAILABLE', cause: 'healed' });
    const status = await until(() => esl(`callcenter_config agent get status a-${agent.agentId}`), (value) => value.trim() === 'Available');
    expect(status.trim()).toBe('Available');
    expect(await esl('callcenter_config tier list')).toContain(`q-${agent.queueId}|a-${agent.agentId}|`);
  });

  it('a status the switch set on its own, a forgotten agent and a lost tier are put back, counted and emitted', async () => {
    const agent = await queueAgent();
    const name = `a-${agent.agentId}`;
    const before = { ...runtime.agentHealing.metrics.byKind };
    // What max_no_answer does on its own: the platform never paused this agent.
    await esl(`callcenter_config agent set status ${name} 'On Break'`);
    const restored = await until(() => esl(`callcenter_config agent get status ${name}`), (value) => value.trim() === 'Available', HEALING_MS + 3_000);
    expect(restored.trim()).toBe('Available');
    // Counted once the correction is done (the commands go first).
    expect(await until(() => runtime.agentHealing.metrics.byKind.status, (count) => count > before.status, 2_000)).toBeGreaterThan(before.status);

    await esl(`callcenter_config tier del q-${agent.queueId} ${name}`);
    const tiers = await until(() => esl('callcenter_config tier list'), (list) => list.includes(`q-${agent.queueId}|${name}|`), HEALING_MS + 3_000);
    expect(tiers).toContain(`q-${agent.queueId}|${name}|`);
    // Counted once the correction is done (the commands go first).
    expect(await until(() => runtime.agentHealing.metrics.byKind.tiers, (count) => count > before.tiers, 2_000)).toBeGreaterThan(before.tiers);

    await esl(`callcenter_config agent del ${name}`);
    const back = await until(() => esl(`callcenter_config agent list ${name}`), (list) => list.includes(`${name}|`) && list.includes('|Available|'), HEALING_MS + 3_000);
    expect(back).toContain('|Available|');
    // Counted once the correction is done (the commands go first).
    expect(await until(() => runtime.agentHealing.metrics.byKind.readd, (count) => count > before.readd, 2_000)).toBeGreaterThan(before.readd);
    expect(await stateOf(agent.agentId)).toBe('AVAILABLE');
    expect(agentEvents(agent.agentId, 'AGENT_STATUS_CHANGED').filter((event) => event!.source === 'healing').length).toBeGreaterThanOrEqual(3);
  });
});
