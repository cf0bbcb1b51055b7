// Calls on the switch simulator over TCP become call records and realtime events, as the platform's
// own event consumer sees them: DID calls, internal calls, queue flows, duplicates and reordering,
// a reconnect that missed a call's end, and two tenants with the same extension numbers.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { realtimePublisher, type RealtimeEvent } from '../src/platform/realtime/events.ts';
import type { SwitchEvent } from '../src/platform/switch/esl-parser.ts';
import { dispatchKey, handlerTable } from '../src/services/event-consumer/event-consumer.ts';
import { TenantResolver } from '../src/services/event-consumer/tenant-resolver.ts';
import { collectRealtime, expectValidPayloads } from './call-events.ts';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

let t: SwitchedApp;
let platform: Session;
let one: TenantFixture;
let two: TenantFixture;
let realtime: Awaited<ReturnType<typeof collectRealtime>>;
/** Every event the platform's ESL client received, in order (to replay some of them). */
const received: SwitchEvent[] = [];

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  // A plan without limits: the trial plan allows a handful of extensions and two concurrent calls.
  const plan = await t.app.inject({ method: 'POST', url: '/plans', headers: platform.auth, payload: { name: 'Unlimited' } });
  expect(plan.statusCode, plan.body).toBe(201);
  one = await createTenant(t.app, platform, { planId: plan.json<{ id: string }>().id });
  two = await createTenant(t.app, platform, { planId: plan.json<{ id: string }>().id });
  realtime = await collectRealtime(t.coordination);
  t.runtime.target.esl.on('event', (event) => received.push(event));
}, 60_000);
afterAll(async () => {
  await realtime.stop();
  await t.close();
});
afterEach(async () => {
  await esl('hupall NORMAL_CLEARING');
  await until(channels, (rows) => rows.length === 0);
});

const esl = (command: string) => t.runtime.target.esl.api(command);
const channels = async () => (JSON.parse(await esl('show channels as json')) as { rows?: Array<Record<string, string>> }).rows ?? [];

async function post<T>(tenant: TenantFixture, url: string, payload: object, session = tenant.admin.session): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: session.auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function settled(tenant: TenantFixture): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
}

async function phone(tenant: TenantFixture, number: string): Promise<string> {
  const created = await post<{ id: string; domain: string; sipPassword: string }>(tenant, '/extensions', { number });
  await settled(tenant);
  const registered = await until(() => t.simulator().control.register({ user: number, domain: created.domain, password: created.sipPassword }), (result) => result.ok);
  expect(registered.ok).toBe(true);
  return created.id;
}

async function route(tenant: TenantFixture, did: string, destinationType: string, destinationNumber: string): Promise<void> {
  await assignNumbers(t.app, platform, tenant.tenant.id, did);
  await post(tenant, '/inbound-routes', { didNumber: did, destinationType, destinationNumber });
  await settled(tenant);
}

/** What an authenticated INVITE of the extension's phone carries (the directory user's variables). */
function dialFrom(tenant: TenantFixture, extension: string, destination: string): string {
  const domain = tenant.tenant.telephonyDomain;
  const user = t.simulator().model.config.users.get(`${extension}@${domain}`);
  expect(user, `directory user ${extension}`).toBeDefined();
  const vars = Object.fromEntries(user!.variables);
  return t.simulator().control.inbound({ did: destination, callerIdNumber: extension, profile: 'internal', context: vars.user_context, vars: { ...vars, domain_name: domain, user_name: extension } });
}

const dial = (did: string) => t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });

async function callOf(tenant: TenantFixture, callId: string) {
  return t.db.withTenant(tenant.tenant.id, async (tx) => ({
    call: await tx.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst(),
    legs: await tx.selectFrom('callLegs').selectAll().where('callId', '=', callId).orderBy('createdAt').execute(),
    events: await tx.selectFrom('callEvents').select(['name', 'eventKey']).where('callId', '=', callId).execute(),
  }));
}

const ended = (tenant: TenantFixture, callId: string) => until(() => callOf(tenant, callId), (found) => Boolean(found.call?.endedAt && found.call.durationSeconds !== null));
const eventsOf = (callId: string) => realtime.events.filter((event) => event.callId === callId);

/** An agent of the tenant on a registered extension, logged in, in a new queue. */
async function queueWithAgents(tenant: TenantFixture, numbers: string[]): Promise<{ queueId: string; agents: string[] }> {
  const queue = await post<{ id: string }>(tenant, '/queues', { name: `fila-${Date.now()}` });
  const agents: string[] = [];
  for (const number of numbers) {
    const extensionId = await phone(tenant, number);
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = await post<{ id: string }>(tenant, '/agents', { userId: member.id, extensionId });
    await post(tenant, `/queues/${queue.id}/agents`, { agentId: agent.id });
    await settled(tenant);
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
    await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
    agents.push(agent.id);
  }
  return { queueId: queue.id, agents };
}

describe('calls through the switch', () => {
  it('a DID call to an extension: inbound, two legs, answered, bridged and ended with its times', async () => {
    const extensionId = await phone(one, '4001');
    await route(one, '551130004001', 'EXTENSION', '4001');
    const call = dial('+551130004001');
    await until(() => callOf(one, call), (found) => found.legs.length >= 2);
    expect(t.simulator().control.answer(call, '4001')).toBe(true);
    await until(() => callOf(one, call), (found) => Boolean(found.call?.bridgedAt));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    t.simulator().control.hangup(call);
    const { call: row, legs } = await ended(one, call);
    expect(row).toMatchObject({ direction: 'INBOUND', calledNumber: '+551130004001', callerNumber: '5511987650000', extensionId, hangupCause: 'NORMAL_CLEARING' });
    // The caller's leg is the main one; the phone's leg that answered is bridged to it.
    expect(legs[0]).toMatchObject({ id: call, direction: 'inbound' });
    expect(legs.find((leg) => leg.bridgedAt !== null && leg.id !== call)).toMatchObject({ direction: 'outbound', extensionId });
    expect(row!.answerAt).not.toBeNull();
    expect(row!.talkTime).toBeGreaterThanOrEqual(1);
    expect(row!.billableSeconds).toBeGreaterThanOrEqual(row!.talkTime!);
    await until(() => eventsOf(call).map((event) => event.type), (types) => types.includes('CALL_ENDED'));
    const types = eventsOf(call).map((event) => event.type);
    expect(types).toEqual(['CALL_CREATED', 'CALL_ANSWERED', 'CALL_ENDED']);
    expect(eventsOf(call).every((event) => event.tenantId === one.tenant.id)).toBe(true);
    expectValidPayloads(eventsOf(call));
  });

  it('a DID written nationally reaches its route in every form the carrier sends; a held number without a route is recorded with its reason', async () => {
    await phone(one, '4091');
    // Typed the way people write it; the carrier sends national, 0-prefixed or 55… forms.
    await assignNumbers(t.app, platform, one.tenant.id, '+551130004091');
    await post(one, '/inbound-routes', { didNumber: '(11) 3000-4091', destinationType: 'EXTENSION', destinationNumber: '4091' });
    await settled(one);
    for (const form of ['1130004091', '01130004091', '551130004091']) {
      const call = dial(form);
      const found = await until(() => callOf(one, call), (value) => value.legs.length >= 2);
      expect(found.legs.length, form).toBeGreaterThanOrEqual(2);
      t.simulator().control.hangup(call);
      await ended(one, call);
    }
    // A number the tenant holds but has not routed: the call is recorded for it, with the switch's reason.
    await assignNumbers(t.app, platform, one.tenant.id, '+551130004092');
    const lost = dial('1130004092');
    const { call: row } = await ended(one, lost);
    expect(row).toMatchObject({ direction: 'INBOUND', hangupCause: 'NO_ROUTE_DESTINATION' });
  });

  it('an internal call from extension to extension', async () => {
    await phone(one, '4011');
    const callee = await phone(one, '4012');
    const call = dialFrom(one, '4011', '4012');
    await until(() => callOf(one, call), (found) => found.legs.length >= 2);
    expect(t.simulator().control.answer(call, '4012')).toBe(true);
    await until(() => callOf(one, call), (found) => Boolean(found.call?.bridgedAt));
    t.simulator().control.hangup(call);
    const { call: row, legs } = await ended(one, call);
    expect(row).toMatchObject({ direction: 'INTERNAL', callerNumber: '4011', calledNumber: '4012' });
    expect(legs.find((leg) => leg.id !== call)?.extensionId).toBe(callee);
    expect(row!.waitTime).toBe(Math.round((row!.bridgedAt!.getTime() - row!.createdAt.getTime()) / 1000));
  });

  it('a queue call answered by an agent: queue, agent, offer and exit', async () => {
    const { queueId, agents } = await queueWithAgents(one, ['4021']);
    await route(one, '551130004021', 'QUEUE', queueId);
    const call = dial('551130004021');
    await until(() => eventsOf(call), (events) => events.some((event) => event.type === 'AGENT_OFFERED_CALL'));
    await until(channels, (rows) => rows.some((row) => (row.name ?? '').startsWith('sofia/internal/4021-')));
    expect(t.simulator().control.answer(call, '4021')).toBe(true);
    await until(() => callOf(one, call), (found) => Boolean(found.call?.bridgedAt));
    t.simulator().control.hangup(call);
    const { call: row, legs } = await ended(one, call);
    expect(row).toMatchObject({ queueId, agentId: agents[0] });
    expect(row!.queuedAt).not.toBeNull();
    expect(legs.find((leg) => leg.agentId === agents[0])).toBeDefined();
    await until(() => eventsOf(call), (events) => events.some((event) => event.type === 'QUEUE_MEMBER_LEFT'));
    expect(eventsOf(call).find((event) => event.type === 'AGENT_OFFERED_CALL')).toMatchObject({ agentId: agents[0], queueId });
    expect(eventsOf(call).find((event) => event.type === 'QUEUE_MEMBER_LEFT')).toMatchObject({ queueId, cause: 'Terminated' });
    expect(realtime.events.some((event) => event.type === 'QUEUE_MEMBER_COUNT' && event.queueId === queueId)).toBe(true);
    expectValidPayloads(realtime.events);
  });

  it('the caller abandons in the queue: waited until leaving, no talk, a Cancel exit', async () => {
    const queue = await post<{ id: string }>(one, '/queues', { name: `vazia-${Date.now()}` });
    await route(one, '551130004031', 'QUEUE', queue.id);
    const call = dial('551130004031');
    await until(() => callOf(one, call), (found) => Boolean(found.call?.queuedAt));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    t.simulator().control.hangup(call);
    const { call: row } = await ended(one, call);
    expect(row).toMatchObject({ queueId: queue.id, agentId: null, bridgedAt: null, talkTime: 0 });
    expect(row!.waitTime).toBeGreaterThanOrEqual(1);
    const left = await until(() => eventsOf(call).find((event) => event.type === 'QUEUE_MEMBER_LEFT'), (event) => event !== undefined);
    expect(left).toMatchObject({ queueId: queue.id, cause: 'Cancel' });
    expect((await callOf(one, call)).call?.queueCause).toBe('Cancel');
  });

  it('the agent’s phone refuses: AGENT_BRIDGE_FAILED, and the next agent is offered the call', async () => {
    const { queueId, agents } = await queueWithAgents(one, ['4041', '4042']);
    await route(one, '551130004041', 'QUEUE', queueId);
    const call = dial('551130004041');
    const first = await until(() => eventsOf(call).find((event) => event.type === 'AGENT_OFFERED_CALL'), (event) => event !== undefined);
    const firstNumber = first!.agentId === agents[0] ? '4041' : '4042';
    await until(channels, (rows) => rows.some((row) => (row.name ?? '').startsWith(`sofia/internal/${firstNumber}-`)));
    expect(t.simulator().control.reject(call, 'CALL_REJECTED', firstNumber)).toBe(true);
    const failed = await until(() => eventsOf(call).find((event) => event.type === 'AGENT_BRIDGE_FAILED'), (event) => event !== undefined);
    expect(failed).toMatchObject({ agentId: first!.agentId, queueId, callId: call });
    const offers = await until(() => eventsOf(call).filter((event) => event.type === 'AGENT_OFFERED_CALL'), (events) => events.length >= 2, 15_000);
    expect(offers[1]!.agentId).not.toBe(first!.agentId);
    // Offered is not taken: the call becomes an agent's only once bridged (issue 19, item 7).
    expect((await callOf(one, call)).call?.agentId).toBeNull();
    expectValidPayloads(eventsOf(call));
  });

  it('two tenants with the same extension numbers: each call stays in its own tenant', async () => {
    const mine = await phone(one, '4051');
    await phone(one, '4052');
    const theirs = await phone(two, '4051');
    await phone(two, '4052');
    const a = dialFrom(one, '4052', '4051');
    const b = dialFrom(two, '4052', '4051');
    await until(() => callOf(one, a), (found) => found.legs.length >= 2);
    await until(() => callOf(two, b), (found) => found.legs.length >= 2);
    t.simulator().control.hangup(a);
    t.simulator().control.hangup(b);
    const inOne = await ended(one, a);
    const inTwo = await ended(two, b);
    expect(inOne.legs.map((leg) => leg.extensionId)).toContain(mine);
    expect(inOne.legs.map((leg) => leg.extensionId)).not.toContain(theirs);
    expect(inTwo.legs.map((leg) => leg.extensionId)).toContain(theirs);
    expect(inTwo.legs.map((leg) => leg.extensionId)).not.toContain(mine);
    expect((await callOf(one, b)).call).toBeUndefined();
    expect((await callOf(two, a)).call).toBeUndefined();
    expect(eventsOf(a).every((event) => event.tenantId === one.tenant.id)).toBe(true);
    expect(eventsOf(b).every((event) => event.tenantId === two.tenant.id)).toBe(true);
  });

  it('a duplicated and a reordered event change nothing', async () => {
    await phone(one, '4061');
    await route(one, '551130004061', 'EXTENSION', '4061');
    const call = dial('551130004061');
    await until(() => callOf(one, call), (found) => found.legs.length >= 2);
    expect(t.simulator().control.answer(call, '4061')).toBe(true);
    await until(() => callOf(one, call), (found) => Boolean(found.call?.bridgedAt));
    t.simulator().control.hangup(call);
    const before = await ended(one, call);
    const before_events = eventsOf(call).length;
    // The consumer's own handlers are given the switch's events of this call again: every one twice,
    // and the answer after the hangup (a late event).
    const ofCall = received.filter((event) => before.legs.some((leg) => leg.id === event.headers['Unique-ID']));
    const answer = ofCall.find((event) => event.name === 'CHANNEL_ANSWER' && event.headers['Unique-ID'] === call)!;
    const table = handlerTable({ db: t.db, tenants: new TenantResolver(t.db), realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
    for (const event of [...ofCall, ...ofCall, answer]) for (const handler of table[dispatchKey(event)] ?? []) await handler(event.headers, event);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await callOf(one, call);
    expect(after).toEqual(before);
    expect(eventsOf(call)).toHaveLength(before_events);
  });

  it('a late answer after the hangup never reopens the call', async () => {
    await phone(one, '4071');
    await route(one, '551130004071', 'EXTENSION', '4071');
    const call = dial('551130004071');
    await until(() => callOf(one, call), (found) => found.legs.length >= 2);
    t.simulator().control.hangup(call);
    const { call: row } = await ended(one, call);
    expect(row!.answerAt).toBeNull();
    // An answer of the main leg from the future arrives late, under a key never seen.
    const late: SwitchEvent = {
      name: 'CHANNEL_ANSWER',
      subclass: undefined,
      body: '',
      headers: { 'Event-Name': 'CHANNEL_ANSWER', 'Unique-ID': call, 'Core-UUID': 'late', 'Event-Sequence': '1', 'Event-Date-Timestamp': String(Date.now() * 1000) },
    };
    const table = handlerTable({ db: t.db, tenants: new TenantResolver(t.db), realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
    for (const handler of table.CHANNEL_ANSWER!) await handler(late.headers, late);
    const after = await callOf(one, call);
    expect(after.call).toEqual(row);
    expect(eventsOf(call).map((event: RealtimeEvent) => event.type)).not.toContain('CALL_ANSWERED');
  });

  it('a call that ended while the platform was not listening is closed at reconnect as SWITCH_LOST', async () => {
    await phone(one, '4081');
    await route(one, '551130004081', 'EXTENSION', '4081');
    const call = dial('551130004081');
    await until(() => callOf(one, call), (found) => found.legs.length >= 2);
    expect(t.simulator().control.answer(call, '4081')).toBe(true);
    await until(() => callOf(one, call), (found) => Boolean(found.call?.bridgedAt));
    // The switch goes away with the call (its end is never heard), then comes back empty.
    await t.stopSwitch();
    await t.restartSwitch();
    const { call: row, legs } = await ended(one, call);
    expect(row).toMatchObject({ hangupCause: 'SWITCH_LOST' });
    expect(legs.every((leg) => leg.endedAt !== null)).toBe(true);
    expect(row!.talkTime).toBe(Math.round((row!.endedAt!.getTime() - row!.bridgedAt!.getTime()) / 1000));
    const endedEvent = await until(() => eventsOf(call).find((event) => event.type === 'CALL_ENDED'), (event) => event !== undefined);
    expect(endedEvent).toMatchObject({ hangupCause: 'SWITCH_LOST' });
  }, 60_000);
});
