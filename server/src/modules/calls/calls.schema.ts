import { Type, type Static } from 'typebox';
import { EXTENSION_NUMBER_PATTERN } from '@callcenter/rules/extension-number';
import { Nullable, StrictObject, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { CallbackTime } from '../leads/callbacks.schema.ts';
import { Recording } from '../recordings/recording.schema.ts';

/**
 * The filters of GET /calls and GET /recordings (decision 0032). `from` inclusive, `to` exclusive;
 * `extension` is an extension number; `phone` any written form of a number (phone-key.ts).
 */
export const callFilters = {
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  extension: Type.Optional(
    Type.String({ pattern: EXTENSION_NUMBER_PATTERN, description: 'An extension number' }),
  ),
  agentId: Type.Optional(Uuid),
  queueId: Type.Optional(Uuid),
  campaignId: Type.Optional(Uuid),
  trunkId: Type.Optional(Uuid),
  phone: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: '^[-0-9+()./ ]*[0-9][-0-9+()./ ]*$',
      description: 'Any written form: +55 11 98765-4321, (11) 98765-4321, 5511987654321…',
    }),
  ),
  hangupCause: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$', description: 'e.g. NORMAL_CLEARING' }),
  ),
  disposition: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$', description: 'A disposition code' }),
  ),
};

/** The contract's paginated list query: `page`, `pageSize` (default 50, max 500). */
export const pageParams = {
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
};

export const CallsQuery = StrictObject({ ...callFilters, ...pageParams });
export type CallsQuery = Static<typeof CallsQuery>;

export const CallDirection = Type.Union([
  Type.Literal('INBOUND'),
  Type.Literal('OUTBOUND'),
  Type.Literal('INTERNAL'),
]);

export const Call = Type.Object({
  id: Type.String(),
  direction: CallDirection,
  callerNumber: Nullable(Type.String()),
  callerName: Nullable(Type.String()),
  calledNumber: Nullable(Type.String()),
  extensionId: Nullable(Type.String()),
  extensionNumber: Nullable(Type.String()),
  trunkId: Nullable(Type.String()),
  trunkName: Nullable(Type.String()),
  queueId: Nullable(Type.String()),
  queueName: Nullable(Type.String()),
  agentId: Nullable(Type.String()),
  agentName: Nullable(Type.String()),
  attemptId: Nullable(Type.String()),
  campaignId: Nullable(Type.String()),
  leadId: Nullable(Type.String()),
  createdAt: Timestamp,
  answerAt: Nullable(Timestamp),
  queuedAt: Nullable(Timestamp),
  queueLeftAt: Nullable(Timestamp),
  queueCause: Nullable(Type.String()),
  bridgedAt: Nullable(Timestamp),
  endedAt: Nullable(Timestamp),
  ringTime: Nullable(Type.Integer()),
  waitTime: Nullable(Type.Integer()),
  talkTime: Nullable(Type.Integer()),
  durationSeconds: Nullable(Type.Integer()),
  billableSeconds: Nullable(Type.Integer()),
  hangupCause: Nullable(Type.String()),
  dispositionId: Nullable(Type.String()),
  disposition: Nullable(Type.String()),
  dispositionBy: Nullable(Type.String()),
  dispositionAt: Nullable(Timestamp),
  /** The call's recording, when it has one (GET /recordings/:id for its metadata). */
  recordingId: Nullable(Type.String()),
  /** A dialer call answered by the customer and released because no agent took it in time. */
  abandoned: Type.Boolean(),
});
export type Call = Static<typeof Call>;

export const CallList = Type.Object({
  items: Type.Array(Call),
  /** Exact when `totalExact`; otherwise a lower bound (the count stops 10,000 rows past the page). */
  total: Type.Integer(),
  totalExact: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CallList = Static<typeof CallList>;

export const CallLeg = Type.Object({
  id: Type.String(),
  direction: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
  channelName: Nullable(Type.String()),
  callerNumber: Nullable(Type.String()),
  destinationNumber: Nullable(Type.String()),
  extensionId: Nullable(Type.String()),
  agentId: Nullable(Type.String()),
  createdAt: Timestamp,
  answeredAt: Nullable(Timestamp),
  bridgedAt: Nullable(Timestamp),
  endedAt: Nullable(Timestamp),
  hangupCause: Nullable(Type.String()),
});
export type CallLeg = Static<typeof CallLeg>;

export const CallEvent = Type.Object({
  name: Type.String(),
  occurredAt: Timestamp,
  legId: Nullable(Type.String()),
  /** Only the allow-listed headers (call-events.ts); never variables or secrets. */
  headers: Type.Record(Type.String(), Type.String()),
  /** The tenant's names for the agent and queue the event speaks of (CC-Agent, CC-Queue), when known. */
  agentName: Nullable(Type.String()),
  queueName: Nullable(Type.String()),
});
export type CallEvent = Static<typeof CallEvent>;

export const CallDetail = Type.Object({
  ...Call.properties,
  legs: Type.Array(CallLeg),
  events: Type.Array(CallEvent),
  /** The call's first recording (as `recordingId`), null when none. */
  recording: Nullable(Recording),
  /** Every recording of the call, oldest first: one per entry into a recorded queue (decision 0041). */
  recordings: Type.Array(Recording),
});
export type CallDetail = Static<typeof CallDetail>;

/**
 * By id only: a code can be renamed, the id of a disposition cannot (decision 0032). `callbackAt`:
 * when to call the lead back; required (in the future) for a CALLBACK disposition of a call with a
 * lead, refused otherwise (decision 0043).
 */
export const DispositionBody = StrictObject({ dispositionId: Uuid, callbackAt: Type.Optional(CallbackTime) });
export type DispositionBody = Static<typeof DispositionBody>;
