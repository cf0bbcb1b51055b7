// The queue report's reads: its rollup rows summed per queue and interval, and the queues' settings.
import { sql, type Selectable } from 'kysely';
import type { ReportQueueIntervalsTable } from '../../platform/db/report-tables.ts';
import type { Tx } from '../../platform/db/database.ts';
import { intervalStart } from './report-sql.ts';
import type { ReportFilters } from './report-filters.ts';
import type { ResolvedPeriod } from './report-period.ts';

/** The sums a queue rollup row holds (its keys aside). */
export type QueueSums = Omit<Selectable<ReportQueueIntervalsTable>, 'tenantId' | 'bucket' | 'queueId' | 'agentId' | 'campaignId'>;

export interface QueueIntervalRow extends QueueSums {
  queueId: string;
  start: Date;
}

const sum = <Column extends string>(column: Column) => sql<number>`sum(${sql.ref(column)})::bigint`.as(column);

/**
 * The queue rollup summed per queue and interval. Filtered by agent it reads the fine rows (one per
 * answering agent); otherwise the coarse ones without the agent, whose count per interval does not
 * grow with the traffic (decision 0091).
 */
export async function queueIntervals(tx: Tx, period: ResolvedPeriod, filters: ReportFilters): Promise<QueueIntervalRow[]> {
  // The fine table has every column of the coarse one (and the agent): typed as the coarse one.
  const table = (filters.agentId ? 'reportQueueIntervals' : 'reportQueueCampaignIntervals') as 'reportQueueCampaignIntervals';
  let query = tx
    .selectFrom(table)
    .select([
      'queueId',
      intervalStart(sql.ref('bucket'), period).as('start'),
      sum('offered'),
      sum('answered'),
      sum('answeredInSl'),
      sum('abandoned'),
      sum('abandonedShort'),
      sum('flowedOut'),
      sum('transferredOut'),
      sum('waitAnsweredMs'),
      sum('waitAbandonedMs'),
      sql<number>`max(wait_max_ms)::bigint`.as('waitMaxMs'),
      sum('talkMs'),
      sum('wrapUps'),
      sum('wrapUpMs'),
    ])
    .where('bucket', '>=', period.from)
    .where('bucket', '<', period.to);
  if (filters.queueId) query = query.where('queueId', '=', filters.queueId);
  if (filters.agentId) query = query.where(sql.ref('agent_id'), '=', filters.agentId);
  if (filters.campaignId) query = query.where('campaignId', '=', filters.campaignId);
  // Grouped by position: the interval's expression carries parameters, which GROUP BY cannot repeat.
  return query.groupBy(sql`1, 2`).execute();
}

export interface QueueSettingsRow {
  queueId: string;
  name: string;
  serviceLevelSeconds: number;
  serviceLevelTarget: number;
  abandonRateTarget: number;
  shortAbandonSeconds: number;
  deleted: boolean;
}

/** Every queue's name and targets (deleted ones too: their history still counts). */
export async function queueSettings(tx: Tx): Promise<QueueSettingsRow[]> {
  const rows = await tx
    .selectFrom('queues')
    .select(['id as queueId', 'name', 'serviceLevelSeconds', 'serviceLevelTarget', 'abandonRateTarget', 'shortAbandonSeconds'])
    .select(sql<boolean>`deleted_at IS NOT NULL`.as('deleted'))
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ ...row, serviceLevelTarget: Number(row.serviceLevelTarget), abandonRateTarget: Number(row.abandonRateTarget) }));
}

export async function serviceLevelFormula(tx: Tx) {
  return tx.selectFrom('tenants').select(['serviceLevelFormula as formula', 'timezone']).executeTakeFirstOrThrow();
}
