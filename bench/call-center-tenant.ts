// A call center built through the API as a tenant admin would: queues, then per agent a member, an
// extension, an Agent with tiers, and the agent's own first sign-in and login (so the wallboard
// shows logged-in agents and each agent has a token for its own presence moves).
import { json } from './bench-env.ts';

export interface BenchAgent {
  id: string;
  userId: string;
  /** What the wallboard shows as the agent's name. */
  name: string;
  /** The agent's own token (for pause/resume). */
  authorization: string;
}

const post = (url: string, authorization: string | null, body: unknown) =>
  json(url, { method: 'POST', headers: authorization ? { authorization } : {}, body: JSON.stringify(body) });

/** Runs `work` for 0..count-1 with at most `concurrency` at a time, results in order. */
async function pool<T>(count: number, concurrency: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Lifts the plan's counters the call center needs (the platform admin's PATCH /plans/:id). */
export async function liftPlanLimits(base: string, platformAuthorization: string, planId = 'trial'): Promise<void> {
  await json(`${base}/plans/${planId}`, {
    method: 'PATCH',
    headers: { authorization: platformAuthorization },
    body: JSON.stringify({ max_extensions: null, max_agents: null, max_queues: null }),
  });
}

/** One agent, from a new member to logged in, with a tier in `queueIds[index % queues]` (and the next one at level 2). */
async function createLoggedInAgent(base: string, authorization: string, index: number, queueIds: string[]): Promise<BenchAgent> {
  const label = String(index + 1).padStart(3, '0');
  const email = `agent-${label}@example.test`;
  const invited = await post(`${base}/users`, authorization, { email, role: 'agent' });
  const user = invited.user as { id: string };
  const extension = await post(`${base}/extensions`, authorization, { number: String(2000 + index) });
  const name = `Agent ${label}`;
  const agent = await post(`${base}/agents`, authorization, { userId: user.id, extensionId: extension.id, name });
  const agentId = agent.id as string;
  await post(`${base}/queues/${queueIds[index % queueIds.length]!}/agents`, authorization, { agentId, level: 1 });
  await post(`${base}/queues/${queueIds[(index + 1) % queueIds.length]!}/agents`, authorization, { agentId, level: 2 });
  // The agent's first sign-in: the one-time password must be changed before anything else.
  const first = await post(`${base}/auth/login`, null, { email, password: invited.password });
  const changed = await post(`${base}/auth/change-password`, `Bearer ${first.accessToken as string}`, {
    currentPassword: invited.password,
    newPassword: `agent-password-${label}`,
  });
  const own = `Bearer ${changed.accessToken as string}`;
  await post(`${base}/agents/me/login`, own, {});
  return { id: agentId, userId: user.id, name, authorization: own };
}

/** `agents` logged-in agents over `queues` queues (each agent in two of them). */
export async function buildCallCenter(
  base: string,
  authorization: string,
  size: { agents: number; queues: number; concurrency?: number },
): Promise<{ agents: BenchAgent[]; queueIds: string[] }> {
  const queueIds: string[] = [];
  for (let q = 0; q < size.queues; q += 1) {
    queueIds.push((await post(`${base}/queues`, authorization, { name: `Queue ${q + 1}` })).id as string);
  }
  const agents = await pool(size.agents, size.concurrency ?? 4, (index) => createLoggedInAgent(base, authorization, index, queueIds));
  return { agents, queueIds };
}

/** An enabled pause reason of the tenant (made when there is none). */
export async function pauseReasonId(base: string, authorization: string): Promise<string> {
  const response = await fetch(`${base}/pause-reasons`, { headers: { authorization } });
  const listed = (await response.json()) as { id: string; enabled: boolean }[] | { items: { id: string; enabled: boolean }[] };
  const reasons = Array.isArray(listed) ? listed : listed.items;
  const enabled = reasons.find((reason) => reason.enabled);
  return enabled?.id ?? ((await post(`${base}/pause-reasons`, authorization, { code: 'BREAK', name: 'Break' })).id as string);
}
