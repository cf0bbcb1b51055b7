import type { AgentState } from '../agents/agent-state.ts';
import { api } from '../app/api-client.ts';

export const QUEUE_STRATEGIES = [
  'RING_ALL',
  'LONGEST_IDLE_AGENT',
  'ROUND_ROBIN',
  'TOP_DOWN',
  'AGENT_WITH_LEAST_TALK_TIME',
  'AGENT_WITH_FEWEST_CALLS',
  'SEQUENTIALLY_BY_AGENT_ORDER',
  'RANDOM',
  'RING_PROGRESSIVELY',
] as const;
export type QueueStrategy = (typeof QUEUE_STRATEGIES)[number];

export interface Queue {
  id: string;
  name: string;
  strategy: QueueStrategy;
  maxWaitTime: number;
  recordingEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface QueueInput {
  name: string;
  strategy: QueueStrategy;
  maxWaitTime: number;
  recordingEnabled: boolean;
}

export interface Tier {
  queueId: string;
  agentId: string;
  level: number;
  position: number;
  agent: {
    id: string;
    name: string | null;
    state: AgentState;
    userEmail: string | null;
    extensionNumber: string;
  };
}

export const queuesKey = (tenantId: string | null) => ['queues', tenantId] as const;
export const tiersKey = (queueId: string) => ['queues', 'tiers', queueId] as const;

const one = (id: string) => `/queues/${encodeURIComponent(id)}`;

export const queuesApi = {
  list: () => api<Queue[]>('/queues'),
  create: (input: QueueInput) => api<Queue>('/queues', { method: 'POST', body: input }),
  update: (id: string, input: QueueInput) => api<Queue>(one(id), { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  tiers: (id: string) => api<Tier[]>(`${one(id)}/agents`),
  assign: (id: string, tier: { agentId: string; level: number; position: number }) =>
    api<Tier>(`${one(id)}/agents`, { method: 'POST', body: tier }),
  unassign: (id: string, agentId: string) =>
    api<void>(`${one(id)}/agents/${encodeURIComponent(agentId)}`, { method: 'DELETE' }),
};

/** An agent to pick: its name first (own name, else the user's), then the e-mail and extension. */
export const agentChoiceLabel = (agent: {
  name: string | null;
  userName: string | null;
  userEmail: string | null;
  extensionNumber: string;
}) => {
  const name = agent.name ?? agent.userName;
  const secondary = [name ? agent.userEmail : null, agent.extensionNumber].filter(Boolean).join(', ');
  return `${name ?? agent.userEmail ?? '—'} — ${secondary}`;
};

