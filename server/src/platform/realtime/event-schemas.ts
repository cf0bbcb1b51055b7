// The payload of every realtime event the switch consumer emits for calls and queues, one schema
// per event (docs/events.md). The publisher adds `type`, `tenantId` and `at`; the console imports
// these schemas (and their static types) to read what it receives.
import { Type, type Static, type TProperties } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });
const NullableUuid = Type.Union([Uuid, Type.Null()]);
/** ISO 8601 UTC, from the switch's own event time. */
const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);
const Seconds = Type.Integer({ minimum: 0 });
const Direction = Type.Union([Type.Literal('INBOUND'), Type.Literal('OUTBOUND'), Type.Literal('INTERNAL')]);

/** Every event as delivered: its payload plus what the publisher adds. */
const delivered = <P extends TProperties>(type: string, properties: P) =>
  Type.Object({ ...properties, type: Type.Literal(type), tenantId: Uuid, at: Time }, { additionalProperties: false });

const callCreated = {
  callId: Uuid,
  direction: Direction,
  callerNumber: NullableText,
  callerName: NullableText,
  calledNumber: NullableText,
  extensionId: NullableUuid,
  trunkId: NullableUuid,
  campaignId: NullableUuid,
  createdAt: Time,
};
const callAnswered = { callId: Uuid, answerAt: Time };
const callEnded = {
  callId: Uuid,
  direction: Direction,
  queueId: NullableUuid,
  agentId: NullableUuid,
  createdAt: Time,
  answerAt: NullableTime,
  bridgedAt: NullableTime,
  endedAt: Time,
  hangupCause: NullableText,
  ringTime: Seconds,
  waitTime: Seconds,
  talkTime: Seconds,
  durationSeconds: Seconds,
  billableSeconds: Seconds,
};
const queueMemberCount = { queueId: Uuid, count: Seconds };
const queueMemberLeft = {
  queueId: Uuid,
  callId: NullableUuid,
  /** mod_callcenter's CC-Cause: Terminated (served, then ended) or Cancel (left unserved). */
  cause: Type.String(),
  /** CC-Cancel-Reason of a Cancel (NONE, NO_AGENT_TIMEOUT, TIMEOUT, BREAK_OUT, EXIT_WITH_KEY), else null. */
  cancelReason: NullableText,
  joinedAt: NullableTime,
  leftAt: Time,
};
const agentOfferedCall = {
  agentId: Uuid,
  queueId: NullableUuid,
  callId: NullableUuid,
  callerNumber: NullableText,
  callerName: NullableText,
};
const agentBridgeFailed = { agentId: Uuid, queueId: NullableUuid, callId: NullableUuid, cause: NullableText };

export const CallCreatedPayload = Type.Object(callCreated, { additionalProperties: false });
export const CallAnsweredPayload = Type.Object(callAnswered, { additionalProperties: false });
export const CallEndedPayload = Type.Object(callEnded, { additionalProperties: false });
export const QueueMemberCountPayload = Type.Object(queueMemberCount, { additionalProperties: false });
export const QueueMemberLeftPayload = Type.Object(queueMemberLeft, { additionalProperties: false });
export const AgentOfferedCallPayload = Type.Object(agentOfferedCall, { additionalProperties: false });
export const AgentBridgeFailedPayload = Type.Object(agentBridgeFailed, { additionalProperties: false });

export type CallCreatedPayload = Static<typeof CallCreatedPayload>;
export type CallAnsweredPayload = Static<typeof CallAnsweredPayload>;
export type CallEndedPayload = Static<typeof CallEndedPayload>;
export type QueueMemberCountPayload = Static<typeof QueueMemberCountPayload>;
export type QueueMemberLeftPayload = Static<typeof QueueMemberLeftPayload>;
export type AgentOfferedCallPayload = Static<typeof AgentOfferedCallPayload>;
export type AgentBridgeFailedPayload = Static<typeof AgentBridgeFailedPayload>;

/** What a publisher passes for each event type (without type, tenantId, at). */
export const CALL_EVENT_PAYLOADS = {
  CALL_CREATED: CallCreatedPayload,
  CALL_ANSWERED: CallAnsweredPayload,
  CALL_ENDED: CallEndedPayload,
  QUEUE_MEMBER_COUNT: QueueMemberCountPayload,
  QUEUE_MEMBER_LEFT: QueueMemberLeftPayload,
  AGENT_OFFERED_CALL: AgentOfferedCallPayload,
  AGENT_BRIDGE_FAILED: AgentBridgeFailedPayload,
} as const;

/** The same events as a socket delivers them (payload + type, tenantId, at). */
export const CALL_EVENTS_DELIVERED = {
  CALL_CREATED: delivered('CALL_CREATED', callCreated),
  CALL_ANSWERED: delivered('CALL_ANSWERED', callAnswered),
  CALL_ENDED: delivered('CALL_ENDED', callEnded),
  QUEUE_MEMBER_COUNT: delivered('QUEUE_MEMBER_COUNT', queueMemberCount),
  QUEUE_MEMBER_LEFT: delivered('QUEUE_MEMBER_LEFT', queueMemberLeft),
  AGENT_OFFERED_CALL: delivered('AGENT_OFFERED_CALL', agentOfferedCall),
  AGENT_BRIDGE_FAILED: delivered('AGENT_BRIDGE_FAILED', agentBridgeFailed),
} as const;

export type CallEventType = keyof typeof CALL_EVENT_PAYLOADS;
export type CallEventPayloads = { [K in CallEventType]: Static<(typeof CALL_EVENT_PAYLOADS)[K]> };
