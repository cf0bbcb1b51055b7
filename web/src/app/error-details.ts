// Pure: the per-field reasons an error answer carries (`details`, each a `path` such as
// `actions.2.data` or `options.1.targetExtension`, and a message), so a form can point at what
// the server refused.
import type { ErrorDetail } from '../../../server/src/platform/http/errors.ts';
import { ApiError } from './api-client.ts';

export type { ErrorDetail };

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
