import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { PlansTable } from '../../platform/db/schema.ts';
import type { Plan, PlanCreateBody, PlanPatchBody } from './plans.schema.ts';

export function toPlan(row: Selectable<PlansTable>): Plan {
  return {
    id: row.id,
    name: row.name,
    max_extensions: row.maxExtensions,
    max_agents: row.maxAgents,
    max_trunks: row.maxTrunks,
    max_queues: row.maxQueues,
    max_campaigns: row.maxCampaigns,
    max_cps: row.maxCps,
    max_concurrent_calls: row.maxConcurrentCalls,
    maxMonthlyCalls: row.maxMonthlyCalls,
    max_leads: row.maxLeads,
    maxRecordingStorageGb: row.maxRecordingStorageGb === null ? null : Number(row.maxRecordingStorageGb),
    recordingRetentionDays: row.recordingRetentionDays,
    aiEnabled: row.aiEnabled,
  };
}

function toColumns(body: PlanPatchBody): Updateable<PlansTable> {
  const columns: Updateable<PlansTable> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.max_extensions !== undefined) columns.maxExtensions = body.max_extensions;
  if (body.max_agents !== undefined) columns.maxAgents = body.max_agents;
  if (body.max_trunks !== undefined) columns.maxTrunks = body.max_trunks;
  if (body.max_queues !== undefined) columns.maxQueues = body.max_queues;
  if (body.max_campaigns !== undefined) columns.maxCampaigns = body.max_campaigns;
  if (body.max_cps !== undefined) columns.maxCps = body.max_cps;
  if (body.max_concurrent_calls !== undefined) columns.maxConcurrentCalls = body.max_concurrent_calls;
  if (body.maxMonthlyCalls !== undefined) columns.maxMonthlyCalls = body.maxMonthlyCalls;
  if (body.max_leads !== undefined) columns.maxLeads = body.max_leads;
  if (body.maxRecordingStorageGb !== undefined) columns.maxRecordingStorageGb = body.maxRecordingStorageGb;
  if (body.recordingRetentionDays !== undefined) columns.recordingRetentionDays = body.recordingRetentionDays;
  if (body.aiEnabled !== undefined) columns.aiEnabled = body.aiEnabled;
  return columns;
}

export const listPlans = (tx: Tx) => tx.selectFrom('plans').selectAll().orderBy('name').execute();

export const findPlan = (tx: Tx, id: string) => tx.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();

export function insertPlan(tx: Tx, id: string, body: PlanCreateBody) {
  const row: Insertable<PlansTable> = {
    maxExtensions: null,
    maxAgents: null,
    maxTrunks: null,
    maxQueues: null,
    maxCampaigns: null,
    maxCps: null,
    maxConcurrentCalls: null,
    maxMonthlyCalls: null,
    maxLeads: null,
    maxRecordingStorageGb: null,
    ...toColumns(body),
    id,
    name: body.name,
  };
  return tx.insertInto('plans').values(row).returningAll().executeTakeFirstOrThrow();
}

export const updatePlan = (tx: Tx, id: string, body: PlanPatchBody) =>
  tx.updateTable('plans').set(toColumns(body)).where('id', '=', id).returningAll().executeTakeFirst();

export const deletePlan = (tx: Tx, id: string) => tx.deleteFrom('plans').where('id', '=', id).execute();

export async function tenantsOnPlan(tx: Tx, id: string): Promise<number> {
  const row = await tx
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('planId', '=', id)
    .executeTakeFirstOrThrow();
  return row.count;
}
