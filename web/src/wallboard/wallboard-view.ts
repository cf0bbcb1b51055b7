// The wallboard's pure side: clocks, each agent's current call, agents by state for the bar chart.
import { AGENT_STATES, type AgentState } from '../agents/agent-state.ts';
import type { CallInProgress } from './wallboard.api.ts';

/** The call each agent is on (the newest, should the records show two), by agent id. */
export function currentCallByAgent(calls: readonly CallInProgress[]): Map<string, CallInProgress> {
  const byAgent = new Map<string, CallInProgress>();
  for (const call of calls) {
    if (!call.agentId) continue;
    const known = byAgent.get(call.agentId);
    if (!known || Date.parse(call.createdAt) > Date.parse(known.createdAt)) byAgent.set(call.agentId, call);
  }
  return byAgent;
}


/** Where a call in progress is: talking to an agent, waiting in a queue, answered elsewhere, or ringing. */
export function callStatus(call: Pick<CallInProgress, 'bridgedAt' | 'queueId' | 'answerAt'>): 'talking' | 'waiting' | 'answered' | 'ringing' {
  if (call.bridgedAt) return 'talking';
  if (call.queueId) return 'waiting';
  return call.answerAt ? 'answered' : 'ringing';
}

/** Logged-in agents by state, with each state's share of them (for the stacked bar); logged-out ones are left out. */
export function loggedInByState(agents: readonly { state: AgentState }[]): { state: AgentState; count: number; share: number }[] {
  const loggedIn = agents.filter((agent) => agent.state !== 'LOGGED_OUT');
  return AGENT_STATES.filter((state) => state !== 'LOGGED_OUT')
    .map((state) => {
      const count = loggedIn.filter((agent) => agent.state === state).length;
      return { state, count, share: loggedIn.length ? count / loggedIn.length : 0 };
    })
    .filter((entry) => entry.count > 0);
}

/** Calls at most once per `ms`, the last call of a burst included (a burst of events, one re-read). */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  const throttled = () => {
    if (timer) return;
    const wait = Math.max(0, last + ms - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      fn();
    }, wait);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
