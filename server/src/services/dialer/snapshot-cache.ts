// The campaigns' snapshots kept between ticks (decision 0056). Most of a running campaign's
// snapshot (its settings, plan, trunk, statistics) is the same from one tick to the next, and
// reading and parsing 3,000 of them was the tick's largest read. The dialable list carries each
// campaign's snapshot version; only the snapshots whose version moved are read again.
import type { CampaignSnapshot, DialableCampaign } from './dialer.repo.ts';

export class SnapshotCache {
  private readonly kept = new Map<string, CampaignSnapshot>();

  /**
   * The snapshots of these campaigns, in their order: kept ones whose version is the listed one,
   * the others read again. A campaign the read no longer returns (stopped, its tenant suspended
   * since the list was read) is left out of this tick.
   */
  async of(campaigns: Array<Pick<DialableCampaign, 'id' | 'version'>>, read: (ids: string[]) => Promise<CampaignSnapshot[]>): Promise<CampaignSnapshot[]> {
    const stale = campaigns.filter((campaign) => this.kept.get(campaign.id)?.version !== campaign.version).map((campaign) => campaign.id);
    if (stale.length > 0) {
      for (const id of stale) this.kept.delete(id);
      for (const snapshot of await read(stale)) this.kept.set(snapshot.id, snapshot);
    }
    return campaigns.flatMap((campaign) => this.kept.get(campaign.id) ?? []);
  }

  /** Drops the snapshots of campaigns this process no longer dials. */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of this.kept.keys()) if (!ids.has(id)) this.kept.delete(id);
  }

  get size(): number {
    return this.kept.size;
  }
}
