// Coordination shared by every API/worker instance through one Redis server.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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
import { CONSUME_RATE_LIMIT_LUA, REFUND_RATE_LIMIT_LUA } from './rate-limit.script.ts';
import { ADMIT_LOGIN_LUA, SETTLE_LOGIN_LUA } from './login-gate.script.ts';
import type { LoginGateKeys, LoginGateLimits } from './login-gate.ts';
import { TAKE_TOKENS_BATCH_LUA, TAKE_TOKENS_LUA, TAKE_TOKENS_MANY_LUA } from './token-bucket.script.ts';

type Handler = (message: unknown) => void;

export interface RedisCoordinationOptions {
  url: string;
  /** Prefix of every key and of the channel; default 'cc:'. */
  keyPrefix?: string;
  /** Connection errors (repeated while Redis is down) and errors thrown by subscribers. */
  onError?: (error: unknown) => void;
}

// Compare-then-act must be one step, or we could extend/delete a lock someone else took meanwhile.
const RENEW_LOCK_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// The same per key (KEYS[i] owned by ARGV[i]); ARGV[#KEYS + 1] is the TTL. One reply per key.
const RENEW_LOCKS_LUA = `local out = {} for i = 1, #KEYS do if redis.call('GET', KEYS[i]) == ARGV[i] then out[i] = redis.call('PEXPIRE', KEYS[i], ARGV[#KEYS + 1]) else out[i] = 0 end end return out`;
const RELEASE_LOCK_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** The scripts registered with defineCommand (run with EVALSHA, EVAL on NOSCRIPT). */
interface Scripts {
  ccTakeTokens(numKeys: number, ...keysThenCapacities: (string | number)[]): Promise<number>;
  ccTakeTokensMany(numKeys: number, ...keysThenCapacitiesAndCount: (string | number)[]): Promise<[number, number, number]>;
  ccTakeTokensBatch(numKeys: number, ...keysThenRequests: (string | number)[]): Promise<number[]>;
  ccRenewLock(key: string, owner: string, ttlMs: number): Promise<number>;
  ccRenewLocks(numKeys: number, ...keysThenOwnersAndTtl: (string | number)[]): Promise<number[]>;
  ccReleaseLock(key: string, owner: string): Promise<number>;
  ccConsumeRateLimit(numKeys: number, ...keysThenLimitAndWindow: (string | number)[]): Promise<number>;
  ccRefundRateLimit(numKeys: number, ...keys: string[]): Promise<number>;
  ccAdmitLogin(a: string, b: string, c: string, ...limits: number[]): Promise<number>;
  ccSettleLogin(a: string, b: string, c: string): Promise<number>;
}

const PING_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;
const RECONNECT_MAX_MS = 500;

export class RedisCoordination implements Coordination {
  readonly kind = 'redis' as const;
  private readonly prefix: string;
  private readonly channel: string;
  private readonly client: Redis & Scripts;
  /** A connection in subscriber mode can run nothing else, hence its own; opened on first use. */
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> | undefined;
  private readonly handlers = new Set<Handler>();
  /** Subscribed and connected: announcements reach this instance. */
  private live = false;
  private readonly channelListeners = new Set<() => void>();

  constructor(private readonly options: RedisCoordinationOptions) {
    this.prefix = options.keyPrefix ?? 'cc:';
    this.channel = `${this.prefix}events`;
    this.client = this.connect() as Redis & Scripts;
    this.client.defineCommand('ccTakeTokens', { lua: TAKE_TOKENS_LUA });
    this.client.defineCommand('ccTakeTokensMany', { lua: TAKE_TOKENS_MANY_LUA });
    this.client.defineCommand('ccTakeTokensBatch', { lua: TAKE_TOKENS_BATCH_LUA });
    this.client.defineCommand('ccRenewLock', { numberOfKeys: 1, lua: RENEW_LOCK_LUA });
    this.client.defineCommand('ccRenewLocks', { lua: RENEW_LOCKS_LUA });
    this.client.defineCommand('ccReleaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK_LUA });
    this.client.defineCommand('ccConsumeRateLimit', { lua: CONSUME_RATE_LIMIT_LUA });
    this.client.defineCommand('ccRefundRateLimit', { lua: REFUND_RATE_LIMIT_LUA });
    this.client.defineCommand('ccAdmitLogin', { numberOfKeys: 3, lua: ADMIT_LOGIN_LUA });
    this.client.defineCommand('ccSettleLogin', { numberOfKeys: 3, lua: SETTLE_LOGIN_LUA });
  }

  async consumeRateLimit(keys: string[], limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const windowMs = windowOf(windowSeconds);
    if (keys.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    const counters = keys.map((key) => this.rateKey(key));
    const blockedMs = await this.client.ccConsumeRateLimit(counters.length, ...counters, limit, windowMs);
    return outcome(blockedMs > 0 ? [blockedMs] : []);
  }

  async refundRateLimit(keys: string[], _limit: number, windowSeconds: number): Promise<void> {
    windowOf(windowSeconds);
    if (keys.length === 0) return;
    const counters = keys.map((key) => this.rateKey(key));
    await this.client.ccRefundRateLimit(counters.length, ...counters);
  }

  async resetRateLimit(key: string): Promise<void> {
    // One Redis key per rate-limit key, whatever the limit: any instance can forget it.
    await this.client.del(this.rateKey(key));
  }

  async admitLogin(keys: LoginGateKeys, limits: LoginGateLimits): Promise<RateLimitResult> {
    const waitMs = await this.client.ccAdmitLogin(
      ...this.gateKeys(keys),
      limits.addressFailures,
      limits.accountFailures,
      windowOf(limits.windowSeconds),
      limits.accountAddressFailures,
      windowOf(limits.accountAddressWindowSeconds),
    );
    return outcome(waitMs > 0 ? [waitMs] : []);
  }

  async loginSucceeded(keys: LoginGateKeys): Promise<void> {
    await this.client.ccSettleLogin(...this.gateKeys(keys));
  }

  private gateKeys(keys: LoginGateKeys): [string, string, string] {
    return [this.rateKey(keys.address), this.rateKey(keys.account), this.rateKey(keys.accountAddress)];
  }

  async takeTokens(buckets: BucketSpec[]): Promise<TakeResult> {
    if (buckets.length === 0) return { allowed: true };
    const keys = buckets.map((spec) => this.key('bucket', spec.level, spec.key));
    const full = await this.client.ccTakeTokens(keys.length, ...keys, ...buckets.map(capacityOf));
    return full === 0 ? { allowed: true } : { allowed: false, exhausted: buckets[full - 1]?.level };
  }

  async takeTokensMany(buckets: BucketSpec[], count: number): Promise<TakeManyResult> {
    const wanted = countOf(count);
    const keys = buckets.map((spec) => this.key('bucket', spec.level, spec.key));
    const [granted, limited, windowSecond] = await this.client.ccTakeTokensMany(
      keys.length,
      ...keys,
      ...buckets.map(capacityOf),
      wanted,
    );
    const exhausted = buckets[limited - 1]?.level;
    return exhausted ? { granted, exhausted, windowSecond } : { granted, windowSecond };
  }

  async takeTokensBatch(requests: TokenRequest[]): Promise<TakeManyResult[]> {
    if (requests.length === 0) return [];
    // Each bucket once in KEYS; the requests name them by position.
    const keys: string[] = [];
    const index = new Map<string, number>();
    const args: number[] = [requests.length];
    for (const { buckets, count } of requests) {
      args.push(countOf(count), buckets.length);
      for (const spec of buckets) {
        const key = this.key('bucket', spec.level, spec.key);
        let at = index.get(key);
        if (at === undefined) {
          keys.push(key);
          index.set(key, (at = keys.length));
        }
        args.push(at, capacityOf(spec));
      }
    }
    const reply = await this.client.ccTakeTokensBatch(keys.length, ...keys, ...args);
    const windowSecond = reply[reply.length - 1]!;
    return requests.map(({ buckets }, r) => {
      const granted = reply[2 * r]!;
      const exhausted = buckets[reply[2 * r + 1]! - 1]?.level;
      return exhausted ? { granted, exhausted, windowSecond } : { granted, windowSecond };
    });
  }

  async acquireLock(key: string, ttlMs: number): Promise<Lock | null> {
    const redisKey = this.key('lock', key);
    const owner = randomUUID();
    const set = await this.client.set(redisKey, owner, 'PX', positiveMs(ttlMs), 'NX');
    if (set !== 'OK') return null;
    return {
      key,
      owner,
      renew: async (nextTtlMs) =>
        (await this.client.ccRenewLock(redisKey, owner, positiveMs(nextTtlMs))) === 1,
      release: async () => (await this.client.ccReleaseLock(redisKey, owner)) === 1,
    };
  }

  async renewLocks(locks: Lock[], ttlMs: number): Promise<boolean[]> {
    if (locks.length === 0) return [];
    const ttl = positiveMs(ttlMs);
    const keys = locks.map((lock) => this.key('lock', lock.key));
    const renewed = await this.client.ccRenewLocks(keys.length, ...keys, ...locks.map((lock) => lock.owner), ttl);
    return renewed.map((reply) => reply === 1);
  }

  async publish(message: unknown): Promise<void> {
    await this.client.publish(this.channel, JSON.stringify(message) ?? 'null');
  }

  async subscribe(handler: Handler): Promise<Unsubscribe> {
    // A Set would merge a handler subscribed twice; wrap it so each subscription is its own.
    const entry: Handler = (message) => handler(message);
    await this.ensureSubscribed();
    this.handlers.add(entry);
    // The channel subscription stays open: cheap, and no subscribe/unsubscribe races.
    return () => {
      this.handlers.delete(entry);
      return Promise.resolve();
    };
  }

  channelLive(): boolean {
    return this.live;
  }

  onChannelChange(listener: () => void): () => void {
    this.channelListeners.add(listener);
    return () => this.channelListeners.delete(listener);
  }

  async setFlag(key: string, ttlSeconds: number): Promise<void> {
    await this.client.set(this.key('flag', key), '1', 'PX', positiveMs(ttlSeconds * 1000));
  }

  async claimFlag(key: string, ttlSeconds: number): Promise<boolean> {
    return (await this.client.set(this.key('flag', key), '1', 'PX', positiveMs(ttlSeconds * 1000), 'NX')) === 'OK';
  }

  async hasFlag(key: string): Promise<boolean> {
    return (await this.client.exists(this.key('flag', key))) === 1;
  }

  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(resolve, PING_TIMEOUT_MS, false);
    });
    const pong = this.client.ping().then(
      (reply) => reply === 'PONG',
      () => false,
    );
    try {
      return await Promise.race([pong, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.setLive(false);
    const clients = this.subscriber ? [this.client, this.subscriber] : [this.client];
    await Promise.all(clients.map(shutdown));
  }

  private key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  private connect(): Redis {
    const client = new Redis(this.options.url, {
      // A dead Redis must fail a request fast (503 CACHE_UNAVAILABLE), not hold it: a queued command
      // gives up at the first failed reconnection, attempted at most every RECONNECT_MAX_MS, and
      // any command after COMMAND_TIMEOUT_MS. The offline queue stays on so calls made while a
      // connection is being set up (at start, after a blip) wait for it instead of failing.
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_MS),
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
    });
    // Without a listener ioredis prints every failed reconnection; ping() reports health.
    client.on('error', (error) => this.options.onError?.(error));
    return client;
  }

  private rateKey(key: string): string {
    return this.key('rl', key);
  }

  private ensureSubscribed(): Promise<void> {
    if (!this.subscriber) {
      this.subscriber = this.connect();
      const subscriber = this.subscriber;
      subscriber.on('message', (channel, raw) => {
        if (channel === this.channel) this.dispatch(raw);
      });
      // Messages published while the connection was down are lost: listeners (the guard's
      // revocation cache) hear every loss and every return.
      for (const event of ['close', 'reconnecting', 'end']) subscriber.on(event, () => this.setLive(false));
      subscriber.on('ready', () => {
        // 'ready' comes before ioredis re-subscribes; live only once SUBSCRIBE is confirmed.
        subscriber.subscribe(this.channel).then(
          () => this.setLive(subscriber.status === 'ready'),
          () => undefined,
        );
      });
    }
    // ioredis re-subscribes by itself after a reconnection; only a failed first SUBSCRIBE is retried here.
    this.subscribed ??= this.subscriber.subscribe(this.channel).then(
      () => this.setLive(this.subscriber?.status === 'ready'),
      (error: unknown) => {
        this.subscribed = undefined;
        throw error;
      },
    );
    return this.subscribed;
  }

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    for (const listener of [...this.channelListeners]) listener();
  }

  private dispatch(raw: string): void {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    for (const handler of [...this.handlers]) {
      try {
        const result: unknown = handler(message);
        if (result instanceof Promise) result.catch((error: unknown) => this.options.onError?.(error));
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }
}

async function shutdown(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: drop the connection.
    }
  }
  client.disconnect();
}

/** Whole tokens per second; NaN or negative would break the script's comparison. */
function capacityOf(spec: BucketSpec): number {
  if (!(spec.capacity >= 0)) throw new RangeError(`Invalid capacity for ${spec.level}:${spec.key}`);
  return Math.floor(spec.capacity);
}

/** Whole tokens, none to many; a fraction or NaN is a caller's bug, not a request. */
function countOf(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a whole number >= 0');
  return count;
}

/** PX takes whole positive milliseconds. */
function positiveMs(ttlMs: number): number {
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw new RangeError('ttlMs must be a positive number');
  return Math.ceil(ttlMs);
}

/** Refused when any key blocks; the caller may retry once the last blocking window has ended. */
function outcome(blockingMs: number[]): RateLimitResult {
  if (blockingMs.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...blockingMs) / 1000)) };
}

function windowOf(windowSeconds: number): number {
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new RangeError('windowSeconds must be a whole number of seconds >= 1');
  }
  return windowSeconds * 1000;
}
