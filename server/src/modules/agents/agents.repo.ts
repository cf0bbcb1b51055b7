// Agents under the tenant's row-level security: every query here sees only the token's tenant.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import type { Agent } from './agents.schema.ts';

// The agent as the API shows it: its user (null once they left the tenant), its extension number
// and the reason of the pause in progress.
const agentView = (tx: Tx) =>
  tx
    .selectFrom('agents as a')
    .innerJoin('extensions as e', 'e.id', 'a.extensionId')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('agentPauseEvents as p', (join) =>
      join.onRef('p.agentId', '=', 'a.id').on('p.endedAt', 'is', null),
    )
    .leftJoin('pauseReasons as r', 'r.id', 'p.pauseReasonId')
    .select([
      'a.id',
      'a.userId',
      'u.email as userEmail',
      'u.name as userName',
      'a.extensionId',
      'e.number as extensionNumber',
      sql<boolean>`e.registered_at IS NOT NULL`.as('phoneRegistered'),
      'a.name',
      'a.state',
      'a.stateChangedAt',
      'p.pauseReasonId',
      'r.name as pauseReasonName',
      'a.wrapUpSeconds',
      'a.maxNoAnswer',
      'a.rejectDelaySeconds',
      'a.busyDelaySeconds',
      'a.noAnswerDelaySeconds',
      'a.createdAt',
      'a.updatedAt',
    ])
    .where('a.deletedAt', 'is', null);

type AgentRow = Awaited<ReturnType<ReturnType<typeof agentView>['executeTakeFirstOrThrow']>>;

export function toAgent(row: AgentRow): Agent {
  return {
    ...row,
    userEmail: row.userEmail ?? null,
    userName: row.userName ?? null,
    pauseReasonId: row.pauseReasonId ?? null,
    pauseReasonName: row.pauseReasonName ?? null,
    stateChangedAt: row.stateChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const listAgents = (tx: Tx) => agentView(tx).orderBy('e.number').execute();

export const findAgent = (tx: Tx, id: string) => agentView(tx).where('a.id', '=', id).executeTakeFirst();

export const findAgentOfUser = (tx: Tx, userId: string) =>
  agentView(tx).where('a.userId', '=', userId).executeTakeFirst();

/** The fields a state change needs, row locked: concurrent logins or deletes wait here. */
export interface LockedAgent {
  id: string;
  userId: string;
  extensionId: string;
  state: AgentState;
}

const lockable = (tx: Tx) =>
  tx
    .selectFrom('agents')
    .select(['id', 'userId', 'extensionId', 'state'])
    .where('deletedAt', 'is', null)
    .forUpdate();

export const lockAgent = (tx: Tx, id: string): Promise<LockedAgent | undefined> =>
  lockable(tx).where('id', '=', id).executeTakeFirst();

export const lockAgentOfUser = (tx: Tx, userId: string): Promise<LockedAgent | undefined> =>
  lockable(tx).where('userId', '=', userId).executeTakeFirst();

export async function isTenantMember(tx: Tx, userId: string): Promise<boolean> {
  return (
    (await tx
      .selectFrom('tenantMemberships')
      .select('userId')
      .where('userId', '=', userId)
      .executeTakeFirst()) !== undefined
  );
}

export async function isUsableExtension(tx: Tx, extensionId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('extensions')
    .select('id')
    .where('id', '=', extensionId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Members who may still become an agent: active, and never an agent here (the unique key counts
 * deleted agents too). Row-level security narrows memberships and agents to the tenant.
 */
export const listAssignableUsers = (tx: Tx) =>
  tx
    .selectFrom('tenantMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .leftJoin('agents as a', 'a.userId', 'm.userId')
    .where('a.id', 'is', null)
    .where('u.status', '=', 'ACTIVE')
    .select(['u.id', 'u.email', 'u.name', 'm.role'])
    .orderBy('u.email')
    .execute();

// Both unique keys count soft-deleted agents too.
export async function userHasAgent(tx: Tx, userId: string): Promise<boolean> {
  return (
    (await tx.selectFrom('agents').select('id').where('userId', '=', userId).executeTakeFirst()) !== undefined
  );
}

export async function extensionServesAgent(tx: Tx, extensionId: string): Promise<boolean> {
  return (
    (await tx.selectFrom('agents').select('id').where('extensionId', '=', extensionId).executeTakeFirst()) !==
    undefined
  );
}

/** The agent's mod_callcenter settings as columns (each optional: absent keeps the default or the value). */
export interface AgentSwitchSettingsValues {
  wrapUpSeconds?: number;
  maxNoAnswer?: number;
  rejectDelaySeconds?: number;
  busyDelaySeconds?: number;
  noAnswerDelaySeconds?: number;
}

export const insertAgent = (
  tx: Tx,
  values: {
    tenantId: string;
    userId: string;
    extensionId: string;
    name: string | null;
  } & AgentSwitchSettingsValues,
) => tx.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();

export const updateAgent = (
  tx: Tx,
  id: string,
  values: { extensionId?: string; name?: string | null } & AgentSwitchSettingsValues,
) => tx.updateTable('agents').set(values).where('id', '=', id).execute();

export const softDeleteAgent = (tx: Tx, id: string) =>
  tx
    .updateTable('agents')
    .set({ deletedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/** Tiers are links, not records: they go with the agent. Returns the queues it served. */
export async function deleteTiersOfAgent(tx: Tx, agentId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('queueTiers')
    .where('agentId', '=', agentId)
    .returning('queueId')
    .execute();
  return rows.map((row) => row.queueId);
}
