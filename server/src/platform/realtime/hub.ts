// One subscription to the coordination channel per process, fanned out to local listeners (the
// Socket.IO gateway, monitoring streams). Every instance receives every event, so each delivers
// to its own connected clients of that tenant. Revoked sessions arrive the same way, so every
// instance closes their connections at once.
import type { Coordination, Unsubscribe } from '../coordination/coordination.ts';
import { realtimeEventOf, revokedSessionsOf, type RealtimeEvent } from './events.ts';

type Listener = (event: RealtimeEvent) => void;
type RevocationListener = (sessionIds: ReadonlySet<string>) => void;

export class RealtimeHub {
  private readonly listeners = new Set<Listener>();
  private readonly revocationListeners = new Set<RevocationListener>();
  private readonly changeListeners = new Set<() => void>();
  private unsubscribe: Unsubscribe | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly coordination: Coordination,
    private readonly retryMs = 2_000,
  ) {}

  /** Subscribes now, or keeps trying in the background while the cache store is down (the API still starts). */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      this.unsubscribe ??= await this.coordination.subscribe((message) => {
        const event = realtimeEventOf(message);
        if (event) for (const listener of this.listeners) listener(event);
        const revoked = revokedSessionsOf(message);
        if (revoked) {
          const ids = new Set(revoked);
          for (const listener of [...this.revocationListeners]) listener(ids);
        }
      });
      for (const listener of [...this.changeListeners]) listener();
    } catch {
      if (!this.stopped) this.retry = setTimeout(() => void this.start(), this.retryMs);
    }
  }

  /** Listens to every tenant's events (the caller filters); returns the way to stop. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True while this hub is subscribed and the channel delivers (revocations are heard). */
  live(): boolean {
    return this.unsubscribe !== null && this.coordination.channelLive();
  }

  /** Called whenever the channel goes down or comes back, or the hub starts or stops listening. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    const stop = this.coordination.onChannelChange(listener);
    return () => {
      this.changeListeners.delete(listener);
      stop();
    };
  }

  /** Hears every batch of revoked sessions (the caller picks its own); returns the way to stop. */
  onSessionsRevoked(listener: RevocationListener): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.unsubscribe?.().catch(() => undefined);
    this.unsubscribe = null;
    for (const listener of [...this.changeListeners]) listener();
    this.changeListeners.clear();
    this.listeners.clear();
    this.revocationListeners.clear();
  }
}
