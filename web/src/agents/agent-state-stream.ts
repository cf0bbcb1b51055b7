import { useRealtime } from '../app/realtime.ts';
import { parseAgentStateChange, type AgentStateChange } from './agent-state.ts';

export interface AgentStateStreamHandlers {
  onChange: (change: AgentStateChange) => void;
  /** After every (re)connection: changes made while disconnected were not delivered. */
  onConnect: () => void;
}

/** AGENT_STATE_CHANGED from the realtime gateway. `connected` says whether the states on screen are live. */
export function useAgentStateStream(
  enabled: boolean,
  handlers: AgentStateStreamHandlers,
): { connected: boolean } {
  return useRealtime(enabled, {
    on: {
      AGENT_STATE_CHANGED: (payload) => {
        const change = parseAgentStateChange(payload);
        if (change) handlers.onChange(change);
      },
    },
    onConnect: handlers.onConnect,
  });
}
