// Batched event writes (decision 0040) against the real database: a burst of many calls of one
// tenant, applied through the consumer with its batches, gives exactly the rows of the same calls
// applied one event at a time, in each call's order; a failing unit of a batch loses nothing else;
// a unit is answered (and so emitted) only once its batch has committed.
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimePublisher, type RealtimeEvent } from '../../platform/realtime/events.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import type { SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { asPlatformNamed, callCenterTenant, captureEvents, collectRealtime, type CallCenterTenant } from '../../../test/call-events.ts';
import { createTenant, useTestApp } from '../../../test/harness.ts';
import { dispatchKey, handlerTable, startEventConsumer } from './event-consumer.ts';
import { TenantResolver } from './tenant-resolver.ts';
import { WriteBatcher } from './write-batcher.ts';
import { insertEvent, type NewEvent } from './calls.repo.ts';
import { CALL_FLOW_KEYS } from '../../../test/call-flow-keys.ts';

const t = useTestApp();
const CALLS = 24;
const POISONED = 5;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

let realtime: Awaited<ReturnType<typeof collectRealtime>>;
let tenant: CallCenterTenant;
let capture: SwitchEvent[];
beforeAll(async () => {
  realtime = await collectRealtime(t.coordination);
  tenant = await callCenterTenant(t);
  capture = asPlatformNamed(captureEvents('08_sip_callcenter_ALL_plain.raw'), { queueId: tenant.queueId, agentId: tenant.agentId, tenantCode: tenant.tenant.code }).filter(
    (event) => CALL_FLOW_KEYS.has(dispatchKey(event)),
  );
});
afterAll(() => realtime.stop());

/** A copy of the captured call with fresh uuids, and the way back from its uuids to the capture's. */
function copyOfCall() {
  const fresh = new Map<string, string>();
  const renew = (value: string) => value.replace(UUID, (uuid) => fresh.get(uuid) ?? (fresh.set(uuid, crypto.randomUUID()), fresh.get(uuid)!));
  const events = capture.map((event) => ({ ...event, headers: Object.fromEntries(Object.entries(event.headers).map(([name, value]) => [name, renew(value)])) }));
  const back = new Map([...fresh].map(([original, copy]) => [copy, original]));
  return { callId: fresh.get(capture[0]!.headers['Unique-ID']!)!, events, back };
}

/** The call's rows with its own uuids put back to the capture's: equal for two copies applied alike. */
async function normalizedRows(call: ReturnType<typeof copyOfCall>) {
  const rows = await t.db.withTenant(tenant.tenant.id, async (tx) => ({
    call: await tx.selectFrom('calls').selectAll().where('id', '=', call.callId).executeTakeFirst(),
    legs: await tx.selectFrom('callLegs').selectAll().where('callId', '=', call.callId).orderBy('createdAt').orderBy('channelName').execute(),
    // xmin: the (sub)transaction that wrote each row, in the order the call's events were applied.
    events: await tx
      .selectFrom('callEvents')
      .select(['name', 'eventKey', 'legId', 'occurredAt'])
      .where('callId', '=', call.callId)
      .orderBy(sql`xmin::text::bigint`)
      .execute(),
  }));
  // updatedAt is the clock of the write, not a fact of the call.
  const { updatedAt: _clock, ...callRow } = rows.call ?? {};
  return JSON.parse(JSON.stringify({ ...rows, call: callRow }).replace(UUID, (uuid) => call.back.get(uuid) ?? uuid)) as typeof rows;
}

describe('a burst of calls of one tenant through the batched consumer', () => {
  it('gives the same calls, legs and events, in each call’s order, as the events applied one by one; a poisoned event loses only itself', async () => {
    // Reference: every event alone, one after the other (the handlers without batches or memory).
    const table = handlerTable({ db: t.db, tenants: new TenantResolver(t.db), realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
    const reference = copyOfCall();
    for (const event of reference.events) for (const handler of table[dispatchKey(event)] ?? []) await handler(event.headers, event);
    const expected = await normalizedRows(reference);
    expect(expected.call?.endedAt).not.toBeNull();
    expect(expected.events).toHaveLength(capture.length);

    // The burst: CALLS copies, their events interleaved and all given at once, as a busy switch sends them.
    const esl = Object.assign(new EventEmitter(), { api: async () => '{"row_count":0}' });
    const consumer = startEventConsumer({ db: t.db, esl: esl as unknown as EslClient, realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
    const calls = Array.from({ length: CALLS }, copyOfCall);
    // One poisoned event among them: a caller name PostgreSQL refuses (a NUL), so its unit fails in the database.
    const poisoned = calls.splice(POISONED, 1)[0]!;
    poisoned.events[0] = { ...poisoned.events[0]!, headers: { ...poisoned.events[0]!.headers, 'Caller-Caller-ID-Name': 'bad\u0000name' } };
    const fed = [...calls.slice(0, POISONED), poisoned, ...calls.slice(POISONED)];
    try {
      for (let index = 0; index < capture.length; index += 1) for (const call of fed) esl.emit('event', call.events[index]);
      await consumer.idle();
    } finally {
      consumer.stop();
    }

    // Batches happened: fewer transactions than events, some of several units; the poisoned one failed alone.
    expect(consumer.writes.stats.units).toBeGreaterThanOrEqual((CALLS - 1) * capture.length);
    expect(consumer.writes.stats.failedUnits).toBeGreaterThanOrEqual(1);
    expect(await normalizedRows(poisoned)).toMatchObject({ call: {}, events: [] });
    expect(consumer.writes.stats.largest).toBeGreaterThan(1);
    expect(consumer.writes.stats.batches).toBeLessThan(consumer.writes.stats.units);
    expect(consumer.writes.stats.eventRowsTogether).toBeGreaterThan(0);
    for (const call of calls) expect(await normalizedRows(call)).toEqual(expected);

    // Each call's emissions: those of the call applied alone, in the same order.
    const ofCall = (callId: string) => realtime.events.filter((event: RealtimeEvent) => event.callId === callId).map((event) => event.type);
    const expectedEmissions = ofCall(reference.callId);
    expect(expectedEmissions).toEqual(expect.arrayContaining(['CALL_CREATED', 'CALL_ANSWERED', 'CALL_ENDED']));
    for (let i = 0; i < 100 && calls.some((call) => ofCall(call.callId).length < expectedEmissions.length); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const call of calls) expect(ofCall(call.callId)).toEqual(expectedEmissions);
  });
});

describe('WriteBatcher on the real database', () => {
  const insertCall = (id: string, direction = 'INBOUND') =>
    sql`INSERT INTO calls (id, tenant_id, direction, created_at) VALUES (${id}, current_setting('app.tenant_id')::uuid, ${direction}, now())`;
  const callIds = async (ids: string[]) =>
    (await t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('calls').select('id').where('id', 'in', ids).execute())).map((row) => row.id).sort();

  it('rolls back a failing unit alone: the others of its batch are committed, the failure is its own', async () => {
    const batcher = new WriteBatcher(t.db, { perTenant: 1 });
    const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
    let runs = 0;
    // The first starts alone at once; the next ones wait for it and go together.
    const first = batcher.withTenant(tenant.tenant.id, async (tx) => {
      await sql`SELECT pg_sleep(0.1)`.execute(tx);
      await insertCall(ids[0]!).execute(tx);
    });
    const results = await Promise.allSettled([
      first,
      batcher.withTenant(tenant.tenant.id, (tx) => {
        runs += 1;
        return insertCall(ids[1]!).execute(tx);
      }),
      batcher.withTenant(tenant.tenant.id, (tx) => insertCall(ids[2]!, 'NOT_A_DIRECTION').execute(tx)),
      batcher.withTenant(tenant.tenant.id, (tx) => insertCall(ids[3]!).execute(tx)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(batcher.stats).toEqual({ batches: 2, units: 4, failedUnits: 1, largest: 3, eventRowsTogether: 0 });
    // Its neighbour ran twice: optimistically without savepoints (rolled back), then under its own.
    expect(runs).toBe(2);
    expect(await callIds(ids)).toEqual([ids[0]!, ids[1]!, ids[3]!].sort());
  });

  it('inserts the event rows of a batch in one statement, and a failed unit’s row goes with it', async () => {
    const batcher = new WriteBatcher(t.db, { perTenant: 1 });
    const callId = crypto.randomUUID();
    await batcher.withTenant(tenant.tenant.id, (tx) => insertCall(callId).execute(tx));
    const row = (key: string): NewEvent => ({ tenantId: tenant.tenant.id, callId, legId: null, name: 'CHANNEL_ANSWER', eventKey: key, occurredAt: new Date(), headers: {} });
    const told: Array<boolean | null> = [];
    const unit = (key: string, poison = false) =>
      batcher.withEvent(tenant.tenant.id, row(key), async (tx, fresh) => {
        told.push(fresh);
        const isNew = fresh ?? (await insertEvent(tx, row(key)));
        if (poison) throw new Error('poisoned');
        return isNew;
      });
    const blocker = batcher.withTenant(tenant.tenant.id, (tx) => sql`SELECT pg_sleep(0.05)`.execute(tx));
    const results = await Promise.allSettled([blocker, unit('k1'), unit('k2', true), unit('k3')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // First together (told: new), then, after the failure, each under its savepoint inserting its own row.
    expect(told).toEqual([true, true, null, null, null]);
    expect(batcher.stats.eventRowsTogether).toBe(3);
    const keys = await t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('callEvents').select('eventKey').where('callId', '=', callId).orderBy('eventKey').execute());
    expect(keys.map((key) => key.eventKey)).toEqual(['k1', 'k3']);
  });

  it('answers a unit only after its whole batch has committed (what it emits is about committed rows)', async () => {
    const batcher = new WriteBatcher(t.db, { perTenant: 1 });
    const [early, late] = [crypto.randomUUID(), crypto.randomUUID()];
    let seenWhenAnswered: string[] | null = null;
    const blocker = batcher.withTenant(tenant.tenant.id, (tx) => sql`SELECT pg_sleep(0.05)`.execute(tx));
    // `early` is written first in the batch; `late` keeps the transaction open 300 ms after it.
    const answered = batcher.withTenant(tenant.tenant.id, (tx) => insertCall(early).execute(tx)).then(async () => {
      seenWhenAnswered = await callIds([early]);
    });
    const slow = batcher.withTenant(tenant.tenant.id, async (tx) => {
      await insertCall(late).execute(tx);
      await sql`SELECT pg_sleep(0.3)`.execute(tx);
    });
    await Promise.all([blocker, answered, slow]);
    expect(batcher.stats.largest).toBe(2);
    // Another connection sees the row the moment the unit is answered: it was committed.
    expect(seenWhenAnswered).toEqual([early]);
  });

  it('bounds a batch at maxBatch units and the transactions in flight; a busy tenant does not starve another', async () => {
    const other = await createTenant(t.app, t.platform);
    const batcher = new WriteBatcher(t.db, { maxBatch: 3, perTenant: 1, total: 1 });
    const order: Array<[string, string]> = [];
    const unit = (tenantId: string, name: string) =>
      batcher.withTenant(tenantId, async (tx) => {
        const { rows } = await sql<{ txid: string }>`SELECT txid_current()::text AS txid`.execute(tx);
        order.push([name, rows[0]!.txid]);
      });
    const a = tenant.tenant.id;
    const b = other.tenant.id;
    await Promise.all([unit(a, 'a0'), unit(a, 'a1'), unit(a, 'a2'), unit(a, 'a3'), unit(a, 'a4'), unit(b, 'b1'), unit(b, 'b2')]);
    // One transaction at a time; after a0 (alone: the tenant was idle) it is b's turn, then a's in threes.
    const batches = [...new Set(order.map(([, txid]) => txid))].map((txid) => order.filter(([, id]) => id === txid).map(([name]) => name));
    expect(batches).toEqual([['a0'], ['b1', 'b2'], ['a1', 'a2', 'a3'], ['a4']]);
  });

  it('a whole failed transaction fails each of its units; the tenant is taken only as a UUID', async () => {
    await expect(t.db.withTenantBatch("x'; DROP TABLE calls; --", [async () => 1])).rejects.toThrow(/not a UUID/);
    const batcher = new WriteBatcher(t.db);
    await expect(batcher.withTenant(tenant.tenant.id, (tx) => insertCall(crypto.randomUUID(), 'NOPE').execute(tx))).rejects.toThrow();
    expect(batcher.stats.failedUnits).toBe(1);
    // The connection went back clean: the next unit works.
    const id = crypto.randomUUID();
    await batcher.withTenant(tenant.tenant.id, (tx) => insertCall(id).execute(tx));
    expect(await callIds([id])).toEqual([id]);
  });
});
