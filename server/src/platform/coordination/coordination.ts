// What must hold across instances lives behind this interface: Redis when REDIS_URL is set,
// process memory otherwise (valid for one instance only).
import type { LoginGateKeys, LoginGateLimits } from './login-gate.ts';

export type BucketLevel = 'GLOBAL' | 'TENANT' | 'TRUNK' | 'CAMPAIGN';

export interface BucketSpec {
  level: BucketLevel;
  /** Identifies the bucket within its level, e.g. the tenant id; 'global' for GLOBAL. */
  key: string;
  /** Tokens allowed per 1-second window. */
  capacity: number;
}

export interface TakeResult {
  allowed: boolean;
  /** The first level that had no token left when refused. */
  exhausted?: BucketLevel;
}

export interface TakeManyResult {
  /** Tokens taken from every bucket alike: 0 to the count asked. */
  granted: number;
  /** When fewer than asked: the first level, in the given order, that had only `granted` left. */
  exhausted?: BucketLevel;
  /**
   * The Unix second (on the coordination's clock: Redis' TIME, or the process's) whose window the
   * tokens were counted in; the next window starts at windowSecond + 1.
   */
  windowSecond: number;
}

/** One takeTokensMany request of a batch. */
export interface TokenRequest {
  buckets: BucketSpec[];
  count: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the caller may try again, when refused. */
  retryAfterSeconds: number;
}

export interface Lock {
  readonly key: string;
  readonly owner: string;
  /** Extends the lease; false when the lock was lost (expired and taken by someone else). */
  renew(ttlMs: number): Promise<boolean>;
  /** Releases only if still owned by this holder. */
  release(): Promise<boolean>;
}

export type Unsubscribe = () => Promise<void>;

export interface Coordination {
  readonly kind: 'redis' | 'memory';

  /**
   * Counts one attempt against every key in one atomic step (fixed window), also when refused;
   * refused when any key is over its limit. Concurrent callers on any instance get one order.
   */
  consumeRateLimit(keys: string[], limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Gives back one counted attempt to each key still in its window (e.g. a successful login). */
  refundRateLimit(keys: string[], limit: number, windowSeconds: number): Promise<void>;
  /** Forgets the attempts of a key, e.g. after a successful login. */
  resetRateLimit(key: string): Promise<void>;

  /**
   * The login gate (login-gate.ts) in one atomic step: refused with the wait, or admitted with one
   * failure reserved on each of its counters (a failed password keeps it).
   */
  admitLogin(keys: LoginGateKeys, limits: LoginGateLimits): Promise<RateLimitResult>;
  /** The right password: gives the reserved failure back and clears the account's from that address. */
  loginSucceeded(keys: LoginGateKeys): Promise<void>;

  /** Takes one token from every bucket at once, or from none: one exhausted level refuses all. */
  takeTokens(buckets: BucketSpec[]): Promise<TakeResult>;
  /**
   * Takes up to `count` tokens from every bucket in one atomic step: as many as the emptiest level
   * has left, the same number from each, so every token is all-or-nothing across the levels (a
   * dialer asks once per tick for the calls it wants instead of once per call).
   */
  takeTokensMany(buckets: BucketSpec[], count: number): Promise<TakeManyResult>;
  /**
   * Many takeTokensMany requests in one atomic step, served one after the other in the given order
   * (a dialer tick's campaigns in one round trip); one result per request, all in the same window.
   */
  takeTokensBatch(requests: TokenRequest[]): Promise<TakeManyResult[]>;

  /** Acquires a lease with an owner; null when someone else holds it. */
  acquireLock(key: string, ttlMs: number): Promise<Lock | null>;
  /**
   * Extends many leases this coordination gave, in one step (a dialer renews thousands per tick):
   * per lock, as its renew() would say (false when it was lost).
   */
  renewLocks(locks: Lock[], ttlMs: number): Promise<boolean[]>;

  /** The one internal event channel. */
  publish(message: unknown): Promise<void>;
  subscribe(handler: (message: unknown) => void): Promise<Unsubscribe>;
  /** True while this instance is subscribed and hears the channel (false before the first subscribe). */
  channelLive(): boolean;
  /** Called whenever the channel's subscription goes down or comes back; returns the way to stop. */
  onChannelChange(listener: () => void): () => void;

  /** Short-lived flags (revoked sessions): set with a time-to-live, then checked. */
  setFlag(key: string, ttlSeconds: number): Promise<void>;
  hasFlag(key: string): Promise<boolean>;
  /** Sets the flag only if it is not set: true for the one caller (of any instance) that set it. */
  claimFlag(key: string, ttlSeconds: number): Promise<boolean>;

  ping(): Promise<boolean>;
  close(): Promise<void>;
}
