// Pure summaries the home page shows: setup progress, registrations, agents by state.
import { AGENT_STATES, type AgentState } from '../agents/agent-state.ts';

export const SETUP_STEPS = ['extensions', 'trunk', 'inboundRoute', 'queue', 'agents'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupItem {
  step: SetupStep;
  path: string;
  /** null while unknown (not loaded, or not readable with the user's permissions). */
  count: number | null;
  done: boolean;
}

export const SETUP_PATHS: Record<SetupStep, string> = {
  extensions: '/tenant/extensions',
  trunk: '/tenant/trunks',
  inboundRoute: '/tenant/inbound-routes',
  queue: '/tenant/queues',
  agents: '/tenant/agents',
};

/** One item per readable step, in the order a tenant is set up; done once one exists. */
export function setupChecklist(counts: Partial<Record<SetupStep, number | null>>): SetupItem[] {
  return SETUP_STEPS.filter((step) => step in counts).map((step) => {
    const count = counts[step] ?? null;
    return { step, path: SETUP_PATHS[step], count, done: count !== null && count > 0 };
  });
}

/** Registered phones: an extension is registered when its registration time (live or read) is set. */
export function countRegistered(
  extensions: readonly { id: string; registeredAt: string | null }[],
  live: ReadonlyMap<string, string | null> | null,
): { registered: number; total: number } {
  const registered = extensions.filter((extension) =>
    live?.has(extension.id) ? (live.get(extension.id) ?? null) !== null : extension.registeredAt !== null,
  ).length;
  return { registered, total: extensions.length };
}

/** How many agents are in each state, every state listed (zeros too) in the catalogue's order. */
export function agentsByState(agents: readonly { state: AgentState }[]): [AgentState, number][] {
  return AGENT_STATES.map((state) => [state, agents.filter((agent) => agent.state === state).length]);
}
