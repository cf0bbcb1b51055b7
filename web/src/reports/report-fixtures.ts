// Test data: report answers shaped as the server sends them (shapes.ts), with only what a test sets.
import { emptyStateSeconds } from '@callcenter/rules/reports/metrics';
import type { AgentMetrics, AgentReport, CampaignMetrics, CampaignReport, QueueMetrics, QueueReport } from '@callcenter/rules/reports/shapes';

const period = { from: '2026-11-29T03:00:00.000Z', to: '2026-11-30T03:00:00.000Z', timezone: 'America/Sao_Paulo', interval: 'hour' as const };

export const queueMetrics = (set: Partial<QueueMetrics> = {}): QueueMetrics => ({
  offered: 0,
  answered: 0,
  answeredWithinThreshold: 0,
  abandoned: 0,
  shortAbandoned: 0,
  flowedOut: 0,
  transferredOut: 0,
  averageWaitSeconds: null,
  maxWaitSeconds: null,
  averageAbandonWaitSeconds: null,
  averageTalkSeconds: null,
  averageWrapUpSeconds: null,
  averageHandleSeconds: null,
  serviceLevel: null,
  abandonRate: null,
  ...set,
});

export const queueReport = (set: Partial<QueueReport> = {}): QueueReport => ({
  period,
  serviceLevelFormula: 'EXCLUDE_SHORT_ABANDONS',
  totals: queueMetrics(),
  series: [],
  queues: [],
  ...set,
});

export const queueEntry = (name: string, metrics: QueueMetrics, targets: { serviceLevelTarget?: number; abandonRateTarget?: number } = {}) => ({
  queueId: `id-${name}`,
  name,
  serviceLevelSeconds: 20,
  serviceLevelTarget: targets.serviceLevelTarget ?? 0.8,
  abandonRateTarget: targets.abandonRateTarget ?? 0.05,
  shortAbandonSeconds: 5,
  metrics,
});

export const agentMetrics = (set: Partial<AgentMetrics> = {}): AgentMetrics => ({
  loggedSeconds: 0,
  pausedSeconds: 0,
  stateSeconds: emptyStateSeconds(),
  offered: 0,
  answered: 0,
  missed: 0,
  averageTalkSeconds: null,
  averageHandleSeconds: null,
  occupancy: null,
  utilization: null,
  ...set,
});

export const agentReport = (agents: AgentReport['agents']): AgentReport => ({ period, totals: agentMetrics(), series: [], agents });

export const campaignMetrics = (set: Partial<CampaignMetrics> = {}): CampaignMetrics => ({
  attempts: 0,
  answered: 0,
  connected: 0,
  busy: 0,
  noAnswer: 0,
  failed: 0,
  abandoned: 0,
  callbacksScheduled: 0,
  callbacksCompleted: 0,
  conversions: 0,
  contactRate: null,
  connectRate: null,
  abandonRate: null,
  conversionRate: null,
  averageWaitSeconds: null,
  averageTalkSeconds: null,
  telephonyValue: null,
  aiValue: null,
  ...set,
});

export const campaignReport = (campaigns: CampaignReport['campaigns'], totals: CampaignMetrics = campaignMetrics()): CampaignReport => ({
  period,
  totals,
  series: [],
  campaigns,
});
