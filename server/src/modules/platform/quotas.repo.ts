// Usage against plan limits for every tenant, in one statement on the privileged path.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

type Counted = 'extensions' | 'agents' | 'trunks' | 'queues' | 'campaigns';

/** Live (not soft-deleted) rows of one tenant-scoped table, correlated to the outer tenant row. */
const liveCount = (eb: ExpressionBuilder<Database & { t: Database['tenants'] }, 't'>, table: Counted) =>
  eb
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('count'))
    .whereRef(`${table}.tenantId`, '=', 't.id')
    .where(`${table}.deletedAt`, 'is', null);

export const listTenantUsage = (tx: Tx) =>
  tx
    .selectFrom('tenants as t')
    .innerJoin('plans as p', 'p.id', 't.planId')
    .select((eb) => [
      't.id as tenantId',
      't.code as tenantCode',
      't.name as tenantName',
      't.status',
      'p.id as planId',
      'p.name as planName',
      'p.maxExtensions',
      'p.maxAgents',
      'p.maxTrunks',
      'p.maxQueues',
      'p.maxCampaigns',
      'p.maxMonthlyCalls',
      'p.maxLeads',
      'p.maxRecordingStorageGb',
      liveCount(eb, 'extensions').as('extensions'),
      liveCount(eb, 'agents').as('agents'),
      liveCount(eb, 'trunks').as('trunks'),
      liveCount(eb, 'queues').as('queues'),
      liveCount(eb, 'campaigns').as('campaigns'),
      // Every lead the tenant keeps, over all its campaigns: what the plan's lead quota counts.
      eb.selectFrom('leads').select(sql<number>`count(*)::int`.as('count')).whereRef('leads.tenantId', '=', 't.id').as('leads'),
      // Calls begun in the current calendar month of the tenant's own time zone (the plan's month).
      eb
        .selectFrom('calls')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('calls.tenantId', '=', 't.id')
        .where(
          sql<boolean>`calls.created_at >= date_trunc('month', now() AT TIME ZONE t.timezone) AT TIME ZONE t.timezone`,
        )
        .as('monthlyCalls'),
      // Bytes of the recordings kept in storage: what the plan's storage limit counts.
      eb
        .selectFrom('recordings')
        .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('bytes'))
        .whereRef('recordings.tenantId', '=', 't.id')
        .where('recordings.status', '=', 'AVAILABLE')
        .as('recordingBytes'),
    ])
    .orderBy('t.name')
    .orderBy('t.code')
    .execute();

export type TenantUsageRow = Awaited<ReturnType<typeof listTenantUsage>>[number];
