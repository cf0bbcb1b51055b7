// In-process coordination: the same semantics as Redis, valid for a single instance only.
import { randomUUID } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type {
  BucketSpec,
  Coordination,
  Lock,
  RateLimitResult,
  TakeManyResult,
  TakeResult,
  TokenRequest,
  Unsubscribe,
} from './coordination.ts';
import { refusalMs, type GateCounter, type LoginGateKeys, type LoginGateLimits } from './login-gate.ts';

type Handler = (message: unknown) => void;

export interface MemoryCoordinationOptions {
  /** Errors thrown by subscribers; ignored when absent. */
  onError?: (error: unknown) => void;
}

/** Expired locks and flags are dropped at most this often, so unused keys do not pile up. */
const SWEEP_EVERY_MS = 10_000;

export class MemoryCoordination implements Coordination {
  readonly kind = 'memory' as const;
  private readonly limiters = new Map<string, RateLimiterMemory>();
  /** Login gate counters: failures and the end of their fixed window. */
  private readonly gate = new Map<string, { count: number; expiresAt: number }>();
  /** Tokens taken in the current second, per bucket. */
  private readonly buckets = new Map<string, number>();
  private bucketSecond = 0;
  private readonly locks = new Map<string, { owner: string; expiresAt: number }>();
  private readonly flags = new Map<string, number>();
  private readonly handlers = new Set<Handler>();
  private lastSweep = Date.now();
  private closed = false;

  constructor(private readonly options: MemoryCoordinationOptions = {}) {}

  async consumeRateLimit(keys: string[], limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const limiter = this.limiter(limit, windowSeconds);
    // Every key counts the attempt, also when another (or itself) refuses it. The memory limiter
    // counts synchronously inside consume(), so all keys of one attempt count in one step.
    const results = await Promise.allSettled(keys.map((key) => limiter.consume(key)));
    return outcome(
      results.flatMap((result) => {
        if (result.status === 'fulfilled') return [];
        // Anything but a RateLimiterRes is a store failure: the caller decides, never "allowed".
        if (result.reason instanceof RateLimiterRes) return [result.reason.msBeforeNext];
        throw result.reason;
      }),
    );
  }

  async refundRateLimit(keys: string[], limit: number, windowSeconds: number): Promise<void> {
    const limiter = this.limiter(limit, windowSeconds);
    for (const key of keys) {
      // Only within the window: a reward on an expired key would open a window below zero.
      const counter = await limiter.get(key);
      if (counter && counter.consumedPoints > 0 && counter.msBeforeNext > 0) await limiter.reward(key);
    }
  }

  async resetRateLimit(key: string): Promise<void> {
    // Each memory limiter has its own storage.
    await Promise.all([...this.limiters.values()].map((limiter) => limiter.delete(key)));
    this.gate.delete(key);
  }

  async admitLogin(keys: LoginGateKeys, limits: LoginGateLimits): Promise<RateLimitResult> {
    this.sweep(Date.now());
    assertWindow(limits.windowSeconds);
    assertWindow(limits.accountAddressWindowSeconds);
    // Synchronous from judging to counting, like the Redis script: one order for parallel attempts.
    const counters = {
      address: this.gateCounter(keys.address),
      account: this.gateCounter(keys.account),
      accountAddress: this.gateCounter(keys.accountAddress),
    };
    const waitMs = refusalMs(counters, limits);
    if (waitMs > 0) return outcome([waitMs]);
    this.countFailure(keys.address, limits.windowSeconds);
    this.countFailure(keys.account, limits.windowSeconds);
    this.countFailure(keys.accountAddress, limits.accountAddressWindowSeconds);
    return outcome([]);
  }

  async loginSucceeded(keys: LoginGateKeys): Promise<void> {
    for (const key of [keys.address, keys.account]) {
      const entry = this.gate.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    }
    this.gate.delete(keys.accountAddress);
  }

  private gateCounter(key: string): GateCounter {
    const entry = this.gate.get(key);
    const ttlMs = entry ? entry.expiresAt - Date.now() : 0;
    if (!entry || ttlMs <= 0) {
      this.gate.delete(key);
      return { count: 0, ttlMs: 0 };
    }
    return { count: entry.count, ttlMs };
  }

  private countFailure(key: string, windowSeconds: number): void {
    const entry = this.gate.get(key);
    if (entry && entry.expiresAt > Date.now()) entry.count += 1;
    else this.gate.set(key, { count: 1, expiresAt: Date.now() + windowSeconds * 1000 });
  }

  private limiter(limit: number, windowSeconds: number): RateLimiterMemory {
    assertWindow(windowSeconds);
    const id = `${limit}/${windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: 'rl', points: limit, duration: windowSeconds });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async takeTokens(buckets: BucketSpec[]): Promise<TakeResult> {
    this.startWindow();
    // Check every bucket first, then take: all or nothing.
    const taken: number[] = [];
    for (const spec of buckets) {
      const count = this.buckets.get(bucketId(spec)) ?? 0;
      if (count >= capacityOf(spec)) return { allowed: false, exhausted: spec.level };
      taken.push(count);
    }
    buckets.forEach((spec, i) => this.buckets.set(bucketId(spec), (taken[i] ?? 0) + 1));
    return { allowed: true };
  }

  async takeTokensMany(buckets: BucketSpec[], count: number): Promise<TakeManyResult> {
    return this.takeMany(buckets, count);
  }

  async takeTokensBatch(requests: TokenRequest[]): Promise<TakeManyResult[]> {
    // Synchronous one after the other: nothing else runs between them, as in the Redis script.
    return requests.map(({ buckets, count }) => this.takeMany(buckets, count));
  }

  private takeMany(buckets: BucketSpec[], count: number): TakeManyResult {
    const wanted = countOf(count);
    const windowSecond = this.startWindow();
    // What each level has left; the grant is the smallest (never below 0), taken from all alike.
    const lefts = buckets.map((spec) => capacityOf(spec) - (this.buckets.get(bucketId(spec)) ?? 0));
    const granted = Math.max(0, Math.min(wanted, ...lefts));
    if (granted > 0) {
      for (const spec of buckets) this.buckets.set(bucketId(spec), (this.buckets.get(bucketId(spec)) ?? 0) + granted);
    }
    const limited = granted < wanted ? buckets[lefts.findIndex((left) => left <= granted)] : undefined;
    return limited ? { granted, exhausted: limited.level, windowSecond } : { granted, windowSecond };
  }

  /** Fixed 1-second windows, like the Redis script: a new second starts every bucket afresh. */
  private startWindow(): number {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.bucketSecond) {
      this.buckets.clear();
      this.bucketSecond = second;
    }
    return second;
  }

  async acquireLock(key: string, ttlMs: number): Promise<Lock | null> {
    const now = Date.now();
    this.sweep(now);
    const held = this.locks.get(key);
    if (held && held.expiresAt > now) return null;
    const owner = randomUUID();
    this.locks.set(key, { owner, expiresAt: now + positiveMs(ttlMs) });
    // Ours only while the stored owner matches and has not expired, like a Redis key with PX.
    const current = () => {
      const entry = this.locks.get(key);
      return entry?.owner === owner && entry.expiresAt > Date.now() ? entry : undefined;
    };
    return {
      key,
      owner,
      renew: async (nextTtlMs) => {
        const entry = current();
        if (entry) entry.expiresAt = Date.now() + positiveMs(nextTtlMs);
        return entry !== undefined;
      },
      release: async () => current() !== undefined && this.locks.delete(key),
    };
  }

  renewLocks(locks: Lock[], ttlMs: number): Promise<boolean[]> {
    // Memory locks renew themselves synchronously: one after the other is one step.
    return Promise.all(locks.map((lock) => lock.renew(ttlMs)));
  }

  async publish(message: unknown): Promise<void> {
    const raw = JSON.stringify(message) ?? 'null';
    const targets = [...this.handlers];
    // Never run handlers inside publish(); setImmediate also cannot starve I/O like microtasks.
    setImmediate(() => {
      const copy: unknown = JSON.parse(raw);
      for (const handler of targets) {
        if (this.handlers.has(handler)) this.deliver(handler, copy);
      }
    });
  }

  async subscribe(handler: Handler): Promise<Unsubscribe> {
    // A Set would merge a handler subscribed twice; wrap it so each subscription is its own.
    const entry: Handler = (message) => handler(message);
    this.handlers.add(entry);
    return () => {
      this.handlers.delete(entry);
      return Promise.resolve();
    };
  }

  /** In-process delivery cannot be missed. */
  channelLive(): boolean {
    return true;
  }

  onChannelChange(): () => void {
    return () => undefined;
  }

  async setFlag(key: string, ttlSeconds: number): Promise<void> {
    const now = Date.now();
    this.sweep(now);
    this.flags.set(key, now + ttlSeconds * 1000);
  }

  async claimFlag(key: string, ttlSeconds: number): Promise<boolean> {
    // No await between the check and the set: parallel callers see each other's claim.
    const now = Date.now();
    const expiresAt = this.flags.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.flags.set(key, now + ttlSeconds * 1000);
    return true;
  }

  async hasFlag(key: string): Promise<boolean> {
    const expiresAt = this.flags.get(key);
    if (expiresAt === undefined) return false;
    if (expiresAt > Date.now()) return true;
    this.flags.delete(key);
    return false;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.limiters.clear();
    this.buckets.clear();
    this.locks.clear();
    this.flags.clear();
  }

  private deliver(handler: Handler, message: unknown): void {
    try {
      const result: unknown = handler(message);
      if (result instanceof Promise) result.catch((error: unknown) => this.options.onError?.(error));
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, lock] of this.locks) if (lock.expiresAt <= now) this.locks.delete(key);
    for (const [key, expiresAt] of this.flags) if (expiresAt <= now) this.flags.delete(key);
    for (const [key, entry] of this.gate) if (entry.expiresAt <= now) this.gate.delete(key);
  }
}

function bucketId(spec: BucketSpec): string {
  return `${spec.level}:${spec.key}`;
}

/** Whole tokens per second; NaN or negative would silently allow everything, so refuse them. */
function capacityOf(spec: BucketSpec): number {
  if (!(spec.capacity >= 0)) throw new RangeError(`Invalid capacity for ${spec.level}:${spec.key}`);
  return Math.floor(spec.capacity);
}

/** Whole tokens, none to many; a fraction or NaN is a caller's bug, as on Redis. */
function countOf(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a whole number >= 0');
  return count;
}

/** Redis' PX takes whole positive milliseconds; keep memory just as strict. */
function positiveMs(ttlMs: number): number {
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw new RangeError('ttlMs must be a positive number');
  return Math.ceil(ttlMs);
}

function assertWindow(windowSeconds: number): void {
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new RangeError('windowSeconds must be a whole number of seconds >= 1');
  }
}

/** Refused when any key blocks; the caller may retry once the last blocking window has ended. */
function outcome(blockingMs: number[]): RateLimitResult {
  if (blockingMs.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...blockingMs) / 1000)) };
}
