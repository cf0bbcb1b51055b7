// Plan quotas, checked when a tenant creates something that counts against its plan.
import { E } from '../http/error-codes.ts';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { forbidden } from '../http/errors.ts';

export type QuotaKind = 'extensions' | 'agents' | 'trunks' | 'queues' | 'campaigns';

const LIMIT = {
  extensions: 'maxExtensions',
  agents: 'maxAgents',
  trunks: 'maxTrunks',
  queues: 'maxQueues',
  campaigns: 'maxCampaigns',
} as const satisfies Record<QuotaKind, string>;

/** Pure: whether one more would go over the limit (null means no limit). */
export function wouldExceed(limit: number | null, current: number): boolean {
  return limit !== null && current + 1 > limit;
}

/**
 * Refuses (403 QUOTA_EXCEEDED) when the tenant's plan allows no more of `kind`. Locks the tenant
 * row first so two concurrent creations cannot both pass the count.
 */
export async function assertQuota(tx: Tx, kind: QuotaKind): Promise<void> {
  const plan = await tx
    .selectFrom('tenants as t')
    .innerJoin('plans as p', 'p.id', 't.planId')
    .select(['p.maxExtensions', 'p.maxAgents', 'p.maxTrunks', 'p.maxQueues', 'p.maxCampaigns'])
    .forNoKeyUpdate('t')
    .executeTakeFirstOrThrow();
  const limit = plan[LIMIT[kind]];
  if (limit === null) return;
  const { count } = await tx
    .selectFrom(kind)
    .select(sql<number>`count(*)::int`.as('count'))
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (wouldExceed(limit, count)) {
    throw forbidden(`Your plan allows ${limit} ${kind}; remove one or change the plan`, E.QUOTA_EXCEEDED, { limit, kind });
  }
}

/**
 * The plan's lead quota (decision 0078), for a write of leads in this transaction: null without
 * one. With one, the tenant row is locked until the transaction ends, so parallel imports of the
 * tenant count and write one after the other and cannot both pass the count.
 */
export async function lockLeadQuota(tx: Tx): Promise<number | null> {
  const { maxLeads } = await tx
    .selectFrom('tenants as t')
    .innerJoin('plans as p', 'p.id', 't.planId')
    .select('p.maxLeads')
    .executeTakeFirstOrThrow();
  if (maxLeads === null) return null;
  await tx.selectFrom('tenants').select('id').forNoKeyUpdate().execute();
  return maxLeads;
}

/** Refuses (403 LEAD_QUOTA_EXCEEDED) when the tenant keeps more leads than its plan allows. */
export async function assertLeadQuota(tx: Tx, limit: number | null): Promise<void> {
  if (limit === null) return;
  const { count } = await tx.selectFrom('leads').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  if (count > limit) {
    throw forbidden(`Your plan allows ${limit} leads; this file would go over it, so nothing of it was imported`, E.LEAD_QUOTA_EXCEEDED, { limit });
  }
}
