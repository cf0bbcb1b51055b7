// Request validation. Bodies are judged as sent: an unknown key or a wrong type is a 400, never
// silently dropped or converted (Fastify's default Ajv strips unknown keys and coerces types).
// Query strings, params and headers arrive as text, so they keep Fastify's coercion.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

// multipleOfPrecision: without it Ajv tests `value / multipleOf` for an exact integer, and in binary
// floating point 1.15 / 0.01 is 114.99999999999999, so a two-decimal value such as 1.15 would be
// refused by `multipleOf: 0.01`. Nine decimals absorb that error and still refuse 1.0000001.
const SHARED: Options = { useDefaults: true, allErrors: false, addUsedSchema: false, multipleOfPrecision: 9 };
const BODY: Options = { ...SHARED, coerceTypes: false, removeAdditional: false };
// Fastify's own defaults, for the parts that arrive as text.
const TEXT_PARTS: Options = { ...SHARED, coerceTypes: 'array', removeAdditional: true };

function createAjv(options: Options): Ajv {
  const ajv = new Ajv(options);
  formats.default(ajv); // the formats Fastify's own Ajv has (uuid, email, date-time, …)
  return ajv;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored: NUL (PostgreSQL refuses it) or an unpaired surrogate (JSON and UTF-8 do). */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/** The first string (key or value) in a parsed request part that no column could hold. */
export function findUnstorableText(value: unknown, path = ''): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = unstorableText(value);
    return message ? { path, message } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}/${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = unstorableText(key);
      if (keyProblem) return { path: `${path}/${key.replaceAll('\u0000', '\\u0000')}`, message: `a key ${keyProblem}` };
      const found = findUnstorableText(item, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Adds the text rule to a compiled validator, reporting like Ajv so the error handler needs nothing new. */
function withStorableText(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const unstorable = findUnstorableText(data);
    if (unstorable) {
      const error: ErrorObject = { keyword: 'storableText', instancePath: unstorable.path, schemaPath: '#', params: {}, message: unstorable.message };
      checked.errors = [error];
      return false;
    }
    const valid = validate(data, context);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  // Fastify passes the parent only to validators that carry schemaEnv (root-level coercion).
  Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
  return checked;
}

/** Fastify's validator compiler: a strict Ajv for bodies, a coercing one for the other parts. */
export function requestValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const body = createAjv(BODY);
  const text = createAjv(TEXT_PARTS);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : text;
    const validate = ajv.compile(schema as object);
    // Headers are left alone: Node's parser already refuses control characters in them.
    return httpPart === 'headers' ? validate : withStorableText(validate);
  };
}
