// Pure: the row of headline tiles each report opens with, from the same totals as the table's last
// row. Every value is rounded as the table rounds it (exportValue), so a tile and its table cell read
// the same, and a target is judged on the value shown: 80.0 % shown never reads "below 80.0 %".
import type { AgentReport, CampaignReport, QueueReport } from '@callcenter/rules/reports/shapes';
import { sharedTarget } from '@callcenter/rules/reports/metrics';
import { exportValue, type CellValue, type ValueKind } from './report-format.ts';

/** Whether a target is a floor (service level) or a ceiling (abandon rate). */
export type TargetSense = 'atLeast' | 'atMost';

export interface SummaryTile {
  id: string;
  /** i18n key of the label: the table column's, so a tile names what its column names. */
  label: string;
  kind: ValueKind;
  value: CellValue;
  target?: { value: number; sense: TargetSense; met: boolean | null };
}

const tile = (id: string, label: string, kind: ValueKind, raw: number | null): SummaryTile => ({
  id,
  label: `reports.columns.${label}`,
  kind,
  value: exportValue(kind, raw),
});

/** Met, missed, or null when there is nothing to judge (a rate of no calls). */
export function meetsTarget(value: CellValue, target: number, sense: TargetSense): boolean | null {
  if (typeof value !== 'number') return null;
  const shownTarget = exportValue('share', target) as number;
  return sense === 'atLeast' ? value >= shownTarget : value <= shownTarget;
}

/** A share tile judged against a target; no target (queues that do not share one) adds nothing. */
function withTarget(base: SummaryTile, target: number | null, sense: TargetSense): SummaryTile {
  if (target === null) return base;
  return { ...base, target: { value: target, sense, met: meetsTarget(base.value, target, sense) } };
}

/** Offered, answered, service level and abandon rate against their targets, ASA, AHT. */
export function queueSummary(report: QueueReport): SummaryTile[] {
  const totals = report.totals;
  // Targets are per queue: the totals are judged only against a target every queue shown shares.
  const serviceTarget = sharedTarget(report.queues.map((queue) => queue.serviceLevelTarget));
  const abandonTarget = sharedTarget(report.queues.map((queue) => queue.abandonRateTarget));
  return [
    tile('offered', 'offered', 'count', totals.offered),
    tile('answered', 'answered', 'count', totals.answered),
    withTarget(tile('serviceLevel', 'serviceLevel', 'share', totals.serviceLevel), serviceTarget, 'atLeast'),
    withTarget(tile('abandonRate', 'abandonRate', 'share', totals.abandonRate), abandonTarget, 'atMost'),
    tile('averageWait', 'averageWait', 'seconds', totals.averageWaitSeconds),
    tile('averageHandle', 'averageHandle', 'seconds', totals.averageHandleSeconds),
  ];
}

/** Logged time, occupancy, utilization, answered, missed. */
export function agentSummary(report: AgentReport): SummaryTile[] {
  const totals = report.totals;
  return [
    tile('logged', 'logged', 'seconds', totals.loggedSeconds),
    tile('occupancy', 'occupancy', 'share', totals.occupancy),
    tile('utilization', 'utilization', 'share', totals.utilization),
    tile('answered', 'answered', 'count', totals.answered),
    tile('missed', 'missed', 'count', totals.missed),
  ];
}

/** Attempts, contact, connect and abandon rates, conversions (a campaign has no target of its own). */
export function campaignSummary(report: CampaignReport): SummaryTile[] {
  const totals = report.totals;
  return [
    tile('attempts', 'attempts', 'count', totals.attempts),
    tile('contactRate', 'contactRate', 'share', totals.contactRate),
    tile('connectRate', 'connectRate', 'share', totals.connectRate),
    // Judged only against a ceiling every campaign shown shares, as the queues' targets are.
    withTarget(tile('abandonRate', 'abandonRate', 'share', totals.abandonRate), sharedTarget(report.campaigns.map((campaign) => campaign.abandonTarget)), 'atMost'),
    tile('conversions', 'conversions', 'count', totals.conversions),
  ];
}
