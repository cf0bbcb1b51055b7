import { api } from '../app/api-client.ts';

/** A queue as the wallboard shows it (GET /monitoring/wallboard): today counted as the queue report counts. */
export interface QueueToday {
  queueId: string;
  name: string;
  waiting: number;
  longestWaitSince: string | null;
  offered: number;
  answered: number;
  abandoned: number;
  shortAbandoned: number;
  /** 0..1 by the tenant's formula and this queue's threshold; null before the day's first caller. */
  serviceLevel: number | null;
  serviceLevelSeconds: number;
  serviceLevelTarget: number;
  abandonRate: number | null;
  abandonRateTarget: number;
}

export interface CallInProgress {
  id: string;
  direction: string;
  callerNumber: string | null;
  calledNumber: string | null;
  queueId: string | null;
  agentId: string | null;
  createdAt: string;
  answerAt: string | null;
  bridgedAt: string | null;
}

export interface Wallboard {
  at: string;
  dayStartedAt: string;
  serviceLevelFormula: 'EXCLUDE_SHORT_ABANDONS' | 'ALL_OFFERED' | 'ANSWERED_ONLY';
  queues: QueueToday[];
  callsInProgress: CallInProgress[];
  callsInProgressTotal: number;
}

export const wallboardKey = (tenantId: string | null) => ['wallboard', tenantId] as const;

export const wallboardApi = {
  get: () => api<Wallboard>('/monitoring/wallboard'),
};
