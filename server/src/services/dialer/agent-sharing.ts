// Pure: which campaign counts an agent who sits in the queues of several RUNNING campaigns. Each
// such agent is counted by exactly one of them at a time (counted by all, every campaign would dial
// for the same person: decision 0054). Agents sharing the same set of campaigns are dealt round-robin
// by their rank in that set, so the campaigns get equal shares, and the deal turns every rotation
// period so no campaign keeps the odd agent out. Every dialer process computes the same deal from
// the same rows and the same clock.

/** How long a deal holds: a turn moves agents, and the calls already ringing for them stay with the old campaign. */
export const SHARE_ROTATION_MS = 10 * 60_000;

/** An agent in the queues of several RUNNING campaigns. */
export interface SharedAgent {
  /** The RUNNING campaigns whose queues hold the agent, sorted by id. */
  campaignIds: readonly string[];
  /** The agent's place (0, 1, …) among the agents shared by exactly these campaigns. */
  rank: number;
}

export function rotationAt(now: Date, periodMs = SHARE_ROTATION_MS): number {
  return Math.floor(now.getTime() / periodMs);
}

/** Whether `campaignId` counts this agent now. An agent not shared, or not shared by this campaign, is its own queue's. */
export function countsAgent(shared: SharedAgent | undefined, campaignId: string, rotation: number): boolean {
  if (!shared || shared.campaignIds.length < 2 || !shared.campaignIds.includes(campaignId)) return true;
  return shared.campaignIds[(shared.rank + rotation) % shared.campaignIds.length] === campaignId;
}
