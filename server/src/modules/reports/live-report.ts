// The dashboard and the usage meters from their reads: pure.
import { sharedTarget, type ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import type { Consumption, Dashboard } from '@callcenter/rules/reports/shapes';
import { localDateOf, startOfLocalDay } from '@callcenter/rules/reports/period';
import type { QueueSums } from './queue-report.repo.ts';
import { addQueueSums, emptyQueueSums, queueMetrics } from './queue-report.ts';

const AGENT_STATES = ['LOGGED_OUT', 'AVAILABLE', 'PAUSED', 'RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'] as const;

interface CallCounts {
  calls: number;
  billableSeconds: number;
  activeDays: number;
}

export interface DashboardReads {
  now: Date;
  timezone: string;
  formula: ServiceLevelFormula;
  maxMonthlyCalls: number | null;
  calls: Array<{ direction: string; calls: number; talking: number }>;
  /** Callers waiting now, per queue (the wallboard's read). */
  waiting: Array<{ waiting: number; longestWaitSince: Date }>;
  agents: Array<{ state: string; agents: number }>;
  queueToday: QueueSums;
  /** The live queues' targets: today's rates are judged against the ones they all share. */
  queueTargets: Array<{ serviceLevelTarget: number; abandonRateTarget: number }>;
  callsToday: CallCounts;
  callsThisMonth: CallCounts;
}

export function buildDashboard(reads: DashboardReads): Dashboard {
  const byDirection = (direction: string) => reads.calls.find((row) => row.direction === direction)?.calls ?? 0;
  const today = queueMetrics(addQueueSums(emptyQueueSums(), reads.queueToday), reads.formula);
  const waiting = reads.waiting.reduce((sum, queue) => sum + queue.waiting, 0);
  const longestSince = Math.min(...reads.waiting.map((queue) => queue.longestWaitSince.getTime()));
  const monthCalls = Number(reads.callsThisMonth.calls);
  return {
    at: reads.now.toISOString(),
    timezone: reads.timezone,
    liveCalls: {
      total: reads.calls.reduce((sum, row) => sum + row.calls, 0),
      inbound: byDirection('INBOUND'),
      outbound: byDirection('OUTBOUND'),
      internal: byDirection('INTERNAL'),
      talking: reads.calls.reduce((sum, row) => sum + row.talking, 0),
    },
    waitingCallers: waiting,
    longestWaitSeconds: waiting > 0 ? Math.max(0, reads.now.getTime() - longestSince) / 1000 : null,
    agents: Object.fromEntries(
      AGENT_STATES.map((state) => [state, reads.agents.find((row) => row.state === state)?.agents ?? 0]),
    ) as Dashboard['agents'],
    today: {
      calls: Number(reads.callsToday.calls),
      offered: today.offered,
      answered: today.answered,
      abandoned: today.abandoned,
      averageWaitSeconds: today.averageWaitSeconds,
      averageTalkSeconds: today.averageTalkSeconds,
      serviceLevel: today.serviceLevel,
      abandonRate: today.abandonRate,
      serviceLevelTarget: sharedTarget(reads.queueTargets.map((queue) => queue.serviceLevelTarget)),
      abandonRateTarget: sharedTarget(reads.queueTargets.map((queue) => queue.abandonRateTarget)),
    },
    planConsumption:
      reads.maxMonthlyCalls === null
        ? null
        : {
            calls: monthCalls,
            maxMonthlyCalls: reads.maxMonthlyCalls,
            share: reads.maxMonthlyCalls > 0 ? monthCalls / reads.maxMonthlyCalls : 0,
          },
    estimatedValue: null,
  };
}

export interface ConsumptionReads {
  now: Date;
  month: Date;
  timezone: string;
  plan: { maxMonthlyCalls: number | null; maxRecordingStorageGb: string | null };
  calls: CallCounts;
  recordingBytes: number;
}

/** Raw quantities of the current month (storage: what is kept now), against the plan's limits; never money. */
export function buildConsumption(reads: ConsumptionReads): Consumption {
  const local = localDateOf(reads.now.getTime(), reads.timezone);
  const next = local.month === 12 ? { year: local.year + 1, month: 1, day: 1 } : { year: local.year, month: local.month + 1, day: 1 };
  return {
    month: `${local.year}-${String(local.month).padStart(2, '0')}`,
    timezone: reads.timezone,
    from: reads.month.toISOString(),
    to: new Date(startOfLocalDay(next, reads.timezone)).toISOString(),
    meters: {
      calls: { used: Number(reads.calls.calls), limit: reads.plan.maxMonthlyCalls },
      minutes: { used: Number(reads.calls.billableSeconds) / 60, limit: null },
      activeDays: { used: Number(reads.calls.activeDays), limit: null },
      recordingStorageGb: {
        used: reads.recordingBytes / 1e9,
        limit: reads.plan.maxRecordingStorageGb === null ? null : Number(reads.plan.maxRecordingStorageGb),
      },
      aiTokens: { used: null, limit: null },
    },
  };
}
