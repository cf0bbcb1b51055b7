// The pure side of the Agents page: what an AGENT_STATE_CHANGED event does to the list, and how a
// state looks. The socket lives in agent-state-stream.ts.
// The states are the server's own list (a pure module shared with the console).
import { AGENT_STATES } from '@callcenter/rules/agent-states';
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

/** The agent with its new state; the same agent when the change is older than what it shows. */
function patchAgent(agent: Agent, change: AgentStateChange): Agent {
  if (Date.parse(change.at) < Date.parse(agent.stateChangedAt)) return agent;
  return {
    ...agent,
    state: change.state,
    stateChangedAt: change.at,
    pauseReasonId: change.state === 'PAUSED' ? change.pauseReasonId : null,
  };
}

/**
 * The list with a batch of changes (at most one per agent, see newerChange), in one copy however
 * many there are. Returns the same array when nothing changes: unknown agents (the caller
 * refetches), or changes older than what the list already shows (a refetch that raced ahead of a
 * late event must not be rolled back).
 */
export function applyAgentStateChanges(agents: readonly Agent[], changes: readonly AgentStateChange[]): readonly Agent[] {
  const byAgent = new Map(changes.map((change) => [change.agentId, change]));
  let next: Agent[] | null = null;
  agents.forEach((agent, index) => {
    const change = byAgent.get(agent.id);
    const patched = change ? patchAgent(agent, change) : agent;
    if (patched !== agent) (next ??= [...agents])[index] = patched;
  });
  return next ?? agents;
}

/** Of two changes of one agent, the one that happened last (the later arrival on a tie). */
export const newerChange = (held: AgentStateChange, next: AgentStateChange): AgentStateChange =>
  Date.parse(next.at) >= Date.parse(held.at) ? next : held;

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
