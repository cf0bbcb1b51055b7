// Pure: the campaign report's table and charts from GET /reports/campaigns.
import type { CampaignMetrics, CampaignReport } from '@callcenter/rules/reports/shapes';
import { OKABE_ITO, seriesStyle, type ChartSpec } from './chart-model.ts';
import type { Column } from './report-table.ts';

type LeadCounts = CampaignReport['campaigns'][number]['leads'];

export interface CampaignRow {
  name: string;
  /** The leads as they stand now, whatever the period. */
  leads: number;
  dispositions: number;
  metrics: CampaignMetrics;
}

const metric = (key: keyof CampaignMetrics) => (row: CampaignRow) => row.metrics[key];

export const CAMPAIGN_COLUMNS: readonly Column<CampaignRow>[] = [
  { key: 'name', label: 'reports.columns.campaign', kind: 'text', value: (row) => row.name },
  { key: 'leads', label: 'reports.columns.leads', kind: 'count', value: (row) => row.leads },
  { key: 'attempts', label: 'reports.columns.attempts', kind: 'count', value: metric('attempts') },
  { key: 'answered', label: 'reports.columns.answered', kind: 'count', value: metric('answered') },
  { key: 'connected', label: 'reports.columns.connected', kind: 'count', value: metric('connected') },
  { key: 'busy', label: 'reports.columns.busy', kind: 'count', value: metric('busy') },
  { key: 'noAnswer', label: 'reports.columns.noAnswer', kind: 'count', value: metric('noAnswer') },
  { key: 'failed', label: 'reports.columns.failed', kind: 'count', value: metric('failed') },
  { key: 'abandoned', label: 'reports.columns.abandoned', kind: 'count', value: metric('abandoned') },
  { key: 'dispositions', label: 'reports.columns.dispositions', kind: 'count', value: (row) => row.dispositions },
  { key: 'callbacksScheduled', label: 'reports.columns.callbacksScheduled', kind: 'count', value: metric('callbacksScheduled') },
  { key: 'callbacksCompleted', label: 'reports.columns.callbacksCompleted', kind: 'count', value: metric('callbacksCompleted') },
  { key: 'conversions', label: 'reports.columns.conversions', kind: 'count', value: metric('conversions') },
  { key: 'contactRate', label: 'reports.columns.contactRate', kind: 'share', value: metric('contactRate') },
  { key: 'connectRate', label: 'reports.columns.connectRate', kind: 'share', value: metric('connectRate') },
  { key: 'abandonRate', label: 'reports.columns.abandonRate', kind: 'share', value: metric('abandonRate') },
  { key: 'conversionRate', label: 'reports.columns.conversionRate', kind: 'share', value: metric('conversionRate') },
  { key: 'averageWait', label: 'reports.columns.averageWait', kind: 'seconds', value: metric('averageWaitSeconds') },
  { key: 'averageTalk', label: 'reports.columns.averageTalk', kind: 'seconds', value: metric('averageTalkSeconds') },
];

export const leadTotal = (leads: LeadCounts): number => Object.values(leads).reduce((sum, count) => sum + count, 0);

export function campaignRows(report: CampaignReport): CampaignRow[] {
  return report.campaigns.map((campaign) => ({
    name: campaign.name,
    leads: leadTotal(campaign.leads),
    dispositions: campaign.dispositions.reduce((sum, disposition) => sum + disposition.count, 0),
    metrics: campaign.metrics,
  }));
}

/** The totals row: the period's totals, with the leads and dispositions of every campaign shown added up. */
export function campaignTotals(report: CampaignReport, label: string): CampaignRow {
  const rows = campaignRows(report);
  return {
    name: label,
    leads: rows.reduce((sum, row) => sum + row.leads, 0),
    dispositions: rows.reduce((sum, row) => sum + row.dispositions, 0),
    metrics: report.totals,
  };
}

export const FUNNEL_STEPS = ['leads', 'attempts', 'answered', 'connected', 'dispositions'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * Leads → attempts → answered → agent connected → dispositions, over every campaign shown. The axis
 * names each step shortly (`shortLabel`), the data table in full (`stepLabel`).
 */
export function campaignFunnelChart(
  totals: CampaignRow,
  stepLabel: (step: FunnelStep) => string,
  seriesLabel: string,
  shortLabel: (step: FunnelStep) => string = stepLabel,
): ChartSpec {
  const value: Record<FunnelStep, number> = {
    leads: totals.leads,
    attempts: totals.metrics.attempts,
    answered: totals.metrics.answered,
    connected: totals.metrics.connected,
    dispositions: totals.dispositions,
  };
  return {
    labels: FUNNEL_STEPS.map(stepLabel),
    axisLabels: FUNNEL_STEPS.map(shortLabel),
    valueKind: 'count',
    series: [{ label: seriesLabel, color: OKABE_ITO.blue, kind: 'bar', values: FUNNEL_STEPS.map((step) => value[step]) }],
  };
}

/** Every interval start any campaign's dialer reported, in order. */
export function dialerStarts(report: CampaignReport): string[] {
  const starts = new Set<string>();
  for (const campaign of report.campaigns) for (const point of campaign.dialer) starts.add(point.start);
  return [...starts].sort((a, b) => Date.parse(a) - Date.parse(b));
}

/** One line per campaign that dialed: its dial level or its abandon rate per interval (a gap where it did not dial). */
export function campaignDialerChart(
  report: CampaignReport,
  starts: readonly string[],
  bucketLabels: string[],
  field: 'dialLevel' | 'abandonRate',
): ChartSpec {
  const dialed = report.campaigns.filter((campaign) => campaign.dialer.some((point) => point[field] !== null));
  return {
    labels: bucketLabels,
    valueKind: field === 'dialLevel' ? 'decimal' : 'share',
    series: dialed.map((campaign, index) => {
      const byStart = new Map(campaign.dialer.map((point) => [point.start, point[field]]));
      return { label: campaign.name, ...seriesStyle(index), kind: 'line' as const, values: starts.map((start) => byStart.get(start) ?? null) };
    }),
  };
}
