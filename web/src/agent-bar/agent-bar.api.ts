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
}

export interface PauseReason {
  id: string;
  code: string;
  name: string;
  enabled: boolean;
}

export const myAgentKey = (tenantId: string | null, userId: string | null) =>
  ['agents', 'me', tenantId, userId] as const;
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
};
