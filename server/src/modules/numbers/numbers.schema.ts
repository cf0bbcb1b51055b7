import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

/** Written forms are accepted (`(11) 3000-2000`); the answer is always E.164. */
const Written = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'a phone number in any written form',
});

export const PhoneNumber = Type.Object({
  id: Type.String(),
  number: Type.String({ description: 'E.164' }),
  createdAt: Timestamp,
});
export type PhoneNumber = Static<typeof PhoneNumber>;

export const AssignNumbersBody = Type.Union([
  Type.Object({ number: Written }, { additionalProperties: false }),
  Type.Object({ from: Written, to: Written }, { additionalProperties: false }),
]);
export type AssignNumbersBody = Static<typeof AssignNumbersBody>;

export const NumberParams = Type.Object({ id: Uuid, number: Written });
