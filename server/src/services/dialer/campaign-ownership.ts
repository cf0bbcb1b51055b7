// One dialer process owns each campaign, through the coordination lock (TTL, renewal, safe
// release). The processes share the campaigns: each counts the live dialers (a numbered member flag
// each holds) and takes campaigns only up to its fair share; a process that dies stops renewing, its
// locks expire, and the others take its campaigns on their next ticks.
import type { Coordination, Lock } from '../../platform/coordination/coordination.ts';

/** How many dialer processes the member flags can count. */
const MAX_MEMBERS = 32;

export const campaignLockKey = (campaignId: string) => `dialer:campaign:${campaignId}`;
const memberKey = (slot: number) => `dialer:member:${slot}`;
const aliveKey = (owner: string) => `dialer:alive:${owner}`;

/** Lock calls in flight at once (the coordination pipelines them on its connection). */
const CONCURRENCY = 100;
/** Locks renewed per script: thousands every other tick, each one's call costs the client more than Redis. */
const RENEW_CHUNK = 1_000;

async function inChunks<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) await Promise.all(items.slice(start, start + CONCURRENCY).map(work));
}

/** Pure: how many campaigns one of `members` processes should hold out of `campaigns`. */
export function fairShare(campaigns: number, members: number): number {
  return Math.ceil(campaigns / Math.max(1, members));
}

export class CampaignOwnership {
  private readonly held = new Map<string, { lock: Lock; renewedAt: number }>();
  private slot: number | null = null;

  constructor(
    private readonly coordination: Coordination,
    private readonly ttlMs: number,
    /** This process's name in its attempts. */
    private readonly owner: string,
  ) {}

  /** Whether the dialer process of that name was alive within the TTL (it follows its own attempts). */
  isAlive(owner: string): Promise<boolean> {
    return owner === this.owner ? Promise.resolve(true) : this.coordination.hasFlag(aliveKey(owner));
  }

  ids(): string[] {
    return [...this.held.keys()];
  }

  owns(campaignId: string): boolean {
    return this.held.has(campaignId);
  }

  /**
   * Keeps the locks of the dialable campaigns this process holds (renewed a third of the TTL
   * before expiry; a lost one is dropped), lets go of the others, and takes free ones up to the fair share.
   */
  async refresh(dialable: readonly string[], now = Date.now()): Promise<void> {
    const members = await this.heartbeat();
    const wanted = new Set(dialable);
    const gone: Lock[] = [];
    const due: Array<[string, { lock: Lock; renewedAt: number }]> = [];
    for (const [id, entry] of this.held) {
      if (!wanted.has(id)) {
        this.held.delete(id);
        gone.push(entry.lock);
      } else if (now - entry.renewedAt >= this.ttlMs / 3) {
        due.push([id, entry]);
      }
    }
    // Thousands of locks per process: one round trip per lock, sent CONCURRENCY at a time.
    await inChunks(gone, (lock) => lock.release().catch(() => false));
    // Renewed in one script per chunk (the locks are all this coordination's).
    for (let start = 0; start < due.length; start += RENEW_CHUNK) {
      const chunk = due.slice(start, start + RENEW_CHUNK);
      const kept = await this.coordination.renewLocks(chunk.map(([, entry]) => entry.lock), this.ttlMs).catch(() => chunk.map(() => false));
      chunk.forEach(([id, entry], index) => {
        if (kept[index]) entry.renewedAt = now;
        else this.held.delete(id);
      });
    }
    const share = fairShare(dialable.length, members);
    // Over the share (a dialer joined): hand one back per tick, so the move is gradual.
    if (this.held.size > share) {
      const [id, entry] = [...this.held.entries()].at(-1)!;
      this.held.delete(id);
      await entry.lock.release().catch(() => false);
    }
    // Free campaigns in an order of their own for each process, so two processes do not race for the same ones.
    const free = dialable.filter((id) => !this.held.has(id)).sort(() => Math.random() - 0.5);
    // Never more asked at once than the share has room for, so the share is never exceeded.
    for (let next = 0; next < free.length && this.held.size < share; ) {
      const batch = free.slice(next, next + Math.min(CONCURRENCY, share - this.held.size));
      next += batch.length;
      const locks = await Promise.all(batch.map((id) => this.coordination.acquireLock(campaignLockKey(id), this.ttlMs)));
      locks.forEach((lock, index) => {
        if (lock) this.held.set(batch[index]!, { lock, renewedAt: now });
      });
    }
  }

  /** Holds this process's member flag and counts the live dialers (itself included). */
  private async heartbeat(): Promise<number> {
    const ttlSeconds = Math.max(1, Math.ceil(this.ttlMs / 1000));
    await this.coordination.setFlag(aliveKey(this.owner), ttlSeconds);
    if (this.slot !== null) await this.coordination.setFlag(memberKey(this.slot), ttlSeconds);
    for (let slot = 0; this.slot === null && slot < MAX_MEMBERS; slot++) {
      if (await this.coordination.claimFlag(memberKey(slot), ttlSeconds)) this.slot = slot;
    }
    const live = await Promise.all(Array.from({ length: MAX_MEMBERS }, (_, slot) => (slot === this.slot ? Promise.resolve(true) : this.coordination.hasFlag(memberKey(slot)))));
    return Math.max(1, live.filter(Boolean).length);
  }

  async releaseAll(): Promise<void> {
    const entries = [...this.held.values()];
    this.held.clear();
    await Promise.all(entries.map((entry) => entry.lock.release().catch(() => false)));
  }
}
