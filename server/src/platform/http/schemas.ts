// Schema pieces shared by every module (validation, serialisation and OpenAPI come from these).
import { Type, type Static, type TObjectOptions, type TProperties, type TSchema } from 'typebox';

/**
 * `type: [T, 'null']` rather than anyOf: query strings are coerced, and with anyOf Ajv turns a
 * null into 0 for an integer; with a type list it leaves values that already match alone.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const { type, anyOf, ...rest } = schema as unknown as { type?: string; anyOf?: { const?: unknown }[] } & Record<string, unknown>;
  if (typeof type === 'string') return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
  if (anyOf?.every((member) => typeof member.const === 'string')) {
    return Type.Unsafe<Static<T> | null>({ type: ['string', 'null'], enum: [...anyOf.map((member) => member.const), null] });
  }
  return Type.Union([schema, Type.Null()]);
};

/**
 * Every object a client sends is one of these: unknown keys are refused, never passed on (a test
 * walks every route's body schema for object nodes without additionalProperties: false).
 */
export const StrictObject = <Properties extends TProperties>(properties: Properties, options: TObjectOptions = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** A PATCH body: any of the fields, at least one, nothing else (Type.Partial drops the object's own options). */
export const PatchBody = <Properties extends TProperties>(properties: Properties) =>
  Type.Partial(Type.Object(properties), { additionalProperties: false, minProperties: 1 });

/** The largest value of a PostgreSQL integer column: integer fields stop here, not at a 500. */
export const INT4_MAX = 2_147_483_647;

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Timestamp = Type.String({ format: 'date-time' });

const ErrorParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  requestId: Type.String(),
  details: Type.Optional(
    Type.Array(
      Type.Object({
        path: Type.String(),
        message: Type.String(),
        /** Which validation rule refused the field (error-codes.ts VALIDATION_RULES), and its numbers. */
        rule: Type.Optional(Type.String()),
        params: Type.Optional(ErrorParams),
      }),
    ),
  ),
  /** The values the message names (an extension number, a limit…), for a client to word it itself. */
  params: Type.Optional(ErrorParams),
});

/** The error statuses a route may answer, for OpenAPI. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
