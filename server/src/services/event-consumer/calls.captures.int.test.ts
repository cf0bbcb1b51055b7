// The call consumer fed the REAL FreeSWITCH 1.10.12 captures (parsed by the platform's parser),
// against the real database: the records, the times and the emissions a real switch's events give.
// The captures carry no svc_* variable, so every agent leg is correlated as on a real switch:
// through mod_callcenter's member session uuid.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimePublisher, type RealtimeEvent } from '../../platform/realtime/events.ts';
import { CALL_EVENT_PAYLOADS } from '../../platform/realtime/event-schemas.ts';
import type { SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { asPlatformNamed, callCenterTenant, captureEvents, collectRealtime, expectValidPayloads, withFreshUuids, type CallCenterTenant } from '../../../test/call-events.ts';
import { useTestApp } from '../../../test/harness.ts';
import { dispatchKey, handlerTable } from './event-consumer.ts';
import { TenantResolver } from './tenant-resolver.ts';

const t = useTestApp();
let realtime: Awaited<ReturnType<typeof collectRealtime>>;
beforeAll(async () => {
  realtime = await collectRealtime(t.coordination);
});
afterAll(() => realtime.stop());

/** Feeds events in order through the consumer's own table (one call's line: one after the other). */
async function feed(events: SwitchEvent[], tenants = new TenantResolver(t.db)): Promise<TenantResolver> {
  const table = handlerTable({ db: t.db, tenants, realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
  for (const event of events) for (const handler of table[dispatchKey(event)] ?? []) await handler(event.headers, event);
  return tenants;
}

const us = (event: SwitchEvent | undefined) => new Date(Math.floor(Number(event!.headers['Event-Date-Timestamp']) / 1000));
const secs = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
const action = (name: string) => (event: SwitchEvent) => event.subclass === 'callcenter::info' && event.headers['CC-Action'] === name;
const named = (name: string, uuid?: string) => (event: SwitchEvent) => event.name === name && (uuid === undefined || event.headers['Unique-ID'] === uuid);

async function waitForEvents(count: number): Promise<void> {
  for (let i = 0; i < 50 && realtime.events.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function recordsOf(tenant: CallCenterTenant, callId: string) {
  return t.db.withTenant(tenant.tenant.id, async (tx) => ({
    call: await tx.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst(),
    legs: await tx.selectFrom('callLegs').selectAll().where('callId', '=', callId).execute(),
    events: await tx.selectFrom('callEvents').select(['name', 'eventKey']).where('callId', '=', callId).execute(),
    calls: await tx.selectFrom('calls').select('id').execute(),
  }));
}

const emitted = (tenantId: string, from: number) => realtime.events.slice(from).filter((event: RealtimeEvent) => event.tenantId === tenantId);
/** The call and queue events of a tenant since `from` (agent events are another handler group's, decision 0033). */
const callEventsEmitted = (tenantId: string, from: number) => emitted(tenantId, from).filter((event) => event.type in CALL_EVENT_PAYLOADS);

describe.each([
  ['08_sip_callcenter_ALL_plain.raw', 'a registered SIP phone answers as the agent (plain)'],
  ['09_sip_callcenter_json.raw', 'a registered SIP phone answers as the agent (json)'],
  ['06_callcenter_plain.raw', 'a null-channel agent answers (plain)'],
  ['07_callcenter_json.raw', 'a null-channel agent answers (json)'],
])('%s: %s', (file) => {
  let tenant: CallCenterTenant;
  let events: SwitchEvent[];
  let mark: number;
  beforeAll(async () => {
    tenant = await callCenterTenant(t);
    events = asPlatformNamed(captureEvents(file), { queueId: tenant.queueId, agentId: tenant.agentId, tenantCode: tenant.tenant.code }, { freshUuids: true });
    mark = realtime.events.length;
    await feed(events);
    await waitForEvents(mark + 6);
  });

  it('makes one call of every channel, the first channel its main leg, with the queue and the agent who answered', async () => {
    // The channels created while the call lasted (07 goes on with an unrelated phone call).
    const mainEnd = events.findIndex(named('CHANNEL_HANGUP_COMPLETE', events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']));
    const creates = events.slice(0, mainEnd).filter(named('CHANNEL_CREATE'));
    const mainId = creates[0]!.headers['Unique-ID']!;
    const { call, legs, calls } = await recordsOf(tenant, mainId);
    expect(calls.map((row) => row.id)).toContain(mainId);
    expect(calls).toHaveLength(events.slice(mainEnd).some(named('CHANNEL_CREATE')) ? 2 : 1);
    expect(new Set(legs.map((leg) => leg.id))).toEqual(new Set(creates.map((event) => event.headers['Unique-ID'])));
    expect(call).toMatchObject({ queueId: tenant.queueId, agentId: tenant.agentId, callerNumber: '5551234', hangupCause: 'NORMAL_CLEARING' });
    // The lab originated the caller (loopback/peers_queue): a call the switch originated is outbound.
    expect(call!.direction).toBe('OUTBOUND');
    const agentLeg = legs.find((leg) => leg.id === events.find(action('bridge-agent-start'))!.headers['CC-Agent-UUID']);
    expect(agentLeg?.agentId).toBe(tenant.agentId);
  });

  it('takes every time from the switch’s own event times, and computes the durations at the end', async () => {
    const mainId = events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    const { call } = await recordsOf(tenant, mainId);
    const created = us(events.find(named('CHANNEL_CREATE', mainId)));
    const answered = us(events.find(named('CHANNEL_ANSWER', mainId)));
    const queued = us(events.find(action('member-queue-start')));
    const bridged = us(events.find(named('CHANNEL_BRIDGE')));
    const ended = us(events.find(named('CHANNEL_HANGUP_COMPLETE', mainId)));
    expect(call).toMatchObject({ createdAt: created, answerAt: answered, queuedAt: queued, bridgedAt: bridged, endedAt: ended });
    expect(call!.queueLeftAt).toEqual(us(events.find(action('member-queue-end'))));
    expect(call).toMatchObject({ queueCause: 'Terminated', queueCancelReason: null });
    expect(call).toMatchObject({
      waitTime: secs(queued, bridged),
      talkTime: secs(bridged, ended),
      durationSeconds: secs(created, ended),
      billableSeconds: secs(answered, ended),
      // The caller's leg was originated: it rang from its creation to its answer.
      ringTime: secs(created, answered),
    });
    // FreeSWITCH's own billsec of the main leg agrees to the second.
    const billsec = Number(events.find(named('CHANNEL_HANGUP_COMPLETE', mainId))!.headers.variable_billsec);
    expect(Math.abs(call!.billableSeconds! - billsec)).toBeLessThanOrEqual(1);
  });

  it('keeps every handled event once, keyed by the switch’s identity of it', async () => {
    const mainId = events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    const { events: rows } = await recordsOf(tenant, mainId);
    const mainEnd = events.findIndex(named('CHANNEL_HANGUP_COMPLETE', mainId));
    const later = new Set(events.slice(mainEnd).filter(named('CHANNEL_CREATE')).map((event) => event.headers['Unique-ID']));
    const handled = events.filter((event) => !later.has(event.headers['Unique-ID'])).filter((event) => /^(CHANNEL_(CREATE|ANSWER|BRIDGE|UNBRIDGE|HANGUP_COMPLETE)|callcenter::info\/(member-queue-(start|end)|agent-offering|bridge-agent-(start|end|fail)))$/.test(dispatchKey(event)));
    expect(rows.map((row) => row.eventKey).sort()).toEqual(handled.map((event) => `${event.headers['Core-UUID']}:${event.headers['Event-Sequence']}`).sort());
  });

  it('emits the lifecycle to the tenant, each payload matching its schema', () => {
    const mainId = events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    const mine = emitted(tenant.tenant.id, mark);
    expectValidPayloads(mine);
    const types = mine.map((event) => event.type);
    const ofMain = mine.filter((event) => event.callId === mainId).map((event) => event.type);
    expect(ofMain.filter((type) => type === 'CALL_CREATED')).toHaveLength(1);
    expect(ofMain.filter((type) => type === 'CALL_ANSWERED')).toHaveLength(1);
    expect(types.filter((type) => type === 'CALL_ENDED')).toHaveLength(1);
    expect(types.indexOf('CALL_CREATED')).toBeLessThan(types.indexOf('CALL_ANSWERED'));
    expect(ofMain.at(-1) === 'QUEUE_MEMBER_LEFT' || ofMain.at(-1) === 'CALL_ENDED').toBe(true);
    expect(mine.find((event) => event.type === 'AGENT_OFFERED_CALL')).toMatchObject({ agentId: tenant.agentId, queueId: tenant.queueId, callId: mainId, callerNumber: '5551234' });
    expect(mine.find((event) => event.type === 'QUEUE_MEMBER_LEFT')).toMatchObject({ queueId: tenant.queueId, callId: mainId, cause: 'Terminated', cancelReason: null });
    expect(mine.filter((event) => event.type === 'QUEUE_MEMBER_COUNT').map((event) => event.count)).toEqual(
      events.filter(action('members-count')).map((event) => Number(event.headers['CC-Count'])),
    );
    expect(mine.find((event) => event.type === 'CALL_ENDED')).toMatchObject({ callId: mainId, queueId: tenant.queueId, agentId: tenant.agentId, hangupCause: 'NORMAL_CLEARING' });
  });

  it('changes nothing and emits no call event when the whole capture arrives again', async () => {
    const mainId = events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    const before = await recordsOf(tenant, mainId);
    const from = realtime.events.length;
    await feed(events);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await recordsOf(tenant, mainId);
    expect(after).toEqual(before);
    // The count of waiting callers is a state: saying it again is harmless. Nothing else is repeated.
    expect(callEventsEmitted(tenant.tenant.id, from).filter((event) => event.type !== 'QUEUE_MEMBER_COUNT')).toEqual([]);
  });
});

describe('the json capture of a call already taken from the plain one (the same switch events)', () => {
  it('is recognised event by event: no row and no call event is added', async () => {
    const tenant = await callCenterTenant(t);
    const names = { queueId: tenant.queueId, agentId: tenant.agentId, tenantCode: tenant.tenant.code };
    const plain = asPlatformNamed(captureEvents('06_callcenter_plain.raw'), names);
    const json = asPlatformNamed(captureEvents('07_callcenter_json.raw'), names);
    const mainId = plain.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    await feed(plain);
    const before = await recordsOf(tenant, mainId);
    expect(before.call?.endedAt).not.toBeNull();
    const from = realtime.events.length;
    await feed(json.filter((event) => event.headers['Unique-ID'] === undefined || event.headers['Channel-Name'] !== 'sofia/internal/1000@127.0.0.1'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await recordsOf(tenant, mainId)).toEqual(before);
    expect(callEventsEmitted(tenant.tenant.id, from).filter((event) => event.type !== 'QUEUE_MEMBER_COUNT')).toEqual([]);
  });
});

describe('06_callcenter_loopbackagent_FAIL_plain.raw: the agent leg cannot be bridged', () => {
  it('records the failed offer, the caller leaving the queue unserved, and emits AGENT_BRIDGE_FAILED', async () => {
    const tenant = await callCenterTenant(t);
    const events = asPlatformNamed(captureEvents('06_callcenter_loopbackagent_FAIL_plain.raw'), { queueId: tenant.queueId, agentId: tenant.agentId, tenantCode: tenant.tenant.code }, { freshUuids: true });
    const mark = realtime.events.length;
    await feed(events);
    await waitForEvents(mark + 5);
    const mainId = events.find(named('CHANNEL_CREATE'))!.headers['Unique-ID']!;
    const { call, legs } = await recordsOf(tenant, mainId);
    expect(legs).toHaveLength(events.filter(named('CHANNEL_CREATE')).length);
    // Offered and never bridged: the call is not credited to the agent (the failed offer is in AGENT_BRIDGE_FAILED).
    expect(call).toMatchObject({ queueId: tenant.queueId, agentId: null, bridgedAt: null, talkTime: 0, queueCause: 'Cancel', queueCancelReason: 'BREAK_OUT' });
    const queued = us(events.find(action('member-queue-start')));
    expect(call!.waitTime).toBe(secs(queued, us(events.find(named('CHANNEL_HANGUP_COMPLETE', mainId)))));
    const mine = emitted(tenant.tenant.id, mark);
    expectValidPayloads(mine);
    expect(mine.find((event) => event.type === 'AGENT_BRIDGE_FAILED')).toMatchObject({ agentId: tenant.agentId, queueId: tenant.queueId, callId: mainId, cause: 'SUCCESS' });
    expect(mine.find((event) => event.type === 'QUEUE_MEMBER_LEFT')).toMatchObject({ cause: 'Cancel', cancelReason: 'BREAK_OUT', callId: mainId });
  });
});

describe('04_sofia_register_call_plain.raw: a phone calls a feature number', () => {
  it('is an internal call of one leg, attributed by the tenant’s context', async () => {
    const tenant = await callCenterTenant(t);
    const events = asPlatformNamed(captureEvents('04_sofia_register_call_plain.raw'), { queueId: tenant.queueId, agentId: tenant.agentId, tenantCode: tenant.tenant.code }, { freshUuids: true });
    await feed(events);
    const create = events.find(named('CHANNEL_CREATE'))!;
    const { call, legs } = await recordsOf(tenant, create.headers['Unique-ID']!);
    expect(legs).toHaveLength(1);
    expect(call).toMatchObject({ direction: 'INTERNAL', callerNumber: '1000', calledNumber: '9196', extensionId: tenant.extensionId, talkTime: 0, ringTime: 0 });
    expect(call!.endedAt).toEqual(us(events.find(named('CHANNEL_HANGUP_COMPLETE'))));
  });

  it('without any tenant signal is counted and dropped, never attributed', async () => {
    // The capture as the lab switch said it: context `default`, domain 127.0.0.1 — no tenant's
    // (fresh uuids: other test files feed the same capture, attributed, into the same database).
    const events = withFreshUuids(captureEvents('04_sofia_register_call_plain.raw').filter((event) => event.name.startsWith('CHANNEL_')));
    const tenants = await feed(events);
    const creates = events.filter(named('CHANNEL_CREATE'));
    expect(tenants.unattributed.get('CHANNEL_CREATE')).toBe(creates.length);
    expect(tenants.unattributedTotal).toBe(events.filter((event) => /^CHANNEL_(CREATE|ANSWER|BRIDGE|UNBRIDGE|HANGUP_COMPLETE)$/.test(event.name)).length);
    const ids = creates.map((event) => event.headers['Unique-ID']!);
    const found = await t.db.withPlatform((tx) => tx.selectFrom('callLegs').select('id').where('id', 'in', ids).unionAll(tx.selectFrom('calls').select('id').where('id', 'in', ids)).execute());
    expect(found).toEqual([]);
  });
});
