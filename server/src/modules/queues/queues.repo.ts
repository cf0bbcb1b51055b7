// Queues and their tiers under the tenant's row-level security.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { QueuesTable } from '../../platform/db/schema.ts';
import type { Queue, QueueCreateBody, QueuePatchBody, Tier } from './queues.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

const columns = [
  'id',
  'name',
  'strategy',
  'musicOnHold',
  'announceSound',
  'announceFrequency',
  'maxWaitTime',
  'tierRulesApply',
  'tierRuleWaitSecond',
  'tierRuleWaitMultiplyLevel',
  'tierRuleNoAgentNoWait',
  'discardAbandonedAfter',
  'skipAgentsWithExternalCalls',
  'recordingEnabled',
  'serviceLevelSeconds',
  'serviceLevelTarget',
  'abandonRateTarget',
  'shortAbandonSeconds',
  'createdAt',
  'updatedAt',
] as const;

export function toQueue(row: Pick<Selectable<QueuesTable>, (typeof columns)[number]>): Queue {
  return {
    ...row,
    serviceLevelTarget: Number(row.serviceLevelTarget),
    abandonRateTarget: Number(row.abandonRateTarget),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const liveQueues = (tx: Tx) => tx.selectFrom('queues').select(columns).where('deletedAt', 'is', null);

export const listQueues = (tx: Tx) => liveQueues(tx).orderBy('name').execute();

export const findQueue = (tx: Tx, id: string) => liveQueues(tx).where('id', '=', id).executeTakeFirst();

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (body: QueuePatchBody) => namedColumns(body, ['name', 'strategy', 'musicOnHold', 'announceSound', 'announceFrequency', 'maxWaitTime', 'tierRulesApply', 'tierRuleWaitSecond', 'tierRuleWaitMultiplyLevel', 'tierRuleNoAgentNoWait', 'discardAbandonedAfter', 'skipAgentsWithExternalCalls', 'recordingEnabled', 'serviceLevelSeconds', 'serviceLevelTarget', 'abandonRateTarget', 'shortAbandonSeconds']);

export const insertQueue = (tx: Tx, tenantId: string, body: QueueCreateBody) =>
  tx
    .insertInto('queues')
    .values({ ...(toColumns(body) as Omit<Insertable<QueuesTable>, 'tenantId' | 'name'>), tenantId, name: body.name })
    .returning(columns)
    .executeTakeFirstOrThrow();

export const updateQueue = (tx: Tx, id: string, body: QueuePatchBody) =>
  tx.updateTable('queues').set(toColumns(body)).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();

export const softDeleteQueue = (tx: Tx, id: string) =>
  tx
    .updateTable('queues')
    .set({ deletedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

// --- tiers ---

const tierView = (tx: Tx) =>
  tx
    .selectFrom('queueTiers as qt')
    .innerJoin('agents as a', 'a.id', 'qt.agentId')
    .innerJoin('extensions as e', 'e.id', 'a.extensionId')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .select([
      'qt.queueId',
      'qt.agentId',
      'qt.level',
      'qt.position',
      'qt.createdAt',
      'a.name',
      'a.state',
      'a.userId',
      'u.email as userEmail',
      'e.number as extensionNumber',
    ])
    .where('a.deletedAt', 'is', null);

type TierRow = Awaited<ReturnType<ReturnType<typeof tierView>['executeTakeFirstOrThrow']>>;

export function toTier(row: TierRow): Tier {
  return {
    queueId: row.queueId,
    agentId: row.agentId,
    level: row.level,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    agent: {
      id: row.agentId,
      name: row.name,
      state: row.state,
      userId: row.userId,
      userEmail: row.userEmail ?? null,
      extensionNumber: row.extensionNumber,
    },
  };
}

export const listTiers = (tx: Tx, queueId: string) =>
  tierView(tx)
    .where('qt.queueId', '=', queueId)
    .orderBy('qt.level')
    .orderBy('qt.position')
    .orderBy('e.number')
    .execute();

export const findTier = (tx: Tx, queueId: string, agentId: string) =>
  tierView(tx).where('qt.queueId', '=', queueId).where('qt.agentId', '=', agentId).executeTakeFirst();

/** Share-locks the agent so a concurrent delete cannot leave a tier on a deleted agent. */
export async function isLiveAgent(tx: Tx, agentId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('agents')
    .select('id')
    .where('id', '=', agentId)
    .where('deletedAt', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the tier, or changes only the level and position given; tells which it did. */
export async function upsertTier(
  tx: Tx,
  values: { tenantId: string; queueId: string; agentId: string; level?: number; position?: number },
): Promise<{ created: boolean }> {
  const { tenantId, queueId, agentId, level, position } = values;
  const row = await tx
    .insertInto('queueTiers')
    .values({ tenantId, queueId, agentId, level, position })
    .onConflict((oc) =>
      oc.columns(['queueId', 'agentId']).doUpdateSet((eb) => ({
        level: level ?? eb.ref('queueTiers.level'),
        position: position ?? eb.ref('queueTiers.position'),
      })),
    )
    // xmax is 0 only for a freshly inserted row: the one honest way to tell insert from update.
    .returning(sql<boolean>`(xmax = 0)`.as('created'))
    .executeTakeFirstOrThrow();
  return { created: row.created };
}

export async function deleteTier(tx: Tx, queueId: string, agentId: string): Promise<boolean> {
  const rows = await tx
    .deleteFrom('queueTiers')
    .where('queueId', '=', queueId)
    .where('agentId', '=', agentId)
    .returning('agentId')
    .execute();
  return rows.length > 0;
}

/** A deleted queue keeps no tiers; returns the agents it had. */
export async function deleteTiersOfQueue(tx: Tx, queueId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('queueTiers')
    .where('queueId', '=', queueId)
    .returning('agentId')
    .execute();
  return rows.map((row) => row.agentId);
}
