// mod_callcenter's tables (agents, tiers, members) and queue settings, with its status/state
// names (AGENT_STATUS_CHART, AGENT_STATE_CHART, STATE_CHART, MEMBER_STATE_CHART).
import type { Channel } from '../core/channel.ts';

export const AGENT_STATUSES = ['Logged Out', 'Available', 'Available (On Demand)', 'On Break'] as const;
export const AGENT_STATES = ['Waiting', 'Receiving', 'In a queue call', 'Idle', 'Reserved'] as const;
export const TIER_STATES = ['No Answer', 'Ready', 'Offering', 'Active Inbound', 'Standby'] as const;

export function findName<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((entry) => entry.toLowerCase() === value.toLowerCase());
}

export interface Agent {
  name: string;
  instanceId: string;
  uuid: string;
  type: string;
  contact: string;
  status: string;
  state: string;
  maxNoAnswer: number;
  wrapUpTime: number;
  rejectDelayTime: number;
  busyDelayTime: number;
  noAnswerDelayTime: number;
  lastBridgeStart: number;
  lastBridgeEnd: number;
  lastOfferedCall: number;
  lastStatusChange: number;
  noAnswerCount: number;
  callsAnswered: number;
  talkTime: number;
  readyTime: number;
  externalCallsCount: number;
}

export interface Tier {
  queue: string;
  agent: string;
  state: string;
  level: number;
  position: number;
}

export interface Member {
  queue: string;
  instanceId: string;
  uuid: string;
  sessionUuid: string;
  cidNumber: string;
  cidName: string;
  systemEpoch: number;
  joinedEpoch: number;
  rejoinedEpoch: number;
  bridgeEpoch: number;
  abandonedEpoch: number;
  baseScore: number;
  skillScore: number;
  servingAgent: string;
  servingSystem: string;
  state: string;
  /** Live objects (not columns). */
  session?: Channel;
  offers: Set<string>;
  done?: (outcome: string) => void;
  stopMoh?: () => void;
  cancelTimers?: () => void;
}

export interface Queue {
  name: string;
  strategy: string;
  moh: string;
  announceSound: string;
  announceFrequency: number;
  timeBaseScore: string;
  tierRulesApply: boolean;
  tierRuleWaitSecond: number;
  tierRuleWaitMultiplyLevel: boolean;
  tierRuleNoAgentNoWait: boolean;
  discardAbandonedAfter: number;
  abandonedResumeAllowed: boolean;
  maxWaitTime: number;
  maxWaitTimeWithNoAgent: number;
  maxWaitTimeWithNoAgentTimeReached: number;
  recordTemplate: string;
  callsAnswered: number;
  callsAbandoned: number;
  ringProgressivelyDelay: number;
  skipAgentsWithExternalCalls: boolean;
  agentNoAnswerStatus: string;
  /** round-robin position */
  lastAgentIndex: number;
}

/** switch_is_number: an optional sign, then only digits and dots (so "" is a number). */
const isNumber = (value: string): boolean => /^[+-]?[0-9.]*$/.test(value);
/** atoi: the leading integer, 0 when there is none. */
export const atoi = (value: string): number => {
  const m = /^\s*([+-]?\d+)/.exec(value);
  return m ? Math.max(-2147483648, Math.min(2147483647, Number(m[1]))) : 0;
};
/** switch_true / switch_false. */
const TRUE_WORDS = ['yes', 'on', 'true', 't', 'enabled', 'active', 'allow'];
const FALSE_WORDS = ['no', 'off', 'false', 'f', 'disabled', 'inactive', 'disallow'];
export const switchTrue = (value: string): boolean => TRUE_WORDS.includes(value.toLowerCase()) || (isNumber(value) && atoi(value) !== 0);
const switchFalse = (value: string): boolean => FALSE_WORDS.includes(value.toLowerCase()) || (isNumber(value) && atoi(value) === 0);

/** SWITCH_CONFIG_BOOL: true or false words, anything else the default. */
const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined) return fallback;
  if (switchTrue(value)) return true;
  if (switchFalse(value)) return false;
  return fallback;
};
/** SWITCH_CONFIG_INT with config_int_0_86400: not a number or out of range gives the default. */
const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = isNumber(value) ? atoi(value) : fallback;
  return n >= 0 && n <= 86400 ? n : fallback;
};

/**
 * load_queue: the queue_set_config items of mod_callcenter.c with their defaults, read from the
 * queue's direct <param> children (`p`, names lower-cased); unknown names are ignored.
 */
export function queueFromParams(name: string, p: Record<string, string>): Queue {
  const status = findName(AGENT_STATUSES, p['agent-no-answer-status'] ?? 'On Break');
  return {
    name,
    strategy: p.strategy ?? 'longest-idle-agent',
    moh: p['moh-sound'] ?? '',
    announceSound: p['announce-sound'] ?? '',
    announceFrequency: int(p['announce-frequency'], 0),
    timeBaseScore: p['time-base-score'] ?? 'queue',
    tierRulesApply: bool(p['tier-rules-apply'], false),
    tierRuleWaitSecond: int(p['tier-rule-wait-second'], 0),
    tierRuleWaitMultiplyLevel: bool(p['tier-rule-wait-multiply-level'], false),
    tierRuleNoAgentNoWait: bool(p['tier-rule-no-agent-no-wait'], true),
    discardAbandonedAfter: int(p['discard-abandoned-after'], 60),
    abandonedResumeAllowed: bool(p['abandoned-resume-allowed'], false),
    maxWaitTime: int(p['max-wait-time'], 0),
    maxWaitTimeWithNoAgent: int(p['max-wait-time-with-no-agent'], 0),
    maxWaitTimeWithNoAgentTimeReached: int(p['max-wait-time-with-no-agent-time-reached'], 5),
    recordTemplate: p['record-template'] ?? '',
    callsAnswered: 0,
    callsAbandoned: 0,
    ringProgressivelyDelay: int(p['ring-progressively-delay'], 0),
    skipAgentsWithExternalCalls: bool(p['skip-agents-with-external-calls'], true),
    // An unknown status is replaced by "On Break" (with a warning); a known one is kept as written.
    agentNoAnswerStatus: status ? (p['agent-no-answer-status'] ?? status) : 'On Break',
    lastAgentIndex: -1,
  };
}

export function newAgent(name: string, type: string): Agent {
  return {
    name,
    instanceId: 'single_box',
    uuid: '',
    type,
    contact: '',
    status: 'Logged Out',
    state: 'Waiting',
    maxNoAnswer: 0,
    wrapUpTime: 0,
    rejectDelayTime: 0,
    busyDelayTime: 0,
    noAnswerDelayTime: 0,
    lastBridgeStart: 0,
    lastBridgeEnd: 0,
    lastOfferedCall: 0,
    lastStatusChange: 0,
    noAnswerCount: 0,
    callsAnswered: 0,
    talkTime: 0,
    readyTime: 0,
    externalCallsCount: 0,
  };
}

/** "callcenter_config agent list" columns (SELECT * FROM agents). */
export function agentRow(a: Agent): string[] {
  return [a.name, a.instanceId, a.uuid, a.type, a.contact, a.status, a.state, a.maxNoAnswer, a.wrapUpTime, a.rejectDelayTime, a.busyDelayTime, a.noAnswerDelayTime, a.lastBridgeStart, a.lastBridgeEnd, a.lastOfferedCall, a.lastStatusChange, a.noAnswerCount, a.callsAnswered, a.talkTime, a.readyTime, a.externalCallsCount].map(String);
}
export const AGENT_COLUMNS = 'name|instance_id|uuid|type|contact|status|state|max_no_answer|wrap_up_time|reject_delay_time|busy_delay_time|no_answer_delay_time|last_bridge_start|last_bridge_end|last_offered_call|last_status_change|no_answer_count|calls_answered|talk_time|ready_time|external_calls_count';
export const TIER_COLUMNS = 'queue|agent|state|level|position';
export const MEMBER_COLUMNS = 'queue|instance_id|uuid|session_uuid|cid_number|cid_name|system_epoch|joined_epoch|rejoined_epoch|bridge_epoch|abandoned_epoch|base_score|skill_score|serving_agent|serving_system|state|score';

export function memberRow(m: Member, now: number): string[] {
  return [m.queue, m.instanceId, m.uuid, m.sessionUuid, m.cidNumber, m.cidName, m.systemEpoch, m.joinedEpoch, m.rejoinedEpoch, m.bridgeEpoch, m.abandonedEpoch, m.baseScore, m.skillScore, m.servingAgent, m.servingSystem, m.state, now - m.joinedEpoch + m.baseScore + m.skillScore].map(String);
}
