// The agent's presence rules, pure: which state an agent operation leads to, and which status the
// switch's mod_callcenter must hold for a state. Call states are driven by switch events, not here.
import type { AgentState } from '../../platform/db/schema.ts';
import type { CallCenterAgentStatus } from '../../platform/switch/callcenter.ts';
import { AGENT_STATES } from '@callcenter/rules/agent-states';

export { AGENT_STATES };
// The shared list may name only states the database knows.
AGENT_STATES satisfies readonly AgentState[];

/** What the agent asks for through /agents/me/* (endWrapUp: ready before the wrap-up time is over). */
export type AgentOperation = 'login' | 'pause' | 'resume' | 'logout' | 'endWrapUp';

export const AGENT_OPERATIONS = [
  'login',
  'pause',
  'resume',
  'logout',
  'endWrapUp',
] as const satisfies readonly AgentOperation[];

/** The next state, or null when the operation is not allowed from `state`. */
export function nextAgentState(state: AgentState, operation: AgentOperation): AgentState | null {
  switch (state) {
    case 'LOGGED_OUT':
      return operation === 'login' ? 'AVAILABLE' : null;
    case 'AVAILABLE':
      if (operation === 'pause') return 'PAUSED';
      return operation === 'logout' ? 'LOGGED_OUT' : null;
    case 'PAUSED':
      if (operation === 'resume') return 'AVAILABLE';
      return operation === 'logout' ? 'LOGGED_OUT' : null;
    // The call is over: the agent may say it is ready before its wrap-up time runs out.
    case 'WRAP_UP':
      return operation === 'endWrapUp' ? 'AVAILABLE' : null;
    // Busy with a call (or about to be): the agent finishes it first; the switch moves them on.
    case 'RESERVED':
    case 'RINGING':
    case 'IN_CALL':
    case 'ON_EXTERNAL_CALL':
      return null;
  }
}

/** The mod_callcenter agent status that matches a state (call states keep the agent Available). */
export function switchStatusOf(state: AgentState): CallCenterAgentStatus {
  switch (state) {
    case 'LOGGED_OUT':
      return 'Logged Out';
    case 'PAUSED':
      return 'On Break';
    case 'AVAILABLE':
    case 'RESERVED':
    case 'RINGING':
    case 'IN_CALL':
    case 'WRAP_UP':
    case 'ON_EXTERNAL_CALL':
      return 'Available';
  }
}

/** Whether the agent is logged in (has an open session), whatever it is doing. */
export const isLoggedIn = (state: AgentState): boolean => state !== 'LOGGED_OUT';
