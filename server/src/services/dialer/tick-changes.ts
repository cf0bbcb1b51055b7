// Pure: whether a campaign's tick must be written or published again (decision 0051). A tick over
// thousands of campaigns that wrote and published every one of them every 2 s spent most of its
// time on rows and events that said the same as the last ones.

/** What was last written or sent for a campaign: what the console sees of it, and when. */
export interface LastSent {
  key: string;
  at: number;
}

/**
 * How often a campaign's event is sent and its state written even when nothing changed: a console
 * opened meanwhile gets a live update within this, and the state's updated_at stays recent.
 */
export const HEARTBEAT_MS = 30_000;

/**
 * Due when nothing was sent yet, what the console sees changed, calls were placed (the charts add
 * every event's calls to the minute), or the heartbeat is due (never with an infinite one).
 */
export function isDue(last: LastSent | undefined, key: string, placed: number, nowMs: number, heartbeatMs: number = HEARTBEAT_MS): boolean {
  if (!last || last.key !== key || placed > 0) return true;
  return nowMs - last.at >= heartbeatMs;
}

/** The part of a value the console sees, as a comparable key (the tick's time left out by the caller). */
export const viewKey = (value: unknown): string => JSON.stringify(value);

/** Remembers what was sent; forgets campaigns no longer ticked (given up, stopped), so a map never grows. */
export function remember(sent: Map<string, LastSent>, entries: ReadonlyArray<readonly [string, string]>, ticked: ReadonlySet<string>, nowMs: number): void {
  for (const [id, key] of entries) sent.set(id, { key, at: nowMs });
  for (const id of sent.keys()) if (!ticked.has(id)) sent.delete(id);
}

/**
 * Pure: the time to record for a campaign's first count of something counted again every
 * `periodMs` (the leads waiting for their window): back-dated by a share of the period taken from
 * its id, so thousands of campaigns first counted in one tick are counted again spread over the
 * period's ticks instead of all in one. Later counts record the time they were made.
 */
export function staggeredAt(campaignId: string, nowMs: number, periodMs: number): number {
  const share = Number.parseInt(campaignId.replaceAll('-', '').slice(0, 8), 16);
  return Number.isFinite(share) ? nowMs - (share % periodMs) : nowMs;
}
