// Every error leaves in the contract's shape: { statusCode, error, code, message, requestId, details? }.
// 4xx from the client say what was wrong; 5xx say nothing about internals and are logged in full.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unavailableDependency, type Dependency } from './dependency-errors.ts';
import type { DependencyOutages } from './dependency-outages.ts';
import { E, VALIDATION_RULES, type ErrorCode, type ValidationRule } from './error-codes.ts';
import { AppError, type ErrorDetail, type ErrorParams } from './errors.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  requestId: string;
  details?: ErrorDetail[];
  /** The values the message names (an extension number, a limit…), for a client to word it itself. */
  params?: ErrorParams;
}

// Fastify's own client errors, with messages of ours (theirs can name internals).
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: E.EMPTY_JSON_BODY,
    message: 'The body is empty but Content-Type is application/json; send no Content-Type without a body',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: E.INVALID_JSON, message: 'The body is not valid JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: E.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported Content-Type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: E.INVALID_CONTENT_LENGTH, message: 'Invalid Content-Length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: E.BODY_TOO_LARGE, message: 'The body is too large' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: E.INVALID_CONTENT_TYPE, message: 'Invalid Content-Type' },
};

/** What a client is told while a dependency is unreachable; it may retry after RETRY_AFTER_SECONDS. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE: Record<Dependency, { code: ErrorCode; message: string }> = {
  database: { code: E.DATABASE_UNAVAILABLE, message: 'The database is unavailable; try again shortly' },
  cache: { code: E.CACHE_UNAVAILABLE, message: 'The cache store is unavailable; try again shortly' },
};

export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  params?: ErrorParams,
): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    requestId: request.id,
    ...(details && details.length > 0 ? { details } : {}),
    ...(params ? { params } : {}),
  };
}

/** The plain numbers and words of an Ajv rule (limit, type, allowed values…), for the client to word. */
function ruleParams(params: unknown): ErrorParams | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const plain: ErrorParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) plain[key] = value.join(', ');
  }
  return Object.keys(plain).length > 0 ? plain : undefined;
}

function validationDetails(error: FastifyError): ErrorDetail[] {
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const path = missing ? [base, missing].filter(Boolean).join('.') : base;
    const rule = (VALIDATION_RULES as readonly string[]).includes(issue.keyword) ? (issue.keyword as ValidationRule) : undefined;
    const params = ruleParams(issue.params);
    return {
      path: path || (error.validationContext ?? 'body'),
      message: issue.message ?? 'is invalid',
      ...(rule ? { rule } : {}),
      ...(rule && params ? { params } : {}),
    };
  });
}

export function installErrorHandling(app: FastifyInstance, outages?: DependencyOutages): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(request, error.statusCode, error.code, error.message, error.details, error.params));
    }
    if (error.validation) {
      const where = error.validationContext ?? 'body';
      return reply
        .status(400)
        .send(errorBody(request, 400, E.VALIDATION_FAILED, `The request ${where} is invalid`, validationDetails(error)));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(request, known.status, known.code, known.message));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Another client error raised by Fastify or a plugin: keep the status, not its wording.
      const status = error.statusCode;
      return reply.status(status).send(errorBody(request, status, E.BAD_REQUEST, STATUS_CODES[status] ?? 'Bad request'));
    }
    const unreachable = unavailableDependency(error);
    if (unreachable) {
      // Logged once per outage by the tracker, not once per request.
      outages?.report(unreachable, error);
      const { code, message } = UNAVAILABLE[unreachable];
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody(request, 503, code, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(request, 500, E.INTERNAL_ERROR, 'Something went wrong on our side'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody(request, 404, E.ROUTE_NOT_FOUND, `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
