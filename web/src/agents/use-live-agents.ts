import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalesce, frameAfter } from '../app/coalesce.ts';
import { applyAgentStateChanges, newerChange, type AgentStateChange } from './agent-state.ts';
import { useAgentStateStream } from './agent-state-stream.ts';
import { agentsApi, agentsKey, type Agent } from './agents.api.ts';

/** How long state changes are gathered before the list is patched (and the page renders) again. */
const PATCH_EVERY_MS = 200;

/** Without the live stream (no monitoring.view, or the socket is down) the states are re-read this often. */
export const AGENTS_POLL_MS = 15_000;

/**
 * The tenant's agents, kept current: the state changes from the live stream patch the cached list,
 * those of PATCH_EVERY_MS at once (200 agents send ~100 changes a second: a render and layout per
 * change made the wallboard stutter); an agent it does not know yet makes it re-read. Polled only
 * while not live.
 */
export function useLiveAgents(tenantId: string | null, canWatch: boolean) {
  const queryClient = useQueryClient();
  const key = agentsKey(tenantId);
  const changes = useMemo(
    () =>
      coalesce<AgentStateChange>(
        (batch) => {
          const list = queryClient.getQueryData<readonly Agent[]>(agentsKey(tenantId));
          const known = new Set(list?.map((agent) => agent.id));
          // An agent created elsewhere since the last read.
          if (!list || batch.some((change) => !known.has(change.agentId)))
            void queryClient.invalidateQueries({ queryKey: agentsKey(tenantId) });
          if (list)
            queryClient.setQueryData<readonly Agent[]>(
              agentsKey(tenantId),
              applyAgentStateChanges(list, batch),
            );
        },
        frameAfter(PATCH_EVERY_MS),
        newerChange,
      ),
    [queryClient, tenantId],
  );
  useEffect(() => () => changes.cancel(), [changes]);
  const live = useAgentStateStream(canWatch, {
    onChange: (change) => changes.push(change.agentId, change),
    onConnect: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const agents = useQuery({
    queryKey: key,
    queryFn: agentsApi.list,
    refetchInterval: live.connected ? false : AGENTS_POLL_MS,
  });
  return { agents, live, key };
}
