import { Type, type Static } from 'typebox';
import { IdParams, Nullable, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { AGENT_STATES } from './agent-state.ts';

export const AgentStateSchema = Type.Enum(AGENT_STATES);

export const Agent = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  /** Null when the user has since left the tenant. */
  userEmail: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  extensionId: Type.String(),
  extensionNumber: Type.String(),
  /** Whether the agent's phone is registered on the switch now: an agent logged in without it receives no call. */
  phoneRegistered: Type.Boolean(),
  name: Nullable(Type.String()),
  state: AgentStateSchema,
  stateChangedAt: Timestamp,
  /** The reason of the current pause, while PAUSED. */
  pauseReasonId: Nullable(Type.String()),
  /** Its name, also for a reason agents cannot pick themselves (the platform's no-answer pause). */
  pauseReasonName: Nullable(Type.String()),
  wrapUpSeconds: Type.Integer(),
  /** Unanswered offers in a row after which mod_callcenter puts the agent on break (0: never). */
  maxNoAnswer: Type.Integer(),
  /** Seconds the agent gets no offer after rejecting one, after being busy, after not answering. */
  rejectDelaySeconds: Type.Integer(),
  busyDelaySeconds: Type.Integer(),
  noAnswerDelaySeconds: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Agent = Static<typeof Agent>;

const Name = Nullable(Type.String({ minLength: 1, maxLength: 120 }));
const WrapUpSeconds = Type.Integer({ minimum: 0, maximum: 3600 });
const DelaySeconds = Type.Integer({ minimum: 0, maximum: 3600 });
/** The agent's mod_callcenter settings, each optional in a body. */
const SwitchSettings = {
  wrapUpSeconds: Type.Optional(WrapUpSeconds),
  maxNoAnswer: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  rejectDelaySeconds: Type.Optional(DelaySeconds),
  busyDelaySeconds: Type.Optional(DelaySeconds),
  noAnswerDelaySeconds: Type.Optional(DelaySeconds),
};
// Accepted by the schema only so the service can say why it is refused (Ajv would drop it silently).
const ReadOnlyState = Type.Optional(
  Type.Unknown({ description: 'Read-only: changed only by login, pause, resume, logout and calls' }),
);

export const AgentCreateBody = Type.Object(
  {
    userId: Uuid,
    extensionId: Uuid,
    name: Type.Optional(Name),
    ...SwitchSettings,
    state: ReadOnlyState,
  },
  { additionalProperties: false },
);
export type AgentCreateBody = Static<typeof AgentCreateBody>;

export const AgentPatchBody = Type.Object(
  {
    extensionId: Type.Optional(Uuid),
    name: Type.Optional(Name),
    ...SwitchSettings,
    state: ReadOnlyState,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AgentPatchBody = Static<typeof AgentPatchBody>;

export const AgentParams = IdParams;

/** A member who can still be made an agent (GET /agents/assignable-users). */
export const AssignableUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  role: Type.String(),
});
export type AssignableUser = Static<typeof AssignableUser>;

export const PauseBody = Type.Object({ pauseReasonId: Uuid }, { additionalProperties: false });
export type PauseBody = Static<typeof PauseBody>;

/** A queue the caller's own agent serves, with its tier (GET /agents/me/queues). */
export const MyQueue = Type.Object({
  id: Type.String(),
  name: Type.String(),
  strategy: Type.String(),
  level: Type.Integer(),
  position: Type.Integer(),
});
