// Pure: the per-field reasons a 400 carries (details[].path and message), so the editor can name
// the field in the user's language next to the server's own message.
import { ApiError } from '../app/api-client.ts';

export interface ProblemDetail {
  path: string;
  message: string;
}

export type ProblemField = { kind: 'field'; name: string } | { kind: 'option'; index: number };

export function problemDetails(error: unknown): ProblemDetail[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).filter(
    (detail): detail is ProblemDetail =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as ProblemDetail).path === 'string' &&
      typeof (detail as ProblemDetail).message === 'string',
  );
}

/** "greeting" → the greeting field; "options.1.targetExtension" → the second option. */
export function problemField(path: string): ProblemField {
  const option = /^options\.(\d+)(\.|$)/.exec(path);
  if (option) return { kind: 'option', index: Number(option[1]) };
  return { kind: 'field', name: path.split('.')[0] ?? path };
}
