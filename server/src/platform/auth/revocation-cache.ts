// The guard asks Redis "is this session revoked?" on every request; almost always the answer is
// no. This per-instance cache remembers those "no" answers for a short while, and forgets them the
// moment the revocation channel announces a session's end (decision 0019). It is used only while
// this instance hears the channel: a disconnected subscriber may have missed announcements, so any
// change of the channel's state drops the whole cache and, while it is down, every request asks Redis.

export interface RevocationChannel {
  /** True while revocation announcements reach this instance. */
  live(): boolean;
  /** Called whenever the channel goes down or comes back; returns the way to stop. */
  onChange(listener: () => void): () => void;
  /** Hears every batch of revoked sessions; returns the way to stop. */
  onSessionsRevoked(listener: (sessionIds: ReadonlySet<string>) => void): () => void;
}

export interface RevocationCacheOptions {
  /** How long a "not revoked" answer is trusted: the bound if an announcement is silently lost. */
  ttlMs: number;
  /** At most this many sessions are remembered; the oldest answer goes first. */
  maxEntries: number;
  now?: () => number;
}

export const REVOCATION_CACHE_DEFAULTS: RevocationCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

export class RevocationCache {
  /** Session id → epoch milliseconds until which "not revoked" is trusted. */
  private readonly notRevoked = new Map<string, number>();
  /** Bumped by every announcement and channel change: an answer read before one is not kept. */
  private epoch = 0;
  private readonly stops: (() => void)[];
  private readonly now: () => number;

  constructor(
    private readonly channel: RevocationChannel,
    private readonly options: RevocationCacheOptions = REVOCATION_CACHE_DEFAULTS,
  ) {
    this.now = options.now ?? Date.now;
    this.stops = [
      channel.onChange(() => this.clear()),
      channel.onSessionsRevoked((ids) => this.forget(ids)),
    ];
  }

  /** Whether the session is revoked: from the cache when it may be trusted, else from `check`. */
  async isRevoked(sessionId: string, check: () => Promise<boolean>): Promise<boolean> {
    if (!this.channel.live()) return check();
    const until = this.notRevoked.get(sessionId);
    if (until !== undefined && until > this.now()) return false;
    const epoch = this.epoch;
    const revoked = await check();
    // An announcement or a channel change while Redis answered may make this answer stale.
    if (!revoked && epoch === this.epoch && this.channel.live()) this.remember(sessionId);
    return revoked;
  }

  /** These sessions ended: their answers go, and look-ups in flight are not kept. */
  forget(sessionIds: Iterable<string>): void {
    this.epoch += 1;
    for (const id of sessionIds) this.notRevoked.delete(id);
  }

  get size(): number {
    return this.notRevoked.size;
  }

  clear(): void {
    this.epoch += 1;
    this.notRevoked.clear();
  }

  stop(): void {
    for (const stop of this.stops) stop();
    this.clear();
  }

  private remember(sessionId: string): void {
    this.notRevoked.delete(sessionId);
    if (this.notRevoked.size >= this.options.maxEntries) {
      const oldest = this.notRevoked.keys().next().value;
      if (oldest !== undefined) this.notRevoked.delete(oldest);
    }
    this.notRevoked.set(sessionId, this.now() + this.options.ttlMs);
  }
}
