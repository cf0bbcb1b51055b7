import { Type, type Static } from 'typebox';
import { Nullable, StrictObject, Timestamp } from '../../platform/http/schemas.ts';
import { CALLBACK_ACTIONS } from './callbacks.rules.ts';

/** A lead with its campaign's name: a row of GET /leads/callbacks and the answer of its PATCH. */
export const CallbackLead = Type.Object({
  /** The lead's id (PATCH /leads/callbacks/:id). */
  id: Type.String(),
  campaignId: Type.String(),
  campaignName: Type.String(),
  /** E.164. */
  phone: Type.String(),
  name: Nullable(Type.String()),
  status: Type.Union([Type.Literal('READY'), Type.Literal('CALLBACK'), Type.Literal('DO_NOT_CALL'), Type.Literal('COMPLETED'), Type.Literal('EXHAUSTED')]),
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Timestamp),
  lastOutcome: Nullable(Type.String()),
});
export type CallbackLead = Static<typeof CallbackLead>;

/**
 * A callback time: ISO 8601 with a zone (Z or ±hh:mm). The pattern narrows what the format allows
 * to what Date reads (no leap second; upper-case T and Z), so a valid body is always an instant.
 */
export const CallbackTime = Type.String({
  format: 'date-time',
  maxLength: 40,
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2})$',
});

export const CallbackPatchBody = StrictObject({
  action: Type.Enum(CALLBACK_ACTIONS),
  /** Required for RESCHEDULE (in the future); refused with REQUEUE and CANCEL. */
  nextAttemptAt: Type.Optional(CallbackTime),
});
export type CallbackPatchBody = Static<typeof CallbackPatchBody>;
