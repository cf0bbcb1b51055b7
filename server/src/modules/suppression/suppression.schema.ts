import { Type, type Static } from 'typebox';
import { Nullable, StrictObject, Timestamp } from '../../platform/http/schemas.ts';
import { pageParams } from '../calls/calls.schema.ts';

/** A number as people write it; normalized to E.164 by parseLeadPhone (@callcenter/rules/phone). */
const WrittenPhone = Type.String({ minLength: 1, maxLength: 40, description: 'Any written form: +55 11 98765-4321, (11) 98765-4321, 011987654321…' });

export const SuppressionSourceSchema = Type.Union([Type.Literal('MANUAL'), Type.Literal('IMPORT'), Type.Literal('DISPOSITION')]);

export const SuppressionEntry = Type.Object({
  id: Type.String(),
  /** E.164. */
  phone: Type.String(),
  source: SuppressionSourceSchema,
  note: Nullable(Type.String()),
  importId: Nullable(Type.String()),
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type SuppressionEntry = Static<typeof SuppressionEntry>;

export const SuppressionQuery = StrictObject({ ...pageParams, phone: Type.Optional(WrittenPhone) });
export type SuppressionQuery = Static<typeof SuppressionQuery>;

export const SuppressionList = Type.Object({
  items: Type.Array(SuppressionEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type SuppressionList = Static<typeof SuppressionList>;

export const SuppressionCreateBody = StrictObject({
  phone: WrittenPhone,
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SuppressionCreateBody = Static<typeof SuppressionCreateBody>;

/** The entry, and how many of the tenant's READY and CALLBACK leads moved to DO_NOT_CALL with it. */
export const SuppressionCreated = Type.Object({ ...SuppressionEntry.properties, leadsMoved: Type.Integer() });
export type SuppressionCreated = Static<typeof SuppressionCreated>;

/** Why the number may be called again: required, kept in the audit log. */
const REASON_WHERE = 'Why the number may be called again; required, in the body or the reason query parameter (many clients send no body on DELETE).';
const RemovalReason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: REASON_WHERE });
/** The reason in a body, when the client sends one (the body itself is optional). */
export const SuppressionDeleteBody = StrictObject({ reason: Type.Optional(RemovalReason) }, { description: REASON_WHERE });
export type SuppressionDeleteBody = Static<typeof SuppressionDeleteBody>;
/** …or in the query string: `DELETE /suppression/:id?reason=…`. */
export const SuppressionDeleteQuery = StrictObject({ reason: Type.Optional(RemovalReason) });
export type SuppressionDeleteQuery = Static<typeof SuppressionDeleteQuery>;
