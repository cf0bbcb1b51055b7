// The campaign report's reads: attempts and the dialer's minutes per campaign and interval,
// dispositions, and the leads as they stand.
import { sql, type Selectable } from 'kysely';
import type { ReportCampaignIntervalsTable } from '../../platform/db/report-tables.ts';
import type { Tx } from '../../platform/db/database.ts';
import { intervalStart } from './report-sql.ts';
import type { ReportFilters } from './report-filters.ts';
import { inWholeHours, type ResolvedPeriod } from './report-period.ts';

/** The sums a campaign rollup row holds (its keys aside). */
export type CampaignSums = Omit<Selectable<ReportCampaignIntervalsTable>, 'tenantId' | 'bucket' | 'campaignId'>;

export interface CampaignIntervalRow extends CampaignSums {
  campaignId: string;
  start: Date;
}

const sum = <Column extends string>(column: Column) => sql<number>`sum(${sql.ref(column)})::bigint`.as(column);

/** The campaigns a filter keeps: one, or those of a queue. */
function campaignScope(filters: ReportFilters) {
  return sql`${filters.campaignId ? sql`AND campaign_id = ${filters.campaignId}::uuid` : sql``}
    ${filters.queueId ? sql`AND campaign_id IN (SELECT id FROM campaigns WHERE queue_id = ${filters.queueId}::uuid)` : sql``}`;
}

export async function campaignIntervals(tx: Tx, period: ResolvedPeriod, filters: ReportFilters): Promise<CampaignIntervalRow[]> {
  return tx
    .selectFrom('reportCampaignIntervals')
    .select([
      'campaignId',
      intervalStart(sql.ref('bucket'), period).as('start'),
      sum('attempts'),
      sum('answered'),
      sum('connected'),
      sum('busy'),
      sum('noAnswer'),
      sum('failed'),
      sum('abandoned'),
      sum('callbacksCompleted'),
      sum('waitMs'),
      sum('talkMs'),
      sum('dialingMinutes'),
      sum('dialLevelMilli'),
    ])
    .where('bucket', '>=', period.from)
    .where('bucket', '<', period.to)
    .where(sql<boolean>`true ${campaignScope(filters)}`)
    .groupBy(sql`1, 2`)
    .execute();
}

export interface DispositionRow {
  campaignId: string;
  start: Date;
  dispositionId: string;
  code: string;
  name: string;
  action: string;
  calls: number;
}

/**
 * Dispositions of the campaigns' calls, by the interval the call began in. Filtered by agent it reads
 * the fine rows (per queue and agent); otherwise the coarse ones per campaign, by the hour when every
 * interval is made of whole hours (decision 0091).
 */
export async function campaignDispositions(tx: Tx, period: ResolvedPeriod, filters: ReportFilters): Promise<DispositionRow[]> {
  const rollup = filters.agentId
    ? sql`(SELECT bucket, campaign_id, disposition_id, calls FROM report_disposition_intervals
        WHERE campaign_id IS NOT NULL AND agent_id = ${filters.agentId}::uuid)`
    : inWholeHours(period)
      ? sql`(SELECT hour AS bucket, campaign_id, disposition_id, calls FROM report_campaign_disposition_hours)`
      : sql`report_campaign_disposition_intervals`;
  // Summed first, named after: the join then meets a few hundred rows, not every rollup row.
  const { rows } = await sql<DispositionRow>`
    SELECT r."campaignId", r.start, r."dispositionId", d.code, d.name, d.action, r.calls
    FROM (
      SELECT campaign_id AS "campaignId", ${intervalStart(sql.ref('bucket'), period)} AS start, disposition_id AS "dispositionId",
        sum(calls)::bigint AS calls
      FROM ${rollup} r
      WHERE bucket >= ${period.from} AND bucket < ${period.to} ${campaignScope(filters)}
      GROUP BY 1, 2, 3
    ) r JOIN dispositions d ON d.id = r."dispositionId"`.execute(tx);
  return rows;
}

export async function leadCounts(tx: Tx, filters: ReportFilters) {
  const { rows } = await sql<{ campaignId: string; status: string; leads: number }>`
    SELECT campaign_id AS "campaignId", status, leads FROM report_lead_counts WHERE leads <> 0 ${campaignScope(filters)}`.execute(tx);
  return rows;
}

/** Every campaign's name, queue and abandon target (deleted ones too: their history still counts). */
export async function campaignNames(tx: Tx) {
  const rows = await tx
    .selectFrom('campaigns')
    .select(['id as campaignId', 'name', sql<boolean>`deleted_at IS NOT NULL`.as('deleted'), 'queueId', 'abandonTarget'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ ...row, abandonTarget: Number(row.abandonTarget) }));
}
