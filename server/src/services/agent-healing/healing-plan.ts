// Pure: what the self-healing does for one agent, from the platform's view and the switch's. The
// switch is the truth for call states; the platform for login, pause and tiers (decision 0033).
import type { AgentState } from '../../platform/db/schema.ts';
import type { CallCenterAgentStatus } from '../../platform/switch/callcenter.ts';
import { switchStatusOf } from '../../modules/agents/agent-state.ts';
import { isInWrapUp, isOfferable, isSwitchDriven, stateFromSwitch } from '../event-consumer/agent-mapping.ts';
import type { SwitchAgentRow } from './agent-list.ts';

export interface TierSpec {
  queue: string;
  level: number;
  position: number;
}

export interface HealingInput {
  state: AgentState;
  /** The agent's row in `callcenter_config agent list`; undefined when the switch does not know it. */
  row: SwitchAgentRow | undefined;
  /** A live channel on the agent's extension that mod_callcenter did not place. */
  externalCall: boolean;
  /** The agent's tiers as the platform has them (queues by switch name) and as the switch has them. */
  tiers: { platform: TierSpec[]; switch: TierSpec[] };
  nowSeconds: number;
}

export interface HealingPlan {
  /** The agent is unknown to the switch: add it (contact, settings, status) and every tier. */
  readd: boolean;
  /** The status to push (the platform's login or pause), when the switch has another. */
  status: CallCenterAgentStatus | null;
  /** Tiers to (re)write and to remove (queues by switch name); empty when `readd` pushes them all. */
  tiers: { upsert: TierSpec[]; remove: string[] };
  /** The platform's state to take from the switch, and why ('wrap_up_end' is no disagreement). */
  state: { to: AgentState; cause: 'healed' | 'wrap_up_end' } | null;
}

/** Whether the switch holds the status the platform's state needs ("On Demand" counts as Available). */
function statusAgrees(state: AgentState, status: SwitchAgentRow['status']): boolean {
  const wanted = switchStatusOf(state);
  return wanted === 'Available' ? isOfferable(status) : status === wanted;
}

export function planHealing(input: HealingInput): HealingPlan {
  const { state, row } = input;
  const loggedIn = state !== 'LOGGED_OUT';
  const plan: HealingPlan = { readd: false, status: null, tiers: { upsert: [], remove: [] }, state: null };
  if (!row) {
    // A logged-out agent the switch forgot is harmless (the configuration sync adds agents).
    if (loggedIn) plan.readd = true;
  } else if (!statusAgrees(state, row.status)) {
    plan.status = switchStatusOf(state);
  }
  if (loggedIn && !plan.readd) {
    const onSwitch = new Map(input.tiers.switch.map((tier) => [tier.queue, tier]));
    const wanted = new Set(input.tiers.platform.map((tier) => tier.queue));
    plan.tiers.upsert = input.tiers.platform.filter((tier) => {
      const there = onSwitch.get(tier.queue);
      return !there || there.level !== tier.level || there.position !== tier.position;
    });
    plan.tiers.remove = input.tiers.switch.filter((tier) => !wanted.has(tier.queue)).map((tier) => tier.queue);
  }
  if (isSwitchDriven(state)) {
    const inWrapUp = row ? isInWrapUp(row.lastBridgeEnd, row.wrapUpTime, input.nowSeconds) : false;
    const to = stateFromSwitch(state, {
      status: row?.status ?? null,
      state: row?.state ?? null,
      inWrapUp,
      externalCall: input.externalCall || (row?.externalCallsCount ?? 0) > 0,
    });
    if (to && to !== state) {
      const naturalEnd = state === 'WRAP_UP' && to === 'AVAILABLE' && row?.state === 'Waiting' && isOfferable(row.status);
      plan.state = { to, cause: naturalEnd ? 'wrap_up_end' : 'healed' };
    }
  }
  return plan;
}

/** Whether a plan corrects anything (a natural wrap-up end is not a correction). */
export function isCorrection(plan: HealingPlan): boolean {
  return plan.readd || plan.status !== null || plan.tiers.upsert.length > 0 || plan.tiers.remove.length > 0 || plan.state?.cause === 'healed';
}
