// One refused field of an error answer, as the server sends it and the console reads it.
import type { ValidationRule } from './error-codes.ts';

export type ErrorParams = Record<string, string | number>;

export interface ErrorDetail {
  path: string;
  message: string;
  /** For validation answers: which rule refused the field, and its numbers (e.g. `{ limit: 40 }`). */
  rule?: ValidationRule;
  params?: ErrorParams;
}
