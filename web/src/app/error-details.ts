// Pure: what an error answer says, in the user's language. The server's `code` picks the words
// (errors.codes.*; a 404 and a 409 are worded by what they name: errors.notFound.*,
// errors.alreadyExists.*), its `params` fill them in (an extension number, a limit), and each
// validation `detail` is worded by its rule (errors.rules.*). The server's own English text is
// used only for a code the console does not know. `details` also carry a `path` such as
// `actions.2.data` or `options.1.targetExtension`, so a form can point at what the server refused.
import type { ErrorDetail } from '@callcenter/rules/error-detail';
import { ApiError } from './api-client.ts';

export type { ErrorDetail };

type Params = Record<string, string | number>;

export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/** The well-formed details of an API error; none for any other error or a malformed answer. */
export function errorDetails(error: unknown): ErrorDetail[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).filter(
    (detail): detail is ErrorDetail =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as ErrorDetail).path === 'string' &&
      typeof (detail as ErrorDetail).message === 'string',
  );
}

/** Only plain words and numbers: anything else in an answer is ignored. */
function plainParams(value: unknown): Params {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const params: Params = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string' || typeof item === 'number') params[key] = item;
  return params;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The error's message in the user's language; the server's text only for a code unknown here. */
export function errorMessage(error: unknown, { t, exists }: Translator): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  const params = plainParams(error.params);
  const named = (group: string, key: string | number | undefined) =>
    typeof key === 'string' && IDENTIFIER.test(key) && exists(`errors.${group}.${key}`) ? `errors.${group}.${key}` : null;
  const key =
    // A code worded by its reason (INVALID_PHONE: FOREIGN, LETTERS…) when the reason has words of its own.
    named(`reasons.${error.code}`, params.reason) ??
    (error.code === 'NOT_FOUND' ? named('notFound', params.resource) : null) ??
    (error.code === 'ALREADY_EXISTS' ? named('alreadyExists', params.subject) : null) ??
    named('codes', error.code);
  if (key) return t(key, params);
  return error.message || t('errors.unexpected');
}

/**
 * Each field a validation answer (VALIDATION_FAILED) refused, worded ("name: must have at most 40
 * characters"). Other answers' details belong to the forms that show them beside their fields.
 */
export function fieldMessages(error: unknown, { t, exists }: Translator): string[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  return errorDetails(error).map((detail) => {
    const rule = typeof detail.rule === 'string' && IDENTIFIER.test(detail.rule) ? `errors.rules.${detail.rule}` : null;
    const reason = rule && exists(rule) ? t(rule, plainParams(detail.params)) : detail.message;
    return t('errors.field', { field: detail.path, reason });
  });
}
