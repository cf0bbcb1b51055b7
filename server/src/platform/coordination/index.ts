import type { Coordination } from './coordination.ts';
import { MemoryCoordination } from './memory.ts';
import { RedisCoordination } from './redis.ts';

export type {
  BucketLevel,
  BucketSpec,
  Coordination,
  Lock,
  RateLimitResult,
  TakeManyResult,
  TakeResult,
  Unsubscribe,
} from './coordination.ts';
export { MemoryCoordination, RedisCoordination };

export interface CoordinationOptions {
  /** Unset or empty: process memory, valid for a single instance only. */
  redisUrl?: string;
  keyPrefix?: string;
  /** Redis connection errors and errors thrown by subscribers (e.g. the logger). */
  onError?: (error: unknown) => void;
}

export function createCoordination(options: CoordinationOptions): Coordination {
  const { redisUrl, keyPrefix, onError } = options;
  return redisUrl
    ? new RedisCoordination({ url: redisUrl, keyPrefix, onError })
    : new MemoryCoordination({ onError });
}
