// The campaign report from its rows (docs/reports.md "Campaigns"): pure.
import { average, ratio } from '@callcenter/rules/reports/metrics';
import type { CampaignMetrics, CampaignReport } from '@callcenter/rules/reports/shapes';
import type { CampaignIntervalRow, CampaignSums, DispositionRow } from './campaign-report.repo.ts';
import { startKey } from './report-sql.ts';
import type { ResolvedPeriod } from './report-period.ts';

interface CampaignTally extends CampaignSums {
  callbacksScheduled: number;
  conversions: number;
}

const emptyTally = (): CampaignTally => ({
  attempts: 0,
  answered: 0,
  connected: 0,
  busy: 0,
  noAnswer: 0,
  failed: 0,
  abandoned: 0,
  callbacksCompleted: 0,
  waitMs: 0,
  talkMs: 0,
  dialingMinutes: 0,
  dialLevelMilli: 0,
  callbacksScheduled: 0,
  conversions: 0,
});

function addAttempts(into: CampaignTally, row: CampaignSums): void {
  for (const key of Object.keys(row) as Array<keyof CampaignSums>) {
    if (key in into) into[key] += Number(row[key]);
  }
}

function addDisposition(into: CampaignTally, row: DispositionRow): void {
  if (row.action === 'CALLBACK') into.callbacksScheduled += Number(row.calls);
  if (row.action === 'SUCCESS') into.conversions += Number(row.calls);
}

const secondsOrNull = (ms: number | null) => (ms === null ? null : ms / 1000);

export function campaignMetrics(tally: CampaignTally): CampaignMetrics {
  return {
    attempts: tally.attempts,
    answered: tally.answered,
    connected: tally.connected,
    busy: tally.busy,
    noAnswer: tally.noAnswer,
    failed: tally.failed,
    abandoned: tally.abandoned,
    callbacksScheduled: tally.callbacksScheduled,
    callbacksCompleted: tally.callbacksCompleted,
    conversions: tally.conversions,
    contactRate: ratio(tally.answered, tally.attempts),
    connectRate: ratio(tally.connected, tally.attempts),
    abandonRate: ratio(tally.abandoned, tally.answered),
    conversionRate: ratio(tally.conversions, tally.connected),
    averageWaitSeconds: secondsOrNull(average(tally.waitMs, tally.connected)),
    averageTalkSeconds: secondsOrNull(average(tally.talkMs, tally.connected)),
    telephonyValue: null,
    aiValue: null,
  };
}

export interface CampaignReportRows {
  intervals: CampaignIntervalRow[];
  dispositions: DispositionRow[];
  leads: Array<{ campaignId: string; status: string; leads: number }>;
  campaigns: Array<{ campaignId: string; name: string; deleted: boolean; queueId: string; abandonTarget: number }>;
}

const LEAD_STATUSES = ['READY', 'CALLBACK', 'DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED'] as const;

export function buildCampaignReport(
  rows: CampaignReportRows,
  starts: Date[],
  period: ResolvedPeriod,
  filters: { campaignId?: string; queueId?: string },
): CampaignReport {
  const totals = emptyTally();
  const byStart = new Map(starts.map((start) => [startKey(start), emptyTally()]));
  const byCampaign = new Map<string, CampaignTally>();
  const dialerByCampaign = new Map<string, Map<string, { minutes: number; milli: number; answered: number; abandoned: number }>>();
  const tallyOf = (campaignId: string) => byCampaign.get(campaignId) ?? byCampaign.set(campaignId, emptyTally()).get(campaignId)!;
  for (const row of rows.intervals) {
    addAttempts(totals, row);
    addAttempts(tallyOf(row.campaignId), row);
    const point = byStart.get(startKey(row.start));
    if (point) addAttempts(point, row);
    const dialer = dialerByCampaign.get(row.campaignId) ?? dialerByCampaign.set(row.campaignId, new Map()).get(row.campaignId)!;
    dialer.set(startKey(row.start), {
      minutes: Number(row.dialingMinutes),
      milli: Number(row.dialLevelMilli),
      answered: Number(row.answered),
      abandoned: Number(row.abandoned),
    });
  }
  const dispositionsByCampaign = new Map<string, Map<string, CampaignReport['campaigns'][number]['dispositions'][number]>>();
  for (const row of rows.dispositions) {
    addDisposition(totals, row);
    addDisposition(tallyOf(row.campaignId), row);
    const point = byStart.get(startKey(row.start));
    if (point) addDisposition(point, row);
    const list = dispositionsByCampaign.get(row.campaignId) ?? dispositionsByCampaign.set(row.campaignId, new Map()).get(row.campaignId)!;
    const known = list.get(row.dispositionId);
    if (known) known.count += Number(row.calls);
    else list.set(row.dispositionId, { dispositionId: row.dispositionId, code: row.code, name: row.name, action: row.action, count: Number(row.calls) });
  }
  const shown = rows.campaigns.filter((campaign) =>
    filters.campaignId
      ? campaign.campaignId === filters.campaignId
      : (!filters.queueId || campaign.queueId === filters.queueId) && (byCampaign.has(campaign.campaignId) || !campaign.deleted),
  );
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), timezone: period.timezone, interval: period.interval },
    totals: campaignMetrics(totals),
    series: [...byStart].map(([start, tally]) => ({ start, metrics: campaignMetrics(tally) })),
    campaigns: shown.map((campaign) => {
      const leads = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<(typeof LEAD_STATUSES)[number], number>;
      for (const row of rows.leads) {
        if (row.campaignId === campaign.campaignId && row.status in leads) leads[row.status as keyof typeof leads] += Number(row.leads);
      }
      const dialer = dialerByCampaign.get(campaign.campaignId);
      return {
        campaignId: campaign.campaignId,
        name: campaign.name,
        abandonTarget: campaign.abandonTarget,
        leads,
        metrics: campaignMetrics(byCampaign.get(campaign.campaignId) ?? emptyTally()),
        dispositions: [...(dispositionsByCampaign.get(campaign.campaignId)?.values() ?? [])].sort((a, b) => b.count - a.count),
        dialer: starts.map((start) => {
          const point = dialer?.get(startKey(start));
          return {
            start: start.toISOString(),
            dialLevel: point && point.minutes > 0 ? point.milli / 1000 / point.minutes : null,
            abandonRate: point ? ratio(point.abandoned, point.answered) : null,
          };
        }),
      };
    }),
  };
}
