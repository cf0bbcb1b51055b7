// The reports hold under what a real deployment does to events: every event of real traffic
// delivered again (and twice) to a second consumer instance sharing the cache store, and the
// switch restarting under a caller who waits and a caller who talks (the reconciliation closes
// both calls as SWITCH_LOST and must close their queue entries). The kept rollups always equal a
// recomputation from the raw rows.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwitchEvent } from '../src/platform/switch/esl-parser.ts';
import { realtimePublisher } from '../src/platform/realtime/events.ts';
import { dispatchKey, handlerTable } from '../src/services/event-consumer/event-consumer.ts';
import { eventClaims } from '../src/services/event-consumer/event-claims.ts';
import { TenantResolver } from '../src/services/event-consumer/tenant-resolver.ts';
import { rollupsMatchRecomputation } from '../src/modules/reports/test-support.ts';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, phoneLegs, startSwitchedApp, type SwitchedApp, until } from './switch.ts';
import { report, sleep } from './report-traffic.ts';

let t: SwitchedApp;
let platform: Session;
/** Every event the platform's consumer was given, in order, as it was given. */
const heard: SwitchEvent[] = [];

beforeAll(async () => {
  t = await startSwitchedApp();
  t.runtime.target.esl.on('event', (event) => heard.push(event));
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

/** A tenant whose logged-in agent (extension `number`, a 1 s wrap-up) serves a queue reached by a DID. */
async function staffed(number: string) {
  const tenant = await createTenant(t.app, platform);
  const auth = tenant.admin.session.auth;
  const extension = await post<{ id: string; domain: string; sipPassword: string }>(auth, '/extensions', { number });
  const member = await createMember(t.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>(auth, '/agents', { userId: member.id, extensionId: extension.id, wrapUpSeconds: 1, rejectDelaySeconds: 10 });
  const queue = await post<{ id: string }>(auth, '/queues', { name: `fila-${number}` });
  await post(auth, `/queues/${queue.id}/agents`, { agentId: agent.id });
  const did = `55113000${number}`;
  await assignNumbers(t.app, platform, tenant.tenant.id, did);
  await post(auth, '/inbound-routes', { didNumber: did, destinationType: 'QUEUE', destinationNumber: queue.id });
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
  expect((await until(() => t.simulator().control.register({ user: number, domain: extension.domain, password: extension.sipPassword }), (result) => result.ok)).ok).toBe(true);
  expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
  await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
  return { tenant, auth, number, did, agentId: agent.id, queueId: queue.id };
}

type Staffed = Awaited<ReturnType<typeof staffed>>;

const agentState = async (s: Staffed) =>
  (await t.db.withTenant(s.tenant.tenant.id, (tx) => tx.selectFrom('agents').select('state').where('id', '=', s.agentId).executeTakeFirstOrThrow())).state;
const callEnded = (tenant: TenantFixture, callId: string) =>
  until(() => t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('calls').select(['endedAt', 'hangupCause']).where('id', '=', callId).executeTakeFirst()), (row) => Boolean(row?.endedAt), 15_000);
const entriesOf = (tenant: TenantFixture, callId: string) =>
  t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('queueEntries').selectAll().where('callId', '=', callId).execute());
const ringing = (s: Staffed) => until(() => phoneLegs(t, s.number, s.tenant.tenant.telephonyDomain), (legs) => legs.length === 1);

/**
 * Real traffic: an answered call (then a 1 s wrap-up), and an offer rejected whose caller gives up
 * within the queue's 5 s (a short abandon); its calls and where its events start in `heard`.
 */
async function traffic(s: Staffed) {
  const from = heard.length;
  const control = () => t.simulator().control;
  const answered = control().inbound({ did: s.did, callerIdNumber: '5511987654101' });
  await ringing(s);
  await sleep(500);
  control().answer(answered, s.number);
  await until(() => agentState(s), (state) => state === 'IN_CALL');
  await sleep(800);
  control().hangup(answered);
  await callEnded(s.tenant, answered);
  await until(() => agentState(s), (state) => state === 'AVAILABLE', 10_000);
  const rejected = control().inbound({ did: s.did, callerIdNumber: '5511987654102' });
  await ringing(s);
  control().reject(rejected, 'CALL_REJECTED', s.number);
  await until(() => agentState(s), (state) => state === 'AVAILABLE');
  await sleep(1500);
  control().hangup(rejected);
  await callEnded(s.tenant, rejected);
  // Its wrap-up ended on the platform: every row the traffic writes is written.
  await until(() => entriesOf(s.tenant, answered), (rows) => rows[0]?.wrapUpMs !== null && rows[0]?.wrapUpMs !== undefined);
  return { from, answered, rejected };
}

/** The tenant's rollup rows as stored, every table (what a replay must leave exactly as it was). */
const rollupRows = (tenantId: string) =>
  t.db.withPlatform(async (tx) => {
    const rows: Record<string, unknown[]> = {};
    for (const table of ['report_queue_intervals', 'report_agent_intervals', 'report_call_intervals', 'report_disposition_intervals']) {
      rows[table] = (await sql`SELECT * FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}::uuid ORDER BY 2, 3, 4`.execute(tx)).rows;
    }
    return rows;
  });

/** The counts of the agent report that time does not move (an open state grows up to now). */
const settledAgentNumbers = async (s: Staffed) => {
  const { totals } = await report(t, s.auth, 'agents', { agentId: s.agentId });
  const { AVAILABLE: _growing, ...closed } = totals.stateSeconds;
  return { offered: totals.offered, answered: totals.answered, missed: totals.missed, averageTalkSeconds: totals.averageTalkSeconds, closed };
};

/** A second consumer instance: its own handlers and tenant cache, the same database and cache store. */
async function deliverAgain(events: SwitchEvent[]): Promise<void> {
  const log = pino({ level: 'silent' });
  const table = handlerTable({ db: t.db, tenants: new TenantResolver(t.db), realtime: realtimePublisher(t.coordination), log, claims: eventClaims(t.coordination, log) });
  for (const event of events) for (const handler of table[dispatchKey(event)] ?? []) await handler(event.headers, event);
}

/** The same events as another call: every uuid but the tenant's own ids (`keep`) replaced, consistently. */
function asNewCall(events: SwitchEvent[], keep: string[]): SwitchEvent[] {
  const fresh = new Map<string, string>(keep.map((id) => [id, id]));
  const renew = (value: string) => value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => fresh.get(id) ?? (fresh.set(id, randomUUID()), fresh.get(id)!));
  return events.map((event) => ({ ...event, headers: Object.fromEntries(Object.entries(event.headers).map(([name, value]) => [name, renew(value)])) }));
}

describe('reports under replays and a switch restart', () => {
  it('are unchanged when a second consumer instance is given the same traffic again, twice over and each event doubled', async () => {
    const s = await staffed('4401');
    const { from } = await traffic(s);

    const queues = await report(t, s.auth, 'queues');
    expect(queues.totals).toMatchObject({ offered: 2, answered: 1, abandoned: 1, shortAbandoned: 1 });
    const agents = await settledAgentNumbers(s);
    expect(agents).toMatchObject({ offered: 2, answered: 1, missed: 1 });
    const rows = await rollupRows(s.tenant.tenant.id);
    const events = heard.slice(from);
    expect(events.filter((event) => event.headers['CC-Action'] === 'member-queue-end')).toHaveLength(2);

    await deliverAgain(events);
    await deliverAgain(events.flatMap((event) => [event, event]));
    expect(await report(t, s.auth, 'queues')).toEqual(queues);
    expect(await settledAgentNumbers(s)).toEqual(agents);
    expect(await rollupRows(s.tenant.tenant.id)).toEqual(rows);
    expect(await rollupsMatchRecomputation(t.db, s.tenant.tenant.id)).toEqual({});
    // Another tenant, replays or not, sees none of it.
    const stranger = await createTenant(t.app, platform);
    expect((await report(t, stranger.admin.session.auth, 'queues', { queueId: s.queueId })).totals.offered).toBe(0);
  }, 60_000);

  it('give a call’s queue entry the same whether mod_callcenter’s end comes after the caller’s hangup (as a real switch sends it) or before', async () => {
    const s = await staffed('4403');
    const { from, answered, rejected } = await traffic(s);
    const original = await report(t, s.auth, 'queues');
    // The wrap-up stays the original's: the agent wrapped up once, after it.
    const entry = async (callId: string) => {
      const [row] = await entriesOf(s.tenant, callId);
      return { outcome: row!.outcome, agentId: row!.agentId, joinedAt: row!.joinedAt, answeredAt: row!.answeredAt, talkEndedAt: row!.talkEndedAt, leftAt: row!.leftAt };
    };
    for (const callId of [answered, rejected]) {
      // The call's own events (no agent status or state: those are the agent's, not the call's).
      const own = heard.slice(from).filter((event) =>
        (event.headers['Unique-ID'] === callId || event.headers.variable_svc_call_id === callId || event.headers['CC-Member-Session-UUID'] === callId) &&
        !['agent-state-change', 'agent-status-change', 'members-count'].includes(event.headers['CC-Action'] ?? ''));
      const hangup = own.findIndex((event) => event.name === 'CHANNEL_HANGUP_COMPLETE' && event.headers['Unique-ID'] === callId);
      const late = (event: SwitchEvent) => ['member-queue-end', 'bridge-agent-end'].includes(event.headers['CC-Action'] ?? '');
      expect(own.filter(late).length).toBe(callId === answered ? 2 : 1);
      const rest = own.filter((event) => !late(event));
      const restHangup = rest.indexOf(own[hangup]!);
      const orders = {
        before: [...rest.slice(0, restHangup), ...own.filter(late), ...rest.slice(restHangup)],
        after: [...rest, ...own.filter(late)],
      };
      for (const order of Object.values(orders)) {
        // The same flow as a new call (every uuid new): a second instance takes it in this order.
        const copy = asNewCall(order, [s.tenant.tenant.id, s.queueId, s.agentId]);
        await deliverAgain(copy);
        const copyId = copy[order.indexOf(own.find((event) => event.name === 'CHANNEL_CREATE' && event.headers['Unique-ID'] === callId)!)]!.headers['Unique-ID']!;
        expect(await entry(copyId)).toEqual(await entry(callId));
      }
    }
    // Each call now counted three times over, every number of the report in proportion.
    const tripled = await report(t, s.auth, 'queues');
    expect(tripled.totals).toMatchObject({ offered: 6, answered: 3, abandoned: 3, shortAbandoned: 3, maxWaitSeconds: original.totals.maxWaitSeconds });
    for (const key of ['averageWaitSeconds', 'averageTalkSeconds', 'averageAbandonWaitSeconds', 'serviceLevel', 'abandonRate'] as const) {
      expect(tripled.totals[key]).toBeCloseTo(original.totals[key]!, 3);
    }
    expect(await rollupsMatchRecomputation(t.db, s.tenant.tenant.id)).toEqual({});
  }, 60_000);

  it('count a caller waiting and a caller talking when the switch restarts as SWITCH_LOST calls whose entries are closed at the loss', async () => {
    const s = await staffed('4402');
    const control = () => t.simulator().control;
    const talking = control().inbound({ did: s.did, callerIdNumber: '5511987654201' });
    await ringing(s);
    control().answer(talking, s.number);
    await until(() => agentState(s), (state) => state === 'IN_CALL');
    // The agent busy, the next caller waits in the queue.
    const waiting = control().inbound({ did: s.did, callerIdNumber: '5511987654202' });
    await until(() => entriesOf(s.tenant, waiting), (rows) => rows.length === 1);
    await sleep(1000);

    await t.stopSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => !connected);
    await t.restartSwitch();
    await until(() => t.runtime.target.esl.connected, Boolean, 15_000);
    for (const callId of [talking, waiting]) expect((await callEnded(s.tenant, callId))?.hangupCause).toBe('SWITCH_LOST');
    const lostAt = t.runtime.target.esl.lastAliveBeforeDrop!;
    const [served] = await entriesOf(s.tenant, talking);
    const [abandoned] = await entriesOf(s.tenant, waiting);
    expect(served).toMatchObject({ outcome: 'ANSWERED', agentId: s.agentId, leftAt: lostAt });
    expect(abandoned).toMatchObject({ outcome: 'ABANDONED', agentId: null, leftAt: lostAt });

    const { totals } = await report(t, s.auth, 'queues');
    // Closed at the last instant the switch was heard from (decision of the reconciliation), not at
    // its return: the lost caller's wait ends there, within the queue's 5 s, a short abandon.
    expect(totals).toMatchObject({ offered: 2, answered: 1, abandoned: 1, shortAbandoned: 1 });
    expect(totals.averageTalkSeconds).toBeCloseTo((lostAt.getTime() - served!.answeredAt!.getTime()) / 1000, 2);
    expect(totals.averageAbandonWaitSeconds).toBeCloseTo((lostAt.getTime() - abandoned!.joinedAt.getTime()) / 1000, 2);
    // Nothing is left open for the live views either.
    const dashboard = await t.app.inject({ method: 'GET', url: '/reports/dashboard', headers: s.auth });
    expect(dashboard.json()).toMatchObject({ waitingCallers: 0, liveCalls: { total: 0 } });
    expect(await rollupsMatchRecomputation(t.db, s.tenant.tenant.id)).toEqual({});
  }, 60_000);
});
