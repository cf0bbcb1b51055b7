// Pure: is this error a dependency that cannot be reached (503 for the client), or a fault of ours
// (500)? Judged from the outside, on what node-postgres, pg-pool and ioredis throw.

export type Dependency = 'database' | 'cache';

// Socket-level failures. A request meets them raw only from node-postgres: ioredis reconnects by
// itself and rejects commands with its own errors, and the switch client wraps them.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

// node-postgres and pg-pool when the server goes away or cannot be reached in time. "Client was
// closed" and "pool after calling end" are left out: our own shutdown, not an outage.
const DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

// SQLSTATE: class 08 connection exception; 57P01-03 admin/crash shutdown, cannot connect now;
// 53300 too many connections.
const DATABASE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

// ioredis while the server is unreachable: retries per request exhausted, the connection closed,
// no offline queue, or no answer within commandTimeout.
const CACHE_MESSAGES = ['Connection is closed.', "Stream isn't writeable", 'Command timed out'];
const CACHE_NAMES = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The dependency an error says is unreachable, looking through causes and aggregated errors. */
export function unavailableDependency(error: unknown, depth = 0): Dependency | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const like: ErrorLike = error;
  const own = classify(like);
  if (own) return own;
  const nested: unknown[] = [like.cause, ...(Array.isArray(like.errors) ? (like.errors as unknown[]) : [])];
  for (const inner of nested) {
    const found = unavailableDependency(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A failure to reach a server, whichever server it is (for the Redis client's own error events). */
export function isConnectionError(error: unknown): boolean {
  return unavailableDependency(error) !== undefined;
}

function classify(error: ErrorLike): Dependency | undefined {
  const message = typeof error.message === 'string' ? error.message : '';
  const code = typeof error.code === 'string' ? error.code : '';
  if (typeof error.name === 'string' && CACHE_NAMES.has(error.name)) return 'cache';
  if (CACHE_MESSAGES.some((text) => message.startsWith(text))) return 'cache';
  if (DATABASE_STATES.test(code) || CONNECTION_CODES.has(code)) return 'database';
  if (DATABASE_MESSAGES.some((text) => message.startsWith(text))) return 'database';
  return undefined;
}
