import { Type, type Static } from 'typebox';
import { Timestamp } from '../../platform/http/schemas.ts';
import { Code, ListName } from '../pause-reasons/pause-reasons.schema.ts';

/** What classifying a call with this disposition does to its lead (the dialer reads it). */
export const DispositionAction = Type.Union([
  Type.Literal('NONE'),
  Type.Literal('CALLBACK'),
  Type.Literal('DO_NOT_CALL'),
  Type.Literal('SUCCESS'),
]);

export const Disposition = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  action: DispositionAction,
  enabled: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Disposition = Static<typeof Disposition>;

export const DispositionCreateBody = Type.Object(
  {
    code: Code,
    name: ListName,
    action: Type.Optional(DispositionAction),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DispositionCreateBody = Static<typeof DispositionCreateBody>;

export const DispositionPatchBody = Type.Object(
  {
    code: Type.Optional(Code),
    name: Type.Optional(ListName),
    action: Type.Optional(DispositionAction),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type DispositionPatchBody = Static<typeof DispositionPatchBody>;

