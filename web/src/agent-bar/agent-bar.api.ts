import type { WeeklyWindows } from '@callcenter/rules/callback-time';
import type { AgentState } from '../agents/agent-state.ts';
import { api, isApiError } from '../app/api-client.ts';

export interface MyAgent {
  id: string;
  extensionNumber: string;
  /** Whether the agent's phone is registered on the switch now. */
  phoneRegistered: boolean;
  name: string | null;
  state: AgentState;
  stateChangedAt: string;
  pauseReasonId: string | null;
  pauseReasonName: string | null;
  /** How long the switch keeps the agent in wrap-up after a call. */
  wrapUpSeconds: number;
}

export interface PauseReason {
  id: string;
  code: string;
  name: string;
  enabled: boolean;
}

export const myAgentKey = (tenantId: string | null, userId: string | null) =>
  ['agents', 'me', tenantId, userId] as const;
/** The call on the agent's desk (GET /agents/me/call): in progress, or ended and waiting for its disposition. */
export interface DeskCall {
  id: string;
  direction: string;
  /** The customer's number. */
  number: string | null;
  queueId: string | null;
  queueName: string | null;
  createdAt: string;
  answerAt: string | null;
  bridgedAt: string | null;
  endedAt: string | null;
  dispositionId: string | null;
  disposition: string | null;
  /** The dialer's lead of the call (screen pop), with its campaign's calling windows. */
  lead: DeskLead | null;
}

export interface DeskLead {
  id: string;
  name: string | null;
  phone: string;
  /** The columns imported with the lead, beyond phone and name. */
  data: Record<string, string>;
  campaignId: string;
  campaignName: string;
  timezone: string;
  schedule: WeeklyWindows;
}

/** Agents have no realtime socket: while logged in, their state and desk are re-read this often. */
export const DESK_POLL_MS = 3_000;

export const myCallKey = (tenantId: string | null, agentId: string) =>
  ['agents', 'me', 'call', tenantId, agentId] as const;

export const myPauseReasonsKey = (tenantId: string | null) =>
  ['agents', 'me', 'pause-reasons', tenantId] as const;

export const agentBarApi = {
  /** null when the user has no Agent in this tenant (the server answers 404). */
  me: async (): Promise<MyAgent | null> => {
    try {
      return await api<MyAgent>('/agents/me');
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
  pauseReasons: () => api<PauseReason[]>('/agents/me/pause-reasons'),
  login: () => api<MyAgent>('/agents/me/login', { method: 'POST' }),
  pause: (pauseReasonId: string) =>
    api<MyAgent>('/agents/me/pause', { method: 'POST', body: { pauseReasonId } }),
  resume: () => api<MyAgent>('/agents/me/resume', { method: 'POST' }),
  logout: () => api<MyAgent>('/agents/me/logout', { method: 'POST' }),
  endWrapUp: () => api<MyAgent>('/agents/me/end-wrap-up', { method: 'POST' }),
  myCall: async (): Promise<DeskCall | null> =>
    (await api<{ call: DeskCall | null }>('/agents/me/call')).call,
};
