// Pure: how mod_callcenter's view of an agent (its status and state, its wrap-up, the live channels
// on the agent's extension) becomes the platform's agent state. The switch is the truth for call
// states; login and pause are the platform's, so a switch view never moves an agent out of
// LOGGED_OUT or PAUSED (decision 0033 has the whole table).
import type { AgentState } from '../../platform/db/schema.ts';

/** mod_callcenter's agent statuses (cc_agent_status_t), as its events and lists spell them. */
export const SWITCH_AGENT_STATUSES = ['Logged Out', 'Available', 'Available (On Demand)', 'On Break'] as const;
export type SwitchAgentStatus = (typeof SWITCH_AGENT_STATUSES)[number];

/** mod_callcenter's agent states (cc_agent_state_t). */
export const SWITCH_AGENT_STATES = ['Waiting', 'Receiving', 'In a queue call', 'Idle', 'Reserved'] as const;
export type SwitchAgentState = (typeof SWITCH_AGENT_STATES)[number];

/** mod_callcenter compares names case-insensitively (cc_agent_str2status/str2state); unknown → null. */
export function parseSwitchStatus(value: string | undefined): SwitchAgentStatus | null {
  const lower = value?.trim().toLowerCase();
  return SWITCH_AGENT_STATUSES.find((status) => status.toLowerCase() === lower) ?? null;
}

export function parseSwitchState(value: string | undefined): SwitchAgentState | null {
  const lower = value?.trim().toLowerCase();
  return SWITCH_AGENT_STATES.find((state) => state.toLowerCase() === lower) ?? null;
}

/** The states the switch moves an agent between (the agent is logged in and not on a break). */
export const SWITCH_DRIVEN_STATES = ['AVAILABLE', 'RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'] as const satisfies readonly AgentState[];

export const isSwitchDriven = (state: AgentState): boolean => (SWITCH_DRIVEN_STATES as readonly AgentState[]).includes(state);

/** The statuses under which mod_callcenter offers queue calls (what login/resume set). */
export const isOfferable = (status: SwitchAgentStatus | null): boolean => status === 'Available' || status === 'Available (On Demand)';

/** The switch's view of one agent, from its events or from `callcenter_config agent list`. */
export interface SwitchView {
  status: SwitchAgentStatus | null;
  state: SwitchAgentState | null;
  /**
   * Whether mod_callcenter still holds the agent back after its last queue call: its offer query
   * skips an agent until `last_bridge_end + wrap_up_time` has passed (the agent is back in state
   * Waiting at once; no event marks the end).
   */
  inWrapUp: boolean;
  /** A call on the agent's extension that mod_callcenter did not place (no cc_side on the channel). */
  externalCall: boolean;
}

/**
 * The state the switch says the agent is in, for an agent the platform has logged in and not
 * paused; null for the platform's own states (LOGGED_OUT, PAUSED), which no switch view changes.
 * A status under which mod_callcenter offers nothing (On Break, Logged Out, the agent missing) is
 * a disagreement about login or pause, which the platform corrects on the switch; meanwhile the
 * agent is AVAILABLE unless a call says otherwise.
 */
export function stateFromSwitch(platform: AgentState, view: SwitchView): AgentState | null {
  if (!isSwitchDriven(platform)) return null;
  // A queue call in progress outranks everything else the switch says.
  switch (view.state) {
    case 'Reserved':
      return 'RESERVED';
    case 'Receiving':
      return 'RINGING';
    case 'In a queue call':
      return 'IN_CALL';
    case 'Idle':
    case 'Waiting':
    case null:
      break;
  }
  if (view.externalCall) return 'ON_EXTERNAL_CALL';
  if (!isOfferable(view.status)) return 'AVAILABLE';
  // Idle: "Available (On Demand)" after a call, held until the state is set back to Waiting.
  if (view.state === 'Idle' || view.inWrapUp) return 'WRAP_UP';
  return 'AVAILABLE';
}

/**
 * mod_callcenter gave up on the agent (agent-max-no-answer: it has set the queue's
 * agent-no-answer-status, On Break by default): a logged-in agent the switch drives becomes PAUSED,
 * so it agrees with the switch and the self-healing keeps it there until the agent resumes. An agent
 * already paused or logged out stays as it is.
 */
export const stateOnMaxNoAnswer = (platform: AgentState): AgentState | null => (isSwitchDriven(platform) ? 'PAUSED' : null);

/** mod_callcenter's wrap-up test: the agent may be offered again once `lastBridgeEnd + wrapUpTime` is past (epoch seconds). */
export function wrapUpEndsAt(lastBridgeEnd: number, wrapUpTime: number): number | null {
  if (!(lastBridgeEnd > 0) || !(wrapUpTime > 0)) return null;
  return lastBridgeEnd + wrapUpTime;
}

/** The module offers only when `last_bridge_end < now - wrap_up_time`, strictly (agents_callback). */
export const isInWrapUp = (lastBridgeEnd: number, wrapUpTime: number, nowSeconds: number): boolean => {
  const end = wrapUpEndsAt(lastBridgeEnd, wrapUpTime);
  return end !== null && !(lastBridgeEnd < nowSeconds - wrapUpTime);
};

/** The extension (number and SIP domain) a channel belongs to, from its presence id `<number>@<domain>`. */
export function extensionOfPresence(presenceId: string | undefined): { number: string; domain: string } | null {
  const match = /^([^@\s]+)@([^@\s]+)$/.exec(presenceId?.trim() ?? '');
  if (!match) return null;
  return { number: match[1]!, domain: match[2]!.toLowerCase() };
}

/**
 * Whether a channel on an agent's extension is that agent's own call rather than a leg
 * mod_callcenter placed: mod_callcenter originates every agent leg with `cc_side=agent` and
 * `cc_agent` (outbound_agent_thread_run), so their absence means a call not from a queue.
 */
export function isQueueLeg(headers: Record<string, string>): boolean {
  return Boolean(headers.variable_cc_side || headers.variable_cc_agent || headers.variable_cc_member_session_uuid);
}

const AGENT_NAME = /^a-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The agent id in a mod_callcenter agent name (`a-<uuid>`, naming.ts), or null for any other agent. */
export function parseAgentName(name: string | undefined): string | null {
  return AGENT_NAME.exec(name?.trim() ?? '')?.[1]?.toLowerCase() ?? null;
}

/**
 * The move an `agent-state-change` event makes, for the agent's current state; null = none.
 * `wrapUpActive`: the switch still holds the agent back after the queue call that just ended
 * (mod_callcenter goes straight back to Waiting; its offer query waits `wrap_up_time` more).
 * Waiting never ends WRAP_UP (the wrap-up's end has no event: the switch is asked then) nor
 * ON_EXTERNAL_CALL (its channel's hangup does).
 */
export function stateOnAgentStateEvent(platform: AgentState, state: SwitchAgentState | null, wrapUpActive: boolean): AgentState | null {
  if (!isSwitchDriven(platform) || state === null) return null;
  switch (state) {
    case 'Reserved':
      return 'RESERVED';
    case 'Receiving':
      return 'RINGING';
    case 'In a queue call':
      return 'IN_CALL';
    case 'Idle':
      return 'WRAP_UP';
    case 'Waiting':
      if (platform === 'IN_CALL') return wrapUpActive ? 'WRAP_UP' : 'AVAILABLE';
      if (platform === 'RINGING' || platform === 'RESERVED') return 'AVAILABLE';
      return null;
  }
}

/** A call not from a queue starts on the agent's extension: only a free agent (or one in wrap-up) becomes busy with it. */
export const stateOnExternalCallStart = (platform: AgentState): AgentState | null =>
  platform === 'AVAILABLE' || platform === 'WRAP_UP' ? 'ON_EXTERNAL_CALL' : null;

/** The last call not from a queue ended: back to wrap-up if the switch still holds the agent, else available. */
export const stateOnExternalCallEnd = (platform: AgentState, wrapUpActive: boolean): AgentState | null =>
  platform === 'ON_EXTERNAL_CALL' ? (wrapUpActive ? 'WRAP_UP' : 'AVAILABLE') : null;

/** The cause of a move out of RINGING for an offer taken back from the agent: not the agent's miss (decision 0088). */
export const OFFER_WITHDRAWN = 'offer_withdrawn';

/**
 * Whether bridge-agent-fail's CC-Hangup-Cause says the offer was taken back rather than refused or
 * unanswered: the caller left while the agent's phone rang (ORIGINATOR_CANCEL), or another agent of
 * a ring-all queue answered first (LOSE_RACE).
 */
export const isWithdrawnOffer = (cause: string | undefined): boolean => cause === 'ORIGINATOR_CANCEL' || cause === 'LOSE_RACE';

/** A withdrawn offer frees an agent still ringing, if its ring began before the offer ended (a later ring is another offer). */
export const stateOnOfferWithdrawn = (platform: AgentState, ringingSince: Date, withdrawnAtSeconds: number): AgentState | null =>
  platform === 'RINGING' && ringingSince.getTime() <= withdrawnAtSeconds * 1000 ? 'AVAILABLE' : null;
