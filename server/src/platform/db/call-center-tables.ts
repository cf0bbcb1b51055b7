// The call center: queues, agents, their tiers, pauses and dispositions, and the agent logs.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, SoftDelete, Stamps, Defaulted } from './column-types.ts';

export type QueueStrategy =
  | 'RING_ALL'
  | 'LONGEST_IDLE_AGENT'
  | 'ROUND_ROBIN'
  | 'TOP_DOWN'
  | 'AGENT_WITH_LEAST_TALK_TIME'
  | 'AGENT_WITH_FEWEST_CALLS'
  | 'SEQUENTIALLY_BY_AGENT_ORDER'
  | 'RANDOM'
  | 'RING_PROGRESSIVELY';

export interface QueuesTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  strategy: Defaulted<QueueStrategy>;
  musicOnHold: Defaulted<string>;
  announceSound: string | null;
  announceFrequency: number | null;
  maxWaitTime: Defaulted<number>;
  tierRulesApply: Defaulted<boolean>;
  tierRuleWaitSecond: Defaulted<number>;
  tierRuleWaitMultiplyLevel: Defaulted<boolean>;
  tierRuleNoAgentNoWait: Defaulted<boolean>;
  discardAbandonedAfter: Defaulted<number>;
  skipAgentsWithExternalCalls: Defaulted<boolean>;
  recordingEnabled: Defaulted<boolean>;
  serviceLevelSeconds: Defaulted<number>;
  /** numeric: read as text by pg. */
  serviceLevelTarget: ColumnType<string, number | undefined, number>;
  abandonRateTarget: ColumnType<string, number | undefined, number>;
  shortAbandonSeconds: Defaulted<number>;
}

/** The eight agent states; LOGGED_OUT is the state after logout (and before the first login). */
export type AgentState = 'LOGGED_OUT' | 'AVAILABLE' | 'PAUSED' | 'RESERVED' | 'RINGING' | 'IN_CALL' | 'WRAP_UP' | 'ON_EXTERNAL_CALL';

export interface AgentsTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  userId: string;
  extensionId: string;
  name: string | null;
  state: Defaulted<AgentState>;
  stateChangedAt: Defaulted<Date>;
  wrapUpSeconds: Defaulted<number>;
  maxNoAnswer: Defaulted<number>;
  rejectDelaySeconds: Defaulted<number>;
  busyDelaySeconds: Defaulted<number>;
  noAnswerDelaySeconds: Defaulted<number>;
}

export interface QueueTiersTable {
  tenantId: string;
  queueId: string;
  agentId: string;
  level: Defaulted<number>;
  position: Defaulted<number>;
  createdAt: CreatedAt;
}

export interface PauseReasonsTable extends Stamps {
  id: Generated<string>;
  tenantId: string;
  code: string;
  name: string;
  enabled: Defaulted<boolean>;
}

export type DispositionAction = 'NONE' | 'CALLBACK' | 'DO_NOT_CALL' | 'SUCCESS';

export interface DispositionsTable extends Stamps {
  id: Generated<string>;
  tenantId: string;
  code: string;
  name: string;
  action: Defaulted<DispositionAction>;
  enabled: Defaulted<boolean>;
}

export interface AgentSessionsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export interface AgentStateEventsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  sessionId: string | null;
  fromState: AgentState;
  toState: AgentState;
  cause: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export interface AgentPauseEventsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  sessionId: string | null;
  pauseReasonId: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export type SwitchConfigKind = 'directory' | 'dialplan' | 'gateways' | 'callcenter' | 'public';

export interface SwitchConfigChangesTable {
  tenantId: string;
  kind: SwitchConfigKind;
  changedAt: Defaulted<Date>;
}
