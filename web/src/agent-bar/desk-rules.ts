// Pure: what the agent's desk offers for its state and its call.
import type { AgentState } from '../agents/agent-state.ts';
import type { DeskCall } from './agent-bar.api.ts';

/** A call asks for a disposition once it ended, if the agent talked to the customer and none is set yet. */
export function needsDisposition(call: DeskCall | null): call is DeskCall {
  return call !== null && call.endedAt !== null && call.bridgedAt !== null && call.dispositionId === null;
}

/** States with a customer on the line or about to be: logging out would leave them hanging. */
const ON_A_CALL: ReadonlySet<AgentState> = new Set(['RESERVED', 'RINGING', 'IN_CALL', 'ON_EXTERNAL_CALL']);

/** Logging out is offered to a logged-in agent with no call in front of it. */
export function canLogOut(state: AgentState): boolean {
  return state !== 'LOGGED_OUT' && !ON_A_CALL.has(state);
}

/** When the agent's wrap-up ends: its wrap-up time after it entered the state. */
export function wrapUpEndsAt(agent: { stateChangedAt: string; wrapUpSeconds: number }): string {
  return new Date(Date.parse(agent.stateChangedAt) + agent.wrapUpSeconds * 1000).toISOString();
}
