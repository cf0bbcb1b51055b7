// The leads waiting for their calling window, per campaign (dialer.service.ts): a count kept for the
// console, made again every 30 s, the recounts running behind the ticks.
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { Ticked } from './campaign-decision.ts';
import * as repo from './dialer.repo.ts';
import { staggeredAt } from './tick-changes.ts';

/** Campaigns to count by set of callable area codes (one read per set). */
type WaitingGroups = Map<string, { ddds: number[]; ids: string[] }>;

export interface WaitingCountsDeps {
  db: DatabaseHandles;
  log: Logger;
  /** How long a count stands before it is made again. */
  waitingCountMs: number;
}

export class WaitingCounts {
  private readonly waitingCounts = new Map<string, { at: number; count: number }>();
  /** The recount of leads waiting for their window running behind the ticks, if any. */
  private recounting: Promise<void> | null = null;

  constructor(private readonly deps: WaitingCountsDeps) {}

  private get waitingCountMs(): number {
    return this.deps.waitingCountMs;
  }

  /** Drops the counts of campaigns this process no longer dials. */
  keepOnly(owned: ReadonlySet<string>): void {
    for (const campaignId of this.waitingCounts.keys()) if (!owned.has(campaignId)) this.waitingCounts.delete(campaignId);
  }

  /** Settles once the recount running behind the ticks, if any, is done. */
  async settled(): Promise<void> {
    await this.recounting;
  }

  /**
   * Leads waiting for their window, per campaign: counted again every 30 s, in one read per set of
   * callable area codes; the campaigns' 30 s are staggered, so a tick recounts a share of them.
   * A campaign's first count is awaited (its first state shows it). A recount runs behind the tick
   * and shows from the next one: the number only informs the console, so no tick waits for it.
   */
  async leadsWaitingWindow(ticked: Ticked[], now: Date): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const first: WaitingGroups = new Map();
    const stale: WaitingGroups = new Map();
    for (const { campaign, ddds } of ticked) {
      const cached = this.waitingCounts.get(campaign.id);
      if (cached) counts.set(campaign.id, cached.count);
      if (cached && now.getTime() - cached.at < this.waitingCountMs) continue;
      const groups = cached ? stale : first;
      const key = ddds.join(',');
      const group = groups.get(key) ?? { ddds, ids: [] };
      group.ids.push(campaign.id);
      groups.set(key, group);
    }
    for (const [id, count] of await this.countWaiting(first, now, false)) counts.set(id, count);
    if (stale.size > 0 && !this.recounting) {
      this.recounting = this.countWaiting(stale, now, true)
        .then(() => undefined)
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'leads waiting for their window not recounted'))
        .finally(() => {
          this.recounting = null;
        });
    }
    return counts;
  }

  /** Counts and remembers; a recount of a campaign forgotten meanwhile (no longer owned) is dropped. */
  private async countWaiting(groups: WaitingGroups, now: Date, recount: boolean): Promise<Map<string, number>> {
    const counted = new Map<string, number>();
    for (const { ddds, ids } of groups.values()) {
      const found = await repo.countsWaitingForWindow(this.deps.db, ids, ddds, now);
      for (const id of ids) {
        if (recount && !this.waitingCounts.has(id)) continue;
        const count = found.get(id) ?? 0;
        const at = recount ? now.getTime() : staggeredAt(id, now.getTime(), this.waitingCountMs);
        this.waitingCounts.set(id, { at, count });
        counted.set(id, count);
      }
    }
    return counted;
  }
}
