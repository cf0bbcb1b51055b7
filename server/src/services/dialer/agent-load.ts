// Pure: a campaign queue's agents as pacing sees them: free now, or busy (talking, about to talk,
// wrapping up) for how long. Paused and logged-out agents take no call and are not counted.
import type { AgentState } from '../../platform/db/schema.ts';
import type { BusyAgent } from '../../modules/dialer/forecast.ts';

export interface AgentLoad {
  available: number;
  busy: BusyAgent[];
  /** The agents' configured wrap-up, averaged (the forecast takes one value). */
  wrapUpSeconds: number;
}

export function agentLoad(agents: ReadonlyArray<{ agentId: string; state: AgentState; stateChangedAtMs: number; wrapUpSeconds: number }>, now: Date): AgentLoad {
  const seen = new Set<string>();
  const busy: BusyAgent[] = [];
  let available = 0;
  let wrapUpTotal = 0;
  let counted = 0;
  for (const agent of agents) {
    if (seen.has(agent.agentId)) continue;
    seen.add(agent.agentId);
    const elapsedSeconds = Math.max(0, (now.getTime() - agent.stateChangedAtMs) / 1000);
    switch (agent.state) {
      case 'AVAILABLE':
        available++;
        break;
      case 'IN_CALL':
      case 'ON_EXTERNAL_CALL':
        busy.push({ phase: 'TALK', elapsedSeconds });
        break;
      // Offered a call: about to talk, so not free within the horizon.
      case 'RESERVED':
      case 'RINGING':
        busy.push({ phase: 'TALK', elapsedSeconds: 0 });
        break;
      case 'WRAP_UP':
        busy.push({ phase: 'WRAP_UP', elapsedSeconds });
        break;
      case 'PAUSED':
      case 'LOGGED_OUT':
        continue;
    }
    wrapUpTotal += agent.wrapUpSeconds;
    counted++;
  }
  return { available, busy, wrapUpSeconds: counted > 0 ? Math.round(wrapUpTotal / counted) : 0 };
}
