// Sessions, state events and pause events of an agent. Every statement of one transition uses the
// transaction's now(), so an event's end equals the next one's start to the microsecond.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import type { TierPlacement } from './callcenter-sync.ts';

const now = () => sql<Date>`now()`;

export async function openSession(tx: Tx, tenantId: string, agentId: string): Promise<string> {
  const row = await tx
    .insertInto('agentSessions')
    .values({ tenantId, agentId, endedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function currentSessionId(tx: Tx, agentId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('agentSessions')
    .select('id')
    .where('agentId', '=', agentId)
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

export const closeSession = (tx: Tx, agentId: string) =>
  tx
    .updateTable('agentSessions')
    .set({ endedAt: now() })
    .where('agentId', '=', agentId)
    .where('endedAt', 'is', null)
    .execute();

export async function openPause(
  tx: Tx,
  values: { tenantId: string; agentId: string; sessionId: string | null; pauseReasonId: string },
) {
  await tx
    .insertInto('agentPauseEvents')
    .values({ ...values, endedAt: null })
    .execute();
}

/** Ends the pause in progress, if any; returns its reason. */
export async function closePause(tx: Tx, agentId: string): Promise<string | null> {
  const row = await tx
    .updateTable('agentPauseEvents')
    .set({ endedAt: now() })
    .where('agentId', '=', agentId)
    .where('endedAt', 'is', null)
    .returning('pauseReasonId')
    .executeTakeFirst();
  return row?.pauseReasonId ?? null;
}

export interface Transition {
  tenantId: string;
  agentId: string;
  sessionId: string | null;
  from: AgentState;
  to: AgentState;
  /** What caused it: the operation (login, pause, resume, logout) or e.g. agent_deleted. */
  cause: string;
}

/** Closes the open state event, opens the next one and sets the agent's state. */
/**
 * Gives the switch's move out of RINGING nearest to `atSeconds` (within 2 s before to 10 s after)
 * another cause: the offer it ended was withdrawn, not missed (decision 0088).
 */
export async function recauseRingingExit(tx: Tx, agentId: string, atSeconds: number, from: string, to: string): Promise<void> {
  await sql`
    UPDATE agent_state_events SET cause = ${to}
    WHERE id = (SELECT id FROM agent_state_events
                WHERE agent_id = ${agentId}::uuid AND from_state = 'RINGING' AND to_state <> 'IN_CALL'
                  AND started_at BETWEEN to_timestamp(${atSeconds}::float8) - interval '2 seconds'
                                     AND to_timestamp(${atSeconds}::float8) + interval '10 seconds'
                ORDER BY abs(extract(epoch FROM started_at)::float8 - ${atSeconds}::float8) LIMIT 1)
      AND cause = ${from}`.execute(tx);
}

export async function recordTransition(tx: Tx, transition: Transition): Promise<void> {
  const { tenantId, agentId, sessionId, from, to, cause } = transition;
  await tx
    .updateTable('agentStateEvents')
    .set({ endedAt: now() })
    .where('agentId', '=', agentId)
    .where('endedAt', 'is', null)
    .execute();
  await tx
    .insertInto('agentStateEvents')
    .values({
      tenantId,
      agentId,
      sessionId,
      fromState: from,
      toState: to,
      cause,
      startedAt: now(),
      endedAt: null,
    })
    .execute();
  await tx
    .updateTable('agents')
    .set({ state: to, stateChangedAt: now() })
    .where('id', '=', agentId)
    .execute();
}

export async function isEnabledPauseReason(tx: Tx, id: string): Promise<boolean> {
  const row = await tx
    .selectFrom('pauseReasons')
    .select('id')
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the switch needs to reach the agent: the extension's number in the tenant's domain. */
export const agentReach = (tx: Tx, agentId: string) =>
  tx
    .selectFrom('agents as a')
    .innerJoin('extensions as e', 'e.id', 'a.extensionId')
    .innerJoin('tenants as t', 't.id', 'a.tenantId')
    .select(['e.number', 'e.deletedAt as extensionDeletedAt', 't.telephonyDomain as domain'])
    .where('a.id', '=', agentId)
    .executeTakeFirstOrThrow();

/** The agent's tiers in queues that still exist, for the re-synchronisation at login. */
export const tiersOfAgent = (tx: Tx, agentId: string): Promise<TierPlacement[]> =>
  tx
    .selectFrom('queueTiers as qt')
    .innerJoin('queues as q', 'q.id', 'qt.queueId')
    .select(['qt.queueId', 'qt.level', 'qt.position'])
    .where('qt.agentId', '=', agentId)
    .where('q.deletedAt', 'is', null)
    .orderBy('qt.level')
    .orderBy('qt.position')
    .execute();

/** The live queues an agent serves, by tier level then position (the order the switch offers calls). */
export const listQueuesOfAgent = (tx: Tx, agentId: string) =>
  tx
    .selectFrom('queueTiers as qt')
    .innerJoin('queues as q', 'q.id', 'qt.queueId')
    .select(['q.id', 'q.name', 'q.strategy', 'qt.level', 'qt.position'])
    .where('qt.agentId', '=', agentId)
    .where('q.deletedAt', 'is', null)
    .orderBy('qt.level')
    .orderBy('qt.position')
    .orderBy('q.name')
    .execute();
