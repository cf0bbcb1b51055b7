// The payloads of the agent events on the realtime channel, one schema each, shared by the
// publishers (the API's presence moves, the switch consumer, the self-healing) and the console.
// The publisher adds `type`, `tenantId` and `at` (ISO 8601 UTC) to every event.
import { Type, type Static } from 'typebox';
import { AGENT_STATES } from '../../modules/agents/agent-state.ts';
import type { AgentState } from '../db/schema.ts';

const AgentStateSchema = Type.Unsafe<AgentState>({ type: 'string', enum: [...AGENT_STATES] });

/** AGENT_STATE_CHANGED: every move of the platform's agent state (docs/events.md, Agents). */
export const AgentStateChangedPayload = Type.Object(
  {
    agentId: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    state: AgentStateSchema,
    previousState: AgentStateSchema,
    /** On a pause only: the reason the agent chose. */
    pauseReasonId: Type.Optional(Type.String({ format: 'uuid' })),
    /** On moves the switch caused (decision 0033): what caused it. Absent on the agent's own moves. */
    cause: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type AgentStateChangedPayload = Static<typeof AgentStateChangedPayload>;

/**
 * AGENT_STATUS_CHANGED: mod_callcenter changed a queue agent's status or state (an event of the
 * switch), or the self-healing corrected it. `switchStatus`/`switchState` are mod_callcenter's own
 * words; null when the event did not say (a status event carries no state and the reverse).
 */
export const AgentStatusChangedPayload = Type.Object(
  {
    agentId: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    switchStatus: Type.Union([Type.String(), Type.Null()]),
    switchState: Type.Union([Type.String(), Type.Null()]),
    /** The platform's state once the event was applied. */
    state: AgentStateSchema,
    source: Type.Union([Type.Literal('switch'), Type.Literal('healing')]),
  },
  { additionalProperties: false },
);
export type AgentStatusChangedPayload = Static<typeof AgentStatusChangedPayload>;
