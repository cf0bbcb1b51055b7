// The pure side of the Agents page: what an AGENT_STATE_CHANGED event does to the list, and how a
// state looks. The socket lives in agent-state-stream.ts.
// The states are the server's own list (a pure module shared with the console).
import { AGENT_STATES } from '../../../server/src/modules/agents/agent-state.ts';
import type { Agent } from './agents.api.ts';

export { AGENT_STATES };
export type AgentState = (typeof AGENT_STATES)[number];

export const isAgentState = (value: unknown): value is AgentState =>
  (AGENT_STATES as readonly unknown[]).includes(value);

/** What an AGENT_STATE_CHANGED event carries that the list needs. */
export interface AgentStateChange {
  agentId: string;
  state: AgentState;
  /** When the server published the change (ISO 8601). */
  at: string;
  pauseReasonId: string | null;
}

/** The event as the socket delivers it, or null when it is not one the page can trust. */
export function parseAgentStateChange(payload: unknown): AgentStateChange | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { agentId, state, at, pauseReasonId } = payload as Record<string, unknown>;
  if (typeof agentId !== 'string' || !isAgentState(state) || typeof at !== 'string') return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { agentId, state, at, pauseReasonId: typeof pauseReasonId === 'string' ? pauseReasonId : null };
}

/**
 * The list with one agent's new state. Returns the same array when nothing changes: an unknown
 * agent (the caller refetches), or an event older than what the list already shows (a refetch
 * that raced ahead of a late event must not be rolled back).
 */
export function applyAgentStateChange(agents: readonly Agent[], change: AgentStateChange): readonly Agent[] {
  const index = agents.findIndex((agent) => agent.id === change.agentId);
  if (index === -1) return agents;
  const current = agents[index]!;
  if (Date.parse(change.at) < Date.parse(current.stateChangedAt)) return agents;
  const next = [...agents];
  next[index] = {
    ...current,
    state: change.state,
    stateChangedAt: change.at,
    pauseReasonId: change.state === 'PAUSED' ? change.pauseReasonId : null,
  };
  return next;
}

export type StateTone = 'offline' | 'available' | 'paused' | 'busy';

/** The badge colour of a state: out, ready for calls, on a break, or busy with a call. */
export function stateTone(state: AgentState): StateTone {
  switch (state) {
    case 'LOGGED_OUT':
      return 'offline';
    case 'AVAILABLE':
      return 'available';
    case 'PAUSED':
      return 'paused';
    case 'RESERVED':
    case 'RINGING':
    case 'IN_CALL':
    case 'WRAP_UP':
    case 'ON_EXTERNAL_CALL':
      return 'busy';
  }
}
