import { api } from '../app/api-client.ts';
import type { AgentState } from './agent-state.ts';

/** An agent as GET /agents answers it. */
export interface Agent {
  id: string;
  userId: string;
  /** Null when the user has since left the tenant. */
  userEmail: string | null;
  userName: string | null;
  extensionId: string;
  extensionNumber: string;
  name: string | null;
  state: AgentState;
  stateChangedAt: string;
  /** The reason of the current pause, while PAUSED. */
  pauseReasonId: string | null;
  wrapUpSeconds: number;
  /** Unanswered offers in a row after which the switch puts the agent on break (0: never). */
  maxNoAnswer: number;
  /** Seconds without offers after rejecting one, after being busy, after not answering. */
  rejectDelaySeconds: number;
  busyDelaySeconds: number;
  noAnswerDelaySeconds: number;
  createdAt: string;
  updatedAt: string;
}

/** How an agent is named on screens: its own name, else its user's name or e-mail, else its extension. */
export const agentDisplayName = (agent: Pick<Agent, 'name' | 'userName' | 'userEmail' | 'extensionNumber'>): string =>
  agent.name ?? agent.userName ?? agent.userEmail ?? agent.extensionNumber;

export interface AgentCreateInput {
  userId: string;
  extensionId: string;
  name?: string | null;
  wrapUpSeconds?: number;
  maxNoAnswer?: number;
  rejectDelaySeconds?: number;
  busyDelaySeconds?: number;
  noAnswerDelaySeconds?: number;
}

/** A member who can still become an agent (GET /agents/assignable-users). */
export interface AssignableUser {
  id: string;
  email: string;
  name: string | null;
  role: string;
}

/** The state is not here on purpose: only login, pause, resume, logout and calls move it. */
export type AgentPatchInput = Partial<Pick<Agent, 'extensionId' | 'name' | AgentSwitchSetting>>;

/** The agent's settings that reach mod_callcenter, each a whole number. */
export const AGENT_SWITCH_SETTINGS = [
  'wrapUpSeconds',
  'maxNoAnswer',
  'rejectDelaySeconds',
  'busyDelaySeconds',
  'noAnswerDelaySeconds',
] as const;
export type AgentSwitchSetting = (typeof AGENT_SWITCH_SETTINGS)[number];

// The queues page's agent picker reads the same list, so one refresh serves both.
export const agentsKey = (tenantId: string | null) => ['agents', 'list', tenantId] as const;
export const assignableUsersKey = (tenantId: string | null) =>
  ['agents', 'assignable-users', tenantId] as const;

const one = (id: string) => `/agents/${encodeURIComponent(id)}`;

export const agentsApi = {
  list: () => api<Agent[]>('/agents'),
  /** Members without an agent (deleted agents count), readable with agents.manage. */
  assignableUsers: () => api<AssignableUser[]>('/agents/assignable-users'),
  create: (input: AgentCreateInput) => api<Agent>('/agents', { method: 'POST', body: input }),
  update: (id: string, input: AgentPatchInput) => api<Agent>(one(id), { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
};
