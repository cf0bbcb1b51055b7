import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applyAgentStateChange, type AgentStateChange } from './agent-state.ts';
import { useAgentStateStream } from './agent-state-stream.ts';
import { agentsApi, agentsKey, type Agent } from './agents.api.ts';

/** Without the live stream (no monitoring.view, or the socket is down) the states are re-read this often. */
export const AGENTS_POLL_MS = 15_000;

/**
 * The tenant's agents, kept current: each state change from the live stream patches the cached list
 * (an agent it does not know yet makes it re-read), and the list is polled only while not live.
 */
export function useLiveAgents(tenantId: string | null, canWatch: boolean) {
  const queryClient = useQueryClient();
  const key = agentsKey(tenantId);
  const live = useAgentStateStream(canWatch, {
    onChange: (change: AgentStateChange) => {
      const list = queryClient.getQueryData<Agent[]>(key);
      if (list?.some((agent) => agent.id === change.agentId)) {
        queryClient.setQueryData<readonly Agent[]>(key, applyAgentStateChange(list, change));
      } else {
        // An agent created elsewhere since the last read.
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onConnect: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const agents = useQuery({
    queryKey: key,
    queryFn: agentsApi.list,
    refetchInterval: live.connected ? false : AGENTS_POLL_MS,
  });
  return { agents, live, key };
}
