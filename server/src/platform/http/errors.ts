// Small typed errors thrown by services; one handler (error-handler.ts) turns them into the contract's body.
// Codes come from the catalog (error-codes.ts) only; `params` carries the values a message names,
// so the console can word the error in the user's language.
import { E, NOT_FOUND_RESOURCES, type ConflictSubject, type ErrorCode, type NotFoundResource } from './error-codes.ts';
import type { ErrorDetail, ErrorParams } from '@callcenter/rules/error-detail';

export type { ErrorDetail, ErrorParams };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: ErrorDetail[], params?: ErrorParams) =>
  new AppError(400, code, message, details, undefined, params);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = E.UNAUTHORIZED) =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCode = E.FORBIDDEN, params?: ErrorParams) =>
  new AppError(403, code, message, undefined, undefined, params);
export const notFound = (resource: NotFoundResource = 'resource') =>
  new AppError(404, E.NOT_FOUND, `${NOT_FOUND_RESOURCES[resource]} not found`, undefined, undefined, { resource });
/** 409 ALREADY_EXISTS (the contract's one code for every uniqueness conflict), naming what collided. */
export const conflict = (subject: ConflictSubject, value: string | undefined, message: string) =>
  new AppError(409, E.ALREADY_EXISTS, message, undefined, undefined, { subject, ...(value ? { value } : {}) });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, E.RATE_LIMITED, `Too many attempts. Try again in ${retryAfterSeconds} s.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  }, { seconds: retryAfterSeconds });
