// Schema pieces shared by every module (validation, serialisation and OpenAPI come from these).
import { Type, type Static, type TSchema } from 'typebox';

/**
 * `type: [T, 'null']` rather than anyOf: Fastify's Ajv coerces types, and with anyOf it turns a
 * JSON null into 0 for an integer; with a type list it leaves values that already match alone.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const { type, anyOf, ...rest } = schema as unknown as { type?: string; anyOf?: { const?: unknown }[] } & Record<string, unknown>;
  if (typeof type === 'string') return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
  if (anyOf?.every((member) => typeof member.const === 'string')) {
    return Type.Unsafe<Static<T> | null>({ type: ['string', 'null'], enum: [...anyOf.map((member) => member.const), null] });
  }
  return Type.Union([schema, Type.Null()]);
};

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Timestamp = Type.String({ format: 'date-time' });

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  requestId: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});

/** The error statuses a route may answer, for OpenAPI. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
