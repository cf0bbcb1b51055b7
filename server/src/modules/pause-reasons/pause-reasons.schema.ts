import { Type, type Static } from 'typebox';
import { Timestamp } from '../../platform/http/schemas.ts';

export const PauseReason = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PauseReason = Static<typeof PauseReason>;

// The database checks the same pattern; here it becomes a 400 with the field named.
export const Code = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });
export const ListName = Type.String({ minLength: 1, maxLength: 120 });

export const PauseReasonCreateBody = Type.Object(
  { code: Code, name: ListName, enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type PauseReasonCreateBody = Static<typeof PauseReasonCreateBody>;

export const PauseReasonPatchBody = Type.Object(
  { code: Type.Optional(Code), name: Type.Optional(ListName), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type PauseReasonPatchBody = Static<typeof PauseReasonPatchBody>;

