// The wallboard's queues from their reads, pure: today's numbers by the reports' own rules (the
// queue's service-level threshold and targets, the tenant's formula), plus who is waiting now.
import type { WallboardQueue } from '@callcenter/rules/monitoring/wallboard-shapes';
import type { ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import { addQueueSums, emptyQueueSums, queueMetrics } from '../reports/queue-report.ts';
import type { QueueSettingsRow, QueueSums } from '../reports/queue-report.repo.ts';

export interface WallboardQueueReads {
  queues: QueueSettingsRow[];
  today: Array<QueueSums & { queueId: string }>;
  waiting: Array<{ queueId: string; waiting: number; longestWaitSince: Date }>;
  formula: ServiceLevelFormula;
}

/** Every live queue, in name order, with today's numbers (zero and null before its first caller). */
export function buildWallboardQueues(reads: WallboardQueueReads): WallboardQueue[] {
  const today = new Map(reads.today.map((row) => [row.queueId, row]));
  const waiting = new Map(reads.waiting.map((row) => [row.queueId, row]));
  return reads.queues
    .filter((queue) => !queue.deleted)
    .map((queue) => {
      const row = today.get(queue.queueId);
      const metrics = queueMetrics(row ? addQueueSums(emptyQueueSums(), row) : emptyQueueSums(), reads.formula);
      const now = waiting.get(queue.queueId);
      return {
        queueId: queue.queueId,
        name: queue.name,
        waiting: now?.waiting ?? 0,
        longestWaitSince: now ? now.longestWaitSince.toISOString() : null,
        offered: metrics.offered,
        answered: metrics.answered,
        abandoned: metrics.abandoned,
        shortAbandoned: metrics.shortAbandoned,
        serviceLevel: metrics.serviceLevel,
        serviceLevelSeconds: queue.serviceLevelSeconds,
        serviceLevelTarget: queue.serviceLevelTarget,
        abandonRate: metrics.abandonRate,
        abandonRateTarget: queue.abandonRateTarget,
      };
    });
}
