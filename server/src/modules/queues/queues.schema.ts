import { Type, type Static } from 'typebox';
import { IdParams, Nullable, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { AgentStateSchema } from '../agents/agents.schema.ts';
import { SOUND_PATTERN } from '../../platform/switch/sounds.ts';

/** mod_callcenter's strategies, in the API's upper-case spelling. */
export const QUEUE_STRATEGIES = [
  'RING_ALL',
  'LONGEST_IDLE_AGENT',
  'ROUND_ROBIN',
  'TOP_DOWN',
  'AGENT_WITH_LEAST_TALK_TIME',
  'AGENT_WITH_FEWEST_CALLS',
  'SEQUENTIALLY_BY_AGENT_ORDER',
  'RANDOM',
  'RING_PROGRESSIVELY',
] as const;

export const QueueStrategy = Type.Enum(QUEUE_STRATEGIES);

// A sound reaches the switch as a playback target: one of its named streams or a file of its
// sound library (platform/switch/sounds.ts, decision 0014).
const Sound = Type.String({ minLength: 1, maxLength: 255, pattern: SOUND_PATTERN });
const Seconds = Type.Integer({ minimum: 0, maximum: 86_400 });

export const Queue = Type.Object({
  id: Type.String(),
  name: Type.String(),
  strategy: QueueStrategy,
  musicOnHold: Type.String(),
  announceSound: Nullable(Type.String()),
  announceFrequency: Nullable(Type.Integer()),
  maxWaitTime: Type.Integer(),
  tierRulesApply: Type.Boolean(),
  tierRuleWaitSecond: Type.Integer(),
  tierRuleWaitMultiplyLevel: Type.Boolean(),
  tierRuleNoAgentNoWait: Type.Boolean(),
  discardAbandonedAfter: Type.Integer(),
  skipAgentsWithExternalCalls: Type.Boolean(),
  recordingEnabled: Type.Boolean(),
  serviceLevelSeconds: Type.Integer(),
  serviceLevelTarget: Type.Number(),
  abandonRateTarget: Type.Number(),
  shortAbandonSeconds: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Queue = Static<typeof Queue>;

const QueueSettings = {
  strategy: Type.Optional(QueueStrategy),
  musicOnHold: Type.Optional(Sound),
  announceSound: Type.Optional(Nullable(Sound)),
  announceFrequency: Type.Optional(Nullable(Seconds)),
  maxWaitTime: Type.Optional(Seconds),
  tierRulesApply: Type.Optional(Type.Boolean()),
  tierRuleWaitSecond: Type.Optional(Seconds),
  tierRuleWaitMultiplyLevel: Type.Optional(Type.Boolean()),
  tierRuleNoAgentNoWait: Type.Optional(Type.Boolean()),
  discardAbandonedAfter: Type.Optional(Seconds),
  skipAgentsWithExternalCalls: Type.Optional(Type.Boolean()),
  recordingEnabled: Type.Optional(Type.Boolean()),
  // The reports' thresholds and targets (docs/reports.md): answered within N s, abandons within N s
  // not counted against the queue, and the shares the charts draw as targets.
  serviceLevelSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
  serviceLevelTarget: Type.Optional(Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.001 })),
  abandonRateTarget: Type.Optional(Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.001 })),
  shortAbandonSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
};

const QueueName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const QueueCreateBody = Type.Object(
  { name: QueueName, ...QueueSettings },
  { additionalProperties: false },
);
export type QueueCreateBody = Static<typeof QueueCreateBody>;

export const QueuePatchBody = Type.Object(
  { name: Type.Optional(QueueName), ...QueueSettings },
  { additionalProperties: false, minProperties: 1 },
);
export type QueuePatchBody = Static<typeof QueuePatchBody>;

export const QueueParams = IdParams;
export const TierParams = Type.Object({ id: Uuid, agentId: Uuid });

export const Tier = Type.Object({
  queueId: Type.String(),
  agentId: Type.String(),
  level: Type.Integer(),
  position: Type.Integer(),
  createdAt: Timestamp,
  agent: Type.Object({
    id: Type.String(),
    name: Nullable(Type.String()),
    state: AgentStateSchema,
    userId: Type.String(),
    userEmail: Nullable(Type.String()),
    extensionNumber: Type.String(),
  }),
});
export type Tier = Static<typeof Tier>;

export const TierAssignBody = Type.Object(
  {
    agentId: Uuid,
    level: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    position: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
  },
  { additionalProperties: false },
);
export type TierAssignBody = Static<typeof TierAssignBody>;

export const TierRemoveBody = Type.Object({ agentId: Uuid }, { additionalProperties: false });
