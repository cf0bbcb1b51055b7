// SQL of the call records the switch consumer writes (calls, call_legs, call_events). Every write
// is idempotent (ON CONFLICT DO NOTHING, COALESCE) and never touches a call once it has ended,
// except the bookkeeping of its queue exit and of its later legs.
import { sql } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { CallDirection } from '../../platform/db/schema.ts';

export interface CallPlace {
  callId: string;
  tenantId: string;
  /** Which of the ids asked for was found. */
  found: string;
  /** Found as a leg (else as a call that has no such leg yet). */
  asLeg: boolean;
}

/**
 * The call of the first of `ids` the platform knows, as a leg or as a call, in the order given
 * (every tenant: a leg's uuid is the switch's, unique across tenants).
 */
export async function locate(db: DatabaseHandles, ids: string[]): Promise<CallPlace | null> {
  if (ids.length === 0) return null;
  // Every event asks this first: one statement, one round trip (no transaction around it).
  const rows = await db.readAsPlatform((platform) =>
    platform
      .selectFrom('callLegs')
      .select(['id', 'callId', 'tenantId', sql<boolean>`true`.as('asLeg')])
      .where('id', 'in', ids)
      .unionAll(platform.selectFrom('calls').select(['id', 'id as callId', 'tenantId', sql<boolean>`false`.as('asLeg')]).where('id', 'in', ids))
      .execute(),
  );
  for (const id of ids) {
    // A leg row first: it says which call the channel is in even when its uuid is also a call's id.
    const row = rows.find((candidate) => candidate.id === id && candidate.asLeg) ?? rows.find((candidate) => candidate.id === id);
    if (row) return { callId: row.callId, tenantId: row.tenantId, found: id, asLeg: row.asLeg };
  }
  return null;
}

/** The id when a row of that table with that id is the tenant's (row-level security hides the others), else null. */
export async function ownId(tx: Tx, table: 'extensions' | 'agents' | 'queues' | 'trunks', id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await tx
    .selectFrom(table as 'queues')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The tenant's extension of that number (not deleted), else null. */
export async function extensionByNumber(tx: Tx, number: string | null): Promise<string | null> {
  if (!number) return null;
  const row = await tx.selectFrom('extensions').select('id').where('number', '=', number).where('deletedAt', 'is', null).executeTakeFirst();
  return row?.id ?? null;
}

export interface NewCall {
  id: string;
  tenantId: string;
  direction: CallDirection;
  callerNumber: string | null;
  callerName: string | null;
  calledNumber: string | null;
  extensionId: string | null;
  trunkId: string | null;
  attemptId: string | null;
  campaignId: string | null;
  leadId: string | null;
  createdAt: Date;
}

/** The call, or null when it already existed (an event seen twice, or a leg that joined first). */
export async function insertCall(tx: Tx, call: NewCall) {
  return (
    (await tx
      .insertInto('calls')
      .values({
        id: call.id,
        tenantId: call.tenantId,
        direction: call.direction,
        callerNumber: call.callerNumber,
        callerName: call.callerName,
        calledNumber: call.calledNumber,
        extensionId: call.extensionId,
        trunkId: call.trunkId,
        attemptId: call.attemptId,
        campaignId: call.campaignId,
        leadId: call.leadId,
        createdAt: call.createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export interface NewLeg {
  id: string;
  tenantId: string;
  callId: string;
  direction: 'inbound' | 'outbound';
  channelName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
  extensionId: string | null;
  agentId: string | null;
  createdAt: Date;
}

/** True when the leg is new. */
export async function insertLeg(tx: Tx, leg: NewLeg): Promise<boolean> {
  const row = await tx
    .insertInto('callLegs')
    .values({
      id: leg.id,
      tenantId: leg.tenantId,
      callId: leg.callId,
      direction: leg.direction,
      channelName: leg.channelName,
      callerNumber: leg.callerNumber,
      destinationNumber: leg.destinationNumber,
      extensionId: leg.extensionId,
      agentId: leg.agentId,
      createdAt: leg.createdAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the event is new for this call; false for one already stored (it was applied then). */
export async function insertEvent(
  tx: Tx,
  event: { tenantId: string; callId: string; legId: string | null; name: string; eventKey: string; occurredAt: Date; headers: Record<string, string> },
): Promise<boolean> {
  const row = await tx
    .insertInto('callEvents')
    .values(eventRow(event))
    .onConflict((oc) => oc.columns(['callId', 'eventKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type NewEvent = Parameters<typeof insertEvent>[1];

/** An event's row, its columns named one by one. */
function eventRow(event: NewEvent) {
  return {
    tenantId: event.tenantId,
    callId: event.callId,
    legId: event.legId,
    name: event.name,
    eventKey: event.eventKey,
    occurredAt: event.occurredAt,
    headers: JSON.stringify(event.headers),
  };
}

/** The key of an event row: a call's event is stored once (UNIQUE (call_id, event_key)). */
export const eventRowKey = (event: Pick<NewEvent, 'callId' | 'eventKey'>) => `${event.callId} ${event.eventKey}`;

/** insertEvent for several events in one statement; the keys (eventRowKey) of those that were new. */
export async function insertEvents(tx: Tx, events: NewEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await tx
    .insertInto('callEvents')
    .values(events.map(eventRow))
    .onConflict((oc) => oc.columns(['callId', 'eventKey']).doNothing())
    .returning(['callId', 'eventKey'])
    .execute();
  return new Set(rows.map(eventRowKey));
}

/** A new non-main leg tells the call where it went: its first extension, its trunk (then it is outbound). */
export async function noteLegOnCall(tx: Tx, callId: string, leg: { extensionId: string | null; trunkId: string | null }): Promise<void> {
  if (!leg.extensionId && !leg.trunkId) return;
  await tx
    .updateTable('calls')
    .set((eb) => ({
      extensionId: eb.fn.coalesce('extensionId', sql<string | null>`${leg.extensionId}::uuid`),
      trunkId: eb.fn.coalesce('trunkId', sql<string | null>`${leg.trunkId}::uuid`),
      direction: leg.trunkId ? sql<CallDirection>`CASE WHEN direction = 'INTERNAL' THEN 'OUTBOUND' ELSE direction END` : sql<CallDirection>`direction`,
    }))
    .where('id', '=', callId)
    .where('endedAt', 'is', null)
    .execute();
}

export async function markLeg(
  tx: Tx,
  legId: string,
  marks: { answeredAt?: Date | null; bridgedAt?: Date | null; endedAt?: Date | null; hangupCause?: string | null; agentId?: string | null },
): Promise<void> {
  await tx
    .updateTable('callLegs')
    .set((eb) => ({
      answeredAt: eb.fn.coalesce('answeredAt', sql<Date | null>`${marks.answeredAt ?? null}::timestamptz`),
      bridgedAt: eb.fn.coalesce('bridgedAt', sql<Date | null>`${marks.bridgedAt ?? null}::timestamptz`),
      endedAt: eb.fn.coalesce('endedAt', sql<Date | null>`${marks.endedAt ?? null}::timestamptz`),
      hangupCause: eb.fn.coalesce('hangupCause', sql<string | null>`${marks.hangupCause ?? null}::text`),
      agentId: eb.fn.coalesce(sql<string | null>`${marks.agentId ?? null}::uuid`, 'agentId'),
    }))
    .where('id', '=', legId)
    .execute();
}

/** Sets the main leg's answer once; the time when it was set now (CALL_ANSWERED), else null. */
export async function answerCall(tx: Tx, callId: string, at: Date): Promise<Date | null> {
  const row = await tx
    .updateTable('calls')
    .set({ answerAt: at })
    .where('id', '=', callId)
    .where('answerAt', 'is', null)
    .where('endedAt', 'is', null)
    .returning('answerAt')
    .executeTakeFirst();
  return row?.answerAt ?? null;
}

export async function bridgeCall(tx: Tx, callId: string, at: Date): Promise<void> {
  await tx
    .updateTable('calls')
    .set((eb) => ({ bridgedAt: eb.fn.coalesce('bridgedAt', sql<Date>`${at}::timestamptz`) }))
    .where('id', '=', callId)
    .where('endedAt', 'is', null)
    .execute();
}

export async function queueCall(tx: Tx, callId: string, queueId: string | null, at: Date): Promise<void> {
  await tx
    .updateTable('calls')
    .set((eb) => ({
      queueId: eb.fn.coalesce(sql<string | null>`${queueId}::uuid`, 'queueId'),
      queuedAt: eb.fn.coalesce('queuedAt', sql<Date>`${at}::timestamptz`),
    }))
    .where('id', '=', callId)
    .where('endedAt', 'is', null)
    .execute();
}

/** The agent offered (and later the one bridged) is the call's agent: the last one named wins while the call lasts. */
export async function assignAgent(tx: Tx, callId: string, agentId: string | null, queueId: string | null): Promise<void> {
  if (!agentId && !queueId) return;
  await tx
    .updateTable('calls')
    .set((eb) => ({
      agentId: eb.fn.coalesce(sql<string | null>`${agentId}::uuid`, 'agentId'),
      queueId: eb.fn.coalesce('queueId', sql<string | null>`${queueId}::uuid`),
    }))
    .where('id', '=', callId)
    .where('endedAt', 'is', null)
    .execute();
}

/** The queue exit (bookkeeping: also after the call ended, as mod_callcenter reports it after the hangup). Null when already noted. */
export async function leaveQueue(tx: Tx, callId: string, at: Date, cause: string | null, cancelReason: string | null) {
  return (
    (await tx
      .updateTable('calls')
      .set({ queueLeftAt: at, queueCause: cause, queueCancelReason: cancelReason })
      .where('id', '=', callId)
      .where('queueLeftAt', 'is', null)
      .returning(['queueId', 'queuedAt', 'queueLeftAt'])
      .executeTakeFirst()) ?? null
  );
}

export async function callRow(tx: Tx, callId: string) {
  return (await tx.selectFrom('calls').selectAll().where('id', '=', callId).forUpdate().executeTakeFirst()) ?? null;
}

export async function legsOf(tx: Tx, callId: string) {
  return tx.selectFrom('callLegs').selectAll().where('callId', '=', callId).orderBy('createdAt').execute();
}

export interface CallEnd {
  endedAt: Date;
  answerAt: Date | null;
  hangupCause: string | null;
  ringTime: number;
  waitTime: number;
  talkTime: number;
  durationSeconds: number;
  billableSeconds: number;
}

/** Ends the call once (frozen afterwards); the ended row, or null when it had already ended. */
export async function endCall(tx: Tx, callId: string, end: CallEnd) {
  return (
    (await tx
      .updateTable('calls')
      .set({
        endedAt: end.endedAt,
        answerAt: end.answerAt,
        hangupCause: end.hangupCause,
        ringTime: end.ringTime,
        waitTime: end.waitTime,
        talkTime: end.talkTime,
        durationSeconds: end.durationSeconds,
        billableSeconds: end.billableSeconds,
      })
      .where('id', '=', callId)
      .where('endedAt', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Calls still open, in every tenant, with their legs still up (the reconciliation's starting point). */
export async function openCalls(db: DatabaseHandles): Promise<Array<{ id: string; tenantId: string; openLegs: string[] }>> {
  const rows = await db.withPlatform((tx) =>
    tx
      .selectFrom('calls as c')
      .leftJoin('callLegs as l', (join) => join.onRef('l.callId', '=', 'c.id').on('l.endedAt', 'is', null))
      .select(['c.id', 'c.tenantId', 'l.id as legId'])
      .where('c.endedAt', 'is', null)
      .execute(),
  );
  const calls = new Map<string, { id: string; tenantId: string; openLegs: string[] }>();
  for (const row of rows) {
    const call = calls.get(row.id) ?? { id: row.id, tenantId: row.tenantId, openLegs: [] };
    if (row.legId) call.openLegs.push(row.legId);
    calls.set(row.id, call);
  }
  return [...calls.values()];
}

/** Ends every leg of the call still up (a call the switch no longer has). */
export async function endOpenLegs(tx: Tx, callId: string, at: Date, cause: string): Promise<void> {
  await tx.updateTable('callLegs').set({ endedAt: at, hangupCause: cause }).where('callId', '=', callId).where('endedAt', 'is', null).execute();
}
