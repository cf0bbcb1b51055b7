// Pure: the queue report's table and charts from GET /reports/queues.
import { sharedTarget } from '@callcenter/rules/reports/metrics';
import type { QueueMetrics, QueueReport } from '@callcenter/rules/reports/shapes';
import { OKABE_ITO, type ChartSpec } from './chart-model.ts';
import type { Column } from './report-table.ts';

export interface QueueRow {
  name: string;
  metrics: QueueMetrics;
  /** Null on the totals row: targets are per queue. */
  serviceLevelSeconds: number | null;
  serviceLevelTarget: number | null;
  abandonRateTarget: number | null;
}

const metric = (key: keyof QueueMetrics) => (row: QueueRow) => row.metrics[key];

export const QUEUE_COLUMNS: readonly Column<QueueRow>[] = [
  { key: 'name', label: 'reports.columns.queue', kind: 'text', value: (row) => row.name },
  { key: 'offered', label: 'reports.columns.offered', kind: 'count', value: metric('offered') },
  { key: 'answered', label: 'reports.columns.answered', kind: 'count', value: metric('answered') },
  { key: 'answeredWithinThreshold', label: 'reports.columns.answeredWithinThreshold', kind: 'count', value: metric('answeredWithinThreshold') },
  { key: 'abandoned', label: 'reports.columns.abandoned', kind: 'count', value: metric('abandoned') },
  { key: 'shortAbandoned', label: 'reports.columns.shortAbandoned', kind: 'count', value: metric('shortAbandoned') },
  { key: 'flowedOut', label: 'reports.columns.flowedOut', kind: 'count', value: metric('flowedOut') },
  { key: 'transferredOut', label: 'reports.columns.transferredOut', kind: 'count', value: metric('transferredOut') },
  { key: 'serviceLevel', label: 'reports.columns.serviceLevel', kind: 'share', value: metric('serviceLevel') },
  { key: 'serviceLevelTarget', label: 'reports.columns.serviceLevelTarget', kind: 'share', value: (row) => row.serviceLevelTarget },
  { key: 'serviceLevelSeconds', label: 'reports.columns.serviceLevelSeconds', kind: 'count', value: (row) => row.serviceLevelSeconds },
  { key: 'abandonRate', label: 'reports.columns.abandonRate', kind: 'share', value: metric('abandonRate') },
  { key: 'abandonRateTarget', label: 'reports.columns.abandonRateTarget', kind: 'share', value: (row) => row.abandonRateTarget },
  { key: 'averageWait', label: 'reports.columns.averageWait', kind: 'seconds', value: metric('averageWaitSeconds') },
  { key: 'maxWait', label: 'reports.columns.maxWait', kind: 'seconds', value: metric('maxWaitSeconds') },
  { key: 'averageAbandonWait', label: 'reports.columns.averageAbandonWait', kind: 'seconds', value: metric('averageAbandonWaitSeconds') },
  { key: 'averageTalk', label: 'reports.columns.averageTalk', kind: 'seconds', value: metric('averageTalkSeconds') },
  { key: 'averageWrapUp', label: 'reports.columns.averageWrapUp', kind: 'seconds', value: metric('averageWrapUpSeconds') },
  { key: 'averageHandle', label: 'reports.columns.averageHandle', kind: 'seconds', value: metric('averageHandleSeconds') },
];

export function queueRows(report: QueueReport): QueueRow[] {
  return report.queues.map((queue) => ({
    name: queue.name,
    metrics: queue.metrics,
    serviceLevelSeconds: queue.serviceLevelSeconds,
    serviceLevelTarget: queue.serviceLevelTarget,
    abandonRateTarget: queue.abandonRateTarget,
  }));
}

export const queueTotals = (report: QueueReport, label: string): QueueRow => ({
  name: label,
  metrics: report.totals,
  serviceLevelSeconds: null,
  serviceLevelTarget: null,
  abandonRateTarget: null,
});

interface Labels {
  answered: string;
  abandoned: string;
  serviceLevel: string;
  serviceLevelTarget: string;
  abandonRate: string;
  abandonRateTarget: string;
}

/** Calls per interval: answered at the bottom, abandoned stacked on them. */
export function queueCallsChart(report: QueueReport, bucketLabels: string[], labels: Labels): ChartSpec {
  return {
    labels: bucketLabels,
    valueKind: 'count',
    series: [
      { label: labels.answered, color: OKABE_ITO.bluishGreen, kind: 'bar', values: report.series.map((point) => point.metrics.answered) },
      { label: labels.abandoned, color: OKABE_ITO.vermillion, kind: 'bar', values: report.series.map((point) => point.metrics.abandoned) },
    ],
  };
}

/**
 * Service level and abandon rate per interval, each against its target as a dashed line. Targets are
 * per queue: a line is drawn only when every queue shown shares it (decision 0086).
 */
export function queueRatesChart(report: QueueReport, bucketLabels: string[], labels: Labels): ChartSpec & { targetsDiffer: boolean } {
  const serviceTarget = sharedTarget(report.queues.map((queue) => queue.serviceLevelTarget));
  const abandonTarget = sharedTarget(report.queues.map((queue) => queue.abandonRateTarget));
  const constant = (value: number) => report.series.map(() => value);
  const series: ChartSpec['series'] = [
    // At the same value (0 % and 0 %, 100 % and 100 %) the abandon rate's small dot sits inside the
    // service level's ring: both stay in sight.
    {
      label: labels.serviceLevel,
      color: OKABE_ITO.blue,
      kind: 'line',
      points: { size: 11, hollow: true },
      values: report.series.map((point) => point.metrics.serviceLevel),
    },
    {
      label: labels.abandonRate,
      color: OKABE_ITO.vermillion,
      kind: 'line',
      points: { size: 5 },
      values: report.series.map((point) => point.metrics.abandonRate),
    },
  ];
  if (serviceTarget !== null)
    series.push({ label: labels.serviceLevelTarget, color: OKABE_ITO.blue, kind: 'line', dash: [6, 4], values: constant(serviceTarget), reference: true });
  if (abandonTarget !== null)
    series.push({ label: labels.abandonRateTarget, color: OKABE_ITO.vermillion, kind: 'line', dash: [2, 4], values: constant(abandonTarget), reference: true });
  return {
    labels: bucketLabels,
    valueKind: 'share',
    series,
    targetsDiffer: report.queues.length > 1 && (serviceTarget === null || abandonTarget === null),
  };
}
