import { api } from '../app/api-client.ts';

/** A queue as the wallboard shows it (GET /monitoring/wallboard). */
export interface QueueToday {
  queueId: string;
  name: string;
  waiting: number;
  longestWaitSince: string | null;
  answered: number;
  abandoned: number;
  /** 0..1, null before the day's first finished queue call. */
  serviceLevel: number | null;
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
  serviceLevelSeconds: number;
  queues: QueueToday[];
  callsInProgress: CallInProgress[];
  callsInProgressTotal: number;
}

export const wallboardKey = (tenantId: string | null) => ['wallboard', tenantId] as const;

export const wallboardApi = {
  get: () => api<Wallboard>('/monitoring/wallboard'),
};
