// Campaigns under the tenant's row-level security.
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { AgentState, CampaignsTable, CampaignSchedule, CampaignStatus, LeadStatus } from '../../platform/db/schema.ts';
import { AGENT_STATES } from '../agents/agent-state.ts';
import { namedColumns } from '../../platform/db/columns.ts';
import { availableOperations } from './campaign-state.ts';
import { STATE_POLICY_IDS, type Campaign, type CampaignCreateBody, type CampaignPatchBody } from './campaigns.schema.ts';
import type { StatePolicyId } from '../dialer/calling-hours.ts';
import { retryMinutesOf } from './dialer-settings.ts';

const columns = [
  'id',
  'name',
  'queueId',
  'trunkId',
  'pacingMin',
  'pacingMax',
  'recordingEnabled',
  'timezone',
  'callerId',
  'maxAttempts',
  'schedule',
  'cpsLimit',
  'abandonTarget',
  'abandonAfterSeconds',
  'callingPolicies',
  'abandonMessageObjectKey',
  'abandonMessageSizeBytes',
  'status',
  'statusChangedAt',
  'createdAt',
  'updatedAt',
] as const;
/**
 * retry_minutes as text: the CamelCasePlugin rewrites the keys of JSON it reads (NO_ANSWER would
 * come back NOANSWER), so the object is parsed here, with its own keys.
 */
const retryMinutesText = sql<string>`retry_minutes::text`.as('retryMinutesText');
const selection = [...columns, retryMinutesText] as const;
type CampaignRow = Pick<Selectable<CampaignsTable>, (typeof columns)[number]> & { retryMinutesText: string };

export function toCampaign({ retryMinutesText: retry, abandonMessageObjectKey, ...row }: CampaignRow): Campaign {
  return {
    ...row,
    hasAbandonMessage: abandonMessageObjectKey !== null,
    retryMinutes: retryMinutesOf(retry),
    // A policy id the code no longer knows (one withdrawn later) is not shown as if it applied.
    callingPolicies: row.callingPolicies.filter((id): id is StatePolicyId => (STATE_POLICY_IDS as string[]).includes(id)),
    operations: availableOperations(row.status),
    statusChangedAt: row.statusChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const liveCampaigns = (tx: Tx) => tx.selectFrom('campaigns').select(selection).where('deletedAt', 'is', null);

export const listCampaigns = (tx: Tx) => liveCampaigns(tx).orderBy('createdAt', 'desc').orderBy('id').execute();

export const findCampaign = (tx: Tx, id: string) => liveCampaigns(tx).where('id', '=', id).executeTakeFirst();

/** The campaign, row locked: operations and edits on one campaign wait for each other. */
export const lockCampaign = (tx: Tx, id: string) => liveCampaigns(tx).where('id', '=', id).forUpdate().executeTakeFirst();

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
function toColumns(body: CampaignPatchBody) {
  const { schedule, retryMinutes, callingPolicies, ...rest } = namedColumns(body, [
    'name', 'queueId', 'trunkId', 'pacingMin', 'pacingMax', 'recordingEnabled', 'timezone', 'callerId', 'maxAttempts', 'schedule',
    'cpsLimit', 'abandonTarget', 'abandonAfterSeconds', 'retryMinutes', 'callingPolicies',
  ]);
  return {
    ...rest,
    ...(schedule !== undefined ? { schedule: JSON.stringify(schedule) } : {}),
    ...(retryMinutes !== undefined ? { retryMinutes: JSON.stringify(retryMinutes) } : {}),
    // Stored in the table's order, so the same choice reads back the same whatever order was sent.
    ...(callingPolicies !== undefined ? { callingPolicies: STATE_POLICY_IDS.filter((id) => callingPolicies.includes(id)) } : {}),
  };
}

export const insertCampaign = (tx: Tx, tenantId: string, body: CampaignCreateBody & { schedule: CampaignSchedule }) =>
  tx
    .insertInto('campaigns')
    .values({ ...toColumns(body), tenantId, name: body.name, queueId: body.queueId, trunkId: body.trunkId, pacingMin: body.pacingMin, pacingMax: body.pacingMax })
    .returning(selection)
    .executeTakeFirstOrThrow();

export const updateCampaign = (tx: Tx, id: string, body: CampaignPatchBody) =>
  tx.updateTable('campaigns').set(toColumns(body)).where('id', '=', id).returning(selection).executeTakeFirstOrThrow();

export const setStatus = (tx: Tx, id: string, status: CampaignStatus) =>
  tx.updateTable('campaigns').set({ status, statusChangedAt: sql<Date>`now()` }).where('id', '=', id).returning(selection).executeTakeFirstOrThrow();

/** Its abandon message goes with it: the caller deletes the stored object after the commit. */
export const softDeleteCampaign = (tx: Tx, id: string) =>
  tx.updateTable('campaigns').set({ deletedAt: sql<Date>`now()`, abandonMessageObjectKey: null, abandonMessageSizeBytes: null }).where('id', '=', id).execute();

/** Points the campaign at its abandon message (or at none, with nulls). */
export const setAbandonMessage = (tx: Tx, id: string, message: { key: string; sizeBytes: number } | null) =>
  tx
    .updateTable('campaigns')
    .set({ abandonMessageObjectKey: message?.key ?? null, abandonMessageSizeBytes: message?.sizeBytes ?? null })
    .where('id', '=', id)
    .returning(selection)
    .executeTakeFirstOrThrow();

/** The names of the live campaigns that dial through this queue or trunk. */
export const campaignsUsing = async (tx: Tx, column: 'queueId' | 'trunkId', id: string): Promise<string[]> =>
  (await tx.selectFrom('campaigns').select('name').where(column, '=', id).where('deletedAt', 'is', null).orderBy('name').execute()).map((row) => row.name);


/** Every lead status and agent state at 0: the stats name each one even when none is there. */
const NO_LEADS: Record<LeadStatus, number> = { READY: 0, CALLBACK: 0, DO_NOT_CALL: 0, COMPLETED: 0, EXHAUSTED: 0 };
const noAgents = () => Object.fromEntries(AGENT_STATES.map((state) => [state, 0])) as Record<AgentState, number>;

/** The lead, agent and call counts of GET /campaigns/:id/stats for a campaign known to exist (decision 0043). */
export async function campaignCounts(tx: Tx, campaign: { id: string; queueId: string }) {
  const [leadRows, agentRows, calls] = await Promise.all([
    tx.selectFrom('leads').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('campaignId', '=', campaign.id).groupBy('status').execute(),
    tx
      .selectFrom('queueTiers as t')
      .innerJoin('agents as a', 'a.id', 't.agentId')
      .select(['a.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.queueId', '=', campaign.queueId)
      .where('a.deletedAt', 'is', null)
      .groupBy('a.state')
      .execute(),
    tx
      .selectFrom('calls')
      .select(sql<number>`count(*) FILTER (WHERE ended_at IS NULL)`.as('inProgress'))
      .where('campaignId', '=', campaign.id)
      .executeTakeFirstOrThrow(),
  ]);
  const leads = { ...NO_LEADS };
  for (const row of leadRows) leads[row.status] = Number(row.n);
  const agents = noAgents();
  for (const row of agentRows) agents[row.state] = Number(row.n);
  return { leads, agents, callsInProgress: Number(calls.inProgress) };
}
