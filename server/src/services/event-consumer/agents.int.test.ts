// The agents' handlers on the real captures of FreeSWITCH 1.10.12 (fixtures 04, 06–09): each flow,
// fed in its real order through the dispatch table, gives the expected sequence of agent states.
// Only the names differ from the capture: the agent `1000@default` is ours `a-<id>`, and the SIP
// domain 127.0.0.1 is the tenant's.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pino from 'pino';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentStateChangedPayload, AgentStatusChangedPayload } from '../../platform/realtime/agent-event-schemas.ts';
import { realtimeEventOf, realtimePublisher } from '../../platform/realtime/events.ts';
import { EslParser, toSwitchEvent, type SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { createMember, createTenant } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createExtension, recordMessages } from '../../modules/agents/test-support.ts';
import { dispatchKey, handlerTable } from './event-consumer.ts';
import { eventClaims, type EventClaims } from './event-claims.ts';
import { TenantResolver } from './tenant-resolver.ts';

const t = useTestApp();
const FIXTURES = new URL('../../../../fixtures/freeswitch-1.10.12/', import.meta.url);

function capture(name: string): SwitchEvent[] {
  return new EslParser()
    .push(readFileSync(new URL(name, FIXTURES)))
    .map(toSwitchEvent)
    .filter((event): event is SwitchEvent => event !== null);
}

/** The capture with our names: the agent's switch name and the tenant's SIP domain. */
function renamed(events: SwitchEvent[], agentId: string, domain: string): SwitchEvent[] {
  const swap = (value: string) => value.replace(/^1000@default$/, `a-${agentId}`).replace(/@127\.0\.0\.1$/, `@${domain}`).replace(/^127\.0\.0\.1$/, domain);
  return events.map((event) => ({
    ...event,
    headers: Object.fromEntries(
      Object.entries(event.headers).map(([key, value]) =>
        ['CC-Agent', 'Channel-Presence-ID', 'variable_presence_id', 'variable_domain_name'].includes(key) ? [key, swap(value)] : [key, value],
      ),
    ),
  }));
}

async function loggedInAgent(options: { wrapUpSeconds?: number; number?: string } = {}) {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  const member = await createMember(t.app, admin.session, 'agent');
  const extension = await createExtension(t, tenant.id, options.number ?? '1000');
  const created = await t.call('POST', '/agents', admin.session, { userId: member.id, extensionId: extension.id, wrapUpSeconds: options.wrapUpSeconds ?? 0 });
  expect(created.statusCode, created.body).toBe(201);
  const agentId = created.json<{ id: string }>().id;
  expect((await t.call('POST', '/agents/me/login', member.session)).statusCode).toBe(200);
  return { tenant, agentId, userId: member.id };
}

/** Through one instance's table; with `claims`, as an instance sharing the cache store with others. */
async function feed(events: SwitchEvent[], claims?: EventClaims) {
  const log = pino({ level: 'silent' });
  const table = handlerTable({ db: t.db, tenants: new TenantResolver(t.db), realtime: realtimePublisher(t.coordination), log, ...(claims ? { claims } : {}) });
  for (const event of events) for (const handler of table[dispatchKey(event)] ?? []) await handler(event.headers, event);
}

const statesOf = (tenantId: string, agentId: string) =>
  t.db.withTenant(tenantId, async (tx) =>
    (await tx.selectFrom('agentStateEvents').select(['fromState', 'toState', 'cause', 'endedAt']).where('agentId', '=', agentId).orderBy('startedAt').execute()),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('agent states on the real captures', () => {
  for (const [file, sequence] of [
    ['06_callcenter_plain.raw', ['AVAILABLE', 'RINGING', 'IN_CALL', 'AVAILABLE']],
    // Its phone then calls out (a sofia channel without cc_side, not yet hung up at the end).
    ['07_callcenter_json.raw', ['AVAILABLE', 'RINGING', 'IN_CALL', 'AVAILABLE', 'ON_EXTERNAL_CALL']],
    ['08_sip_callcenter_ALL_plain.raw', ['AVAILABLE', 'RINGING', 'IN_CALL', 'AVAILABLE']],
    ['09_sip_callcenter_json.raw', ['AVAILABLE', 'RINGING', 'IN_CALL', 'AVAILABLE']],
    // A loopback agent cannot be bridged: bridge-agent-fail, and the agent is free again.
    ['06_callcenter_loopbackagent_FAIL_plain.raw', ['AVAILABLE', 'RINGING', 'AVAILABLE']],
  ] as const) {
    it(`${file}: ${sequence.join(' → ')}`, async () => {
      const { tenant, agentId } = await loggedInAgent();
      await feed(renamed(capture(file), agentId, tenant.telephonyDomain));
      const rows = await statesOf(tenant.id, agentId);
      expect(rows.map((row) => row.toState)).toEqual([...sequence]);
      // Each move closes the one before; only the last is open.
      expect(rows.slice(0, -1).every((row) => row.endedAt !== null)).toBe(true);
      expect(rows.at(-1)!.endedAt).toBeNull();
      expect(rows.map((row) => row.cause)).toEqual(
        sequence.map((state, i) => (i === 0 ? 'login' : state === 'ON_EXTERNAL_CALL' ? 'external_call' : expect.stringMatching(/^switch:(Receiving|In a queue call|Waiting)$/))),
      );
    });
  }

  it('08 with a wrap-up time: the Waiting that ends the queue call is WRAP_UP while the module holds the agent', async () => {
    const { tenant, agentId } = await loggedInAgent({ wrapUpSeconds: 30 });
    const events = renamed(capture('08_sip_callcenter_ALL_plain.raw'), agentId, tenant.telephonyDomain);
    // The clock at the capture's own time (its Waiting is at 1795305220.83 s).
    vi.useFakeTimers({ toFake: ['Date'], now: 1795305221_000 });
    await feed(events);
    vi.useRealTimers();
    expect((await statesOf(tenant.id, agentId)).map((row) => row.toState)).toEqual(['AVAILABLE', 'RINGING', 'IN_CALL', 'WRAP_UP']);
  });

  it('04: the agent’s own phone calls out (no cc_side on its channel): ON_EXTERNAL_CALL, then available', async () => {
    const { tenant, agentId } = await loggedInAgent();
    await feed(renamed(capture('04_sofia_register_call_plain.raw'), agentId, tenant.telephonyDomain));
    const rows = await statesOf(tenant.id, agentId);
    expect(rows.map((row) => [row.toState, row.cause])).toEqual([
      ['AVAILABLE', 'login'],
      ['ON_EXTERNAL_CALL', 'external_call'],
      ['AVAILABLE', 'external_call_end'],
    ]);
  });

  it('publishes AGENT_STATE_CHANGED for each move and AGENT_STATUS_CHANGED for each status and state of the switch, to the agent’s tenant', async () => {
    const { tenant, agentId, userId } = await loggedInAgent();
    const recorder = await recordMessages(t);
    try {
      await feed(renamed(capture('06_callcenter_plain.raw'), agentId, tenant.telephonyDomain));
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await recorder.stop();
    }
    const events = recorder.messages.map(realtimeEventOf).filter((event) => event?.tenantId === tenant.id);
    const moves = events.filter((event) => event?.type === 'AGENT_STATE_CHANGED');
    expect(moves.map((event) => [event!.previousState, event!.state, event!.cause])).toEqual([
      ['AVAILABLE', 'RINGING', 'switch:Receiving'],
      ['RINGING', 'IN_CALL', 'switch:In a queue call'],
      ['IN_CALL', 'AVAILABLE', 'switch:Waiting'],
    ]);
    expect(moves.every((event) => event!.agentId === agentId && event!.userId === userId)).toBe(true);
    const switchSide = events.filter((event) => event?.type === 'AGENT_STATUS_CHANGED').map((event) => [event!.switchStatus, event!.switchState, event!.state]);
    // Every agent payload is its schema's, once the publisher's type, tenantId and at are set aside
    // (the call group's emissions of the same events have their own tests).
    for (const event of events.filter((one) => one?.type === 'AGENT_STATE_CHANGED' || one?.type === 'AGENT_STATUS_CHANGED')) {
      const { type, tenantId: _tenant, at, ...payload } = event!;
      expect(Date.parse(at)).not.toBeNaN();
      expect(Value.Check(type === 'AGENT_STATE_CHANGED' ? AgentStateChangedPayload : AgentStatusChangedPayload, payload), JSON.stringify(payload)).toBe(true);
    }
    expect(switchSide).toEqual([
      ['Available', null, 'AVAILABLE'],
      [null, 'Waiting', 'AVAILABLE'],
      [null, 'Receiving', 'RINGING'],
      [null, 'In a queue call', 'IN_CALL'],
      [null, 'Waiting', 'AVAILABLE'],
      ['Logged Out', null, 'AVAILABLE'],
    ]);
  });

  it('the same events consumed by a second instance (late, as a replay would be) move nothing and publish nothing again', async () => {
    const { tenant, agentId } = await loggedInAgent();
    const events = renamed(capture('06_callcenter_plain.raw'), agentId, tenant.telephonyDomain);
    const log = pino({ level: 'silent' });
    const recorder = await recordMessages(t);
    try {
      // Each event once more per tenant: the capture's Core-UUID and sequence, with this test's tenant.
      const tagged = events.map((event) => ({ ...event, headers: { ...event.headers, 'Core-UUID': `${event.headers['Core-UUID']}-${tenant.id}` } }));
      await feed(tagged, eventClaims(t.coordination, log));
      await feed(tagged, eventClaims(t.coordination, log));
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await recorder.stop();
    }
    const published = recorder.messages.map(realtimeEventOf).filter((event) => event?.tenantId === tenant.id);
    expect(published.filter((event) => event?.type === 'AGENT_STATE_CHANGED')).toHaveLength(3);
    expect(published.filter((event) => event?.type === 'AGENT_STATUS_CHANGED')).toHaveLength(6);
    expect((await statesOf(tenant.id, agentId)).map((row) => row.toState)).toEqual(['AVAILABLE', 'RINGING', 'IN_CALL', 'AVAILABLE']);
  });

  it('takes the tenant from the agent’s switch name, never from a svc_ variable; a paused or logged-out agent does not move', async () => {
    const owner = await loggedInAgent();
    const other = await loggedInAgent();
    const event = (agentId: string, state: string, extra: Record<string, string> = {}): SwitchEvent => ({
      name: 'CUSTOM',
      subclass: 'callcenter::info',
      body: '',
      headers: { 'Event-Name': 'CUSTOM', 'Event-Subclass': 'callcenter::info', 'CC-Action': 'agent-state-change', 'CC-Agent': `a-${agentId}`, 'CC-Agent-State': state, ...extra },
    });
    await feed([event(owner.agentId, 'Receiving', { svc_tenant_id: other.tenant.id, variable_svc_tenant_id: other.tenant.id })]);
    expect((await statesOf(owner.tenant.id, owner.agentId)).at(-1)!.toState).toBe('RINGING');
    expect((await statesOf(other.tenant.id, other.agentId)).map((row) => row.toState)).toEqual(['AVAILABLE']);

    await t.db.withTenant(other.tenant.id, (tx) => tx.updateTable('agents').set({ state: 'PAUSED' }).where('id', '=', other.agentId).execute());
    await feed([event(other.agentId, 'Receiving'), event(other.agentId, 'In a queue call')]);
    expect((await statesOf(other.tenant.id, other.agentId)).map((row) => row.toState)).toEqual(['AVAILABLE']);
    // An agent that is not ours (or unknown) is ignored.
    await feed([event('00000000-0000-4000-8000-000000000000', 'Receiving'), { ...event(owner.agentId, 'Receiving'), headers: { ...event(owner.agentId, 'Receiving').headers, 'CC-Agent': '1000@default' } }]);
  });
});

describe('an offer taken back from a ringing agent (decision 0088)', () => {
  const cc = (agentId: string, action: string, atSeconds: number, extra: Record<string, string>): SwitchEvent => ({
    name: 'CUSTOM',
    subclass: 'callcenter::info',
    body: '',
    headers: {
      'Event-Name': 'CUSTOM',
      'Event-Subclass': 'callcenter::info',
      'Event-UUID': crypto.randomUUID(),
      'Event-Date-Timestamp': String(Math.round(atSeconds * 1_000_000)),
      'CC-Action': action,
      'CC-Agent': `a-${agentId}`,
      ...extra,
    },
  });
  const missedOf = (tenantId: string, agentId: string) =>
    t.db.withPlatform(async (tx) => Number((await sql<{ n: string }>`SELECT coalesce(sum(missed), 0) AS n FROM report_agent_intervals WHERE tenant_id = ${tenantId}::uuid AND agent_id = ${agentId}::uuid`.execute(tx)).rows[0]!.n));

  it('frees the agent as offer_withdrawn whichever of bridge-agent-fail and Waiting comes first, and counts no miss; a refusal is a miss', async () => {
    for (const { cause, order, expected } of [
      { cause: 'ORIGINATOR_CANCEL', order: 'fail first', expected: 'offer_withdrawn' },
      { cause: 'LOSE_RACE', order: 'Waiting first', expected: 'offer_withdrawn' },
      { cause: 'CALL_REJECTED', order: 'fail first', expected: 'switch:Waiting' },
    ]) {
      const { tenant, agentId } = await loggedInAgent();
      const now = Date.now() / 1000;
      await feed([cc(agentId, 'agent-state-change', now - 1, { 'CC-Agent-State': 'Receiving' })]);
      const fail = cc(agentId, 'bridge-agent-fail', Date.now() / 1000 + 0.2, { 'CC-Hangup-Cause': cause });
      const waiting = cc(agentId, 'agent-state-change', Date.now() / 1000 + 0.3, { 'CC-Agent-State': 'Waiting' });
      await feed(order === 'fail first' ? [fail, waiting] : [waiting, fail]);
      const rows = await statesOf(tenant.id, agentId);
      expect(rows.map((row) => [row.toState, row.cause]), `${cause}, ${order}`).toEqual([
        ['AVAILABLE', 'login'],
        ['RINGING', 'switch:Receiving'],
        ['AVAILABLE', expected],
      ]);
      expect(await missedOf(tenant.id, agentId)).toBe(expected === 'offer_withdrawn' ? 0 : 1);
    }
  });
});
