// The queue report from its rollup rows (docs/reports.md "Queues"): pure, so every number's rule is
// tested without a database.
import { abandonRate, average, serviceLevel, type ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import type { QueueMetrics, QueueReport } from '@callcenter/rules/reports/shapes';
import type { QueueIntervalRow, QueueSettingsRow, QueueSums } from './queue-report.repo.ts';
import { startKey } from './report-sql.ts';
import type { ResolvedPeriod } from './report-period.ts';

export const emptyQueueSums = (): QueueSums => ({
  offered: 0,
  answered: 0,
  answeredInSl: 0,
  abandoned: 0,
  abandonedShort: 0,
  flowedOut: 0,
  transferredOut: 0,
  waitAnsweredMs: 0,
  waitAbandonedMs: 0,
  waitMaxMs: 0,
  talkMs: 0,
  wrapUps: 0,
  wrapUpMs: 0,
});

export function addQueueSums(into: QueueSums, row: QueueSums): QueueSums {
  for (const key of Object.keys(into) as Array<keyof QueueSums>) {
    into[key] = key === 'waitMaxMs' ? Math.max(into[key], Number(row[key])) : into[key] + Number(row[key]);
  }
  return into;
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export function queueMetrics(sums: QueueSums, formula: ServiceLevelFormula): QueueMetrics {
  const counts = { offered: sums.offered, answered: sums.answered, abandoned: sums.abandoned, shortAbandoned: sums.abandonedShort };
  return {
    offered: sums.offered,
    answered: sums.answered,
    answeredWithinThreshold: sums.answeredInSl,
    abandoned: sums.abandoned,
    shortAbandoned: sums.abandonedShort,
    flowedOut: sums.flowedOut,
    transferredOut: sums.transferredOut,
    averageWaitSeconds: seconds(average(sums.waitAnsweredMs, sums.answered)),
    maxWaitSeconds: sums.answered + sums.abandoned > 0 ? sums.waitMaxMs / 1000 : null,
    averageAbandonWaitSeconds: seconds(average(sums.waitAbandonedMs, sums.abandoned)),
    averageTalkSeconds: seconds(average(sums.talkMs, sums.answered)),
    averageWrapUpSeconds: seconds(average(sums.wrapUpMs, sums.wrapUps)),
    averageHandleSeconds: seconds(average(sums.talkMs + sums.wrapUpMs, sums.answered)),
    serviceLevel: serviceLevel({ ...counts, answeredWithinThreshold: sums.answeredInSl }, formula),
    abandonRate: abandonRate(counts),
  };
}

/** Totals, the series over every interval start, and a line per queue (queues with traffic, or all live ones). */
export function buildQueueReport(
  rows: QueueIntervalRow[],
  queues: QueueSettingsRow[],
  starts: Date[],
  period: ResolvedPeriod,
  formula: ServiceLevelFormula,
  onlyQueue?: string,
): QueueReport {
  const totals = emptyQueueSums();
  const byStart = new Map(starts.map((start) => [startKey(start), emptyQueueSums()]));
  const byQueue = new Map<string, QueueSums>();
  for (const row of rows) {
    addQueueSums(totals, row);
    const point = byStart.get(startKey(row.start));
    if (point) addQueueSums(point, row);
    addQueueSums(byQueue.get(row.queueId) ?? byQueue.set(row.queueId, emptyQueueSums()).get(row.queueId)!, row);
  }
  const shown = queues.filter((queue) =>
    onlyQueue ? queue.queueId === onlyQueue : byQueue.has(queue.queueId) || !queue.deleted,
  );
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), timezone: period.timezone, interval: period.interval },
    serviceLevelFormula: formula,
    totals: queueMetrics(totals, formula),
    series: [...byStart].map(([start, sums]) => ({ start, metrics: queueMetrics(sums, formula) })),
    queues: shown.map((queue) => ({
      queueId: queue.queueId,
      name: queue.name,
      serviceLevelSeconds: queue.serviceLevelSeconds,
      serviceLevelTarget: queue.serviceLevelTarget,
      abandonRateTarget: queue.abandonRateTarget,
      shortAbandonSeconds: queue.shortAbandonSeconds,
      metrics: queueMetrics(byQueue.get(queue.queueId) ?? emptyQueueSums(), formula),
    })),
  };
}
