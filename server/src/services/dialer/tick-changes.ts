// Pure: whether a campaign's tick must be written or published again (decision 0051). A tick over
// thousands of campaigns that wrote and published every one of them every 2 s spent most of its
// time on rows and events that said the same as the last ones. What was sent is kept as the value
// itself and compared field by field: a JSON key per campaign and per kind cost ~25 ms a tick.
import equal from 'fast-deep-equal';

/** What was last written or sent for a campaign: what the console sees of it, and when. */
export interface LastSent {
  /** Never changed once sent (each tick builds its own). */
  view: unknown;
  at: number;
}

/**
 * How often a campaign's event is sent even when nothing changed: a console opened meanwhile gets
 * a live update, and sees the dialer alive, within this.
 */
export const HEARTBEAT_MS = 30_000;

/**
 * How often a campaign's state row is written when nothing changed (its updated_at stays within
 * this). Longer than the events' beat: every write is a row version, and the next tick reads the
 * campaign's snapshot again (decision 0056); a console gets the live word from the events.
 */
export const STATE_HEARTBEAT_MS = 300_000;

/**
 * Due when nothing was sent yet, what the console sees changed, calls were placed (the charts add
 * every event's calls to the minute), or the heartbeat is due.
 */
export function isDue(last: LastSent | undefined, view: unknown, placed: number, nowMs: number, heartbeatMs = HEARTBEAT_MS): boolean {
  if (!last || placed > 0 || !equal(last.view, view)) return true;
  return nowMs - last.at >= heartbeatMs;
}

/**
 * Remembers what was sent; forgets campaigns no longer ticked (given up, stopped), so a map never
 * grows. A campaign's first send is back-dated by its share of the heartbeat (staggeredAt): the
 * campaigns first sent in one tick (a process start) would otherwise all beat in the same tick,
 * 3,000 events or states at once.
 */
export function remember(sent: Map<string, LastSent>, entries: ReadonlyArray<readonly [string, unknown]>, ticked: ReadonlySet<string>, nowMs: number, heartbeatMs = HEARTBEAT_MS): void {
  for (const [id, view] of entries) sent.set(id, { view, at: sent.has(id) ? nowMs : staggeredAt(id, nowMs, heartbeatMs) });
  for (const id of sent.keys()) if (!ticked.has(id)) sent.delete(id);
}

/** What is compared of a minute sample: its minute and its values (attempts left out: they add up). */
export interface SampleView {
  minuteMs: number;
  values: unknown;
}

/**
 * Whether a campaign's minute sample is written this tick (its attempts add up, its other values
 * are the minute's last). Due when it is the first, calls were placed or its values changed. When
 * only the minute moved, it is due at a time within the minute's first `spreadMs` taken from the
 * campaign's id: otherwise every campaign wrote its new minute's row in the minute's first tick
 * (3,000 rows, a tick over 250 ms once a minute).
 */
export function isSampleDue(last: LastSent | undefined, sample: SampleView, placed: number, campaignId: string, nowMs: number, spreadMs = 40_000): boolean {
  if (!last || placed > 0) return true;
  const before = last.view as SampleView;
  if (!equal(before.values, sample.values)) return true;
  if (before.minuteMs === sample.minuteMs) return false;
  return nowMs - sample.minuteMs >= idShare(campaignId) % spreadMs;
}

/** A number taken from a campaign's id, to spread its periodic work over time. */
const idShare = (campaignId: string): number => {
  const share = Number.parseInt(campaignId.replaceAll('-', '').slice(0, 8), 16);
  return Number.isFinite(share) ? share : 0;
};

/**
 * Pure: the time to record for a campaign's first count of something counted again every
 * `periodMs` (the leads waiting for their window): back-dated by a share of the period taken from
 * its id, so thousands of campaigns first counted in one tick are counted again spread over the
 * period's ticks instead of all in one. Later counts record the time they were made.
 */
export function staggeredAt(campaignId: string, nowMs: number, periodMs: number): number {
  return nowMs - (idShare(campaignId) % periodMs);
}
