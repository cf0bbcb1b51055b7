// Pure: which campaign counts an agent who sits in the queues of several RUNNING campaigns. Each
// such agent is counted by exactly one of them at a time (counted by all, every campaign would dial
// for the same person: decision 0054). Agents sharing the same set of campaigns are dealt round-robin
// by their rank in that set, so the campaigns get equal shares, and the deal turns every rotation
// period so no campaign keeps the odd agent out. Every dialer process computes the same deal from
// the same rows (the tiers of every running campaign's queue) and the same clock.

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

/**
 * The agents of the running campaigns' queues who serve several of those campaigns, each with its
 * sorted set of campaigns and its rank (by id) among the agents of exactly that set. `tiers` must
 * cover every running campaign's queue (logged-in agents only), or two processes would deal apart.
 */
export function dealSharedAgents(tiers: ReadonlyArray<{ agentId: string; queueId: string }>, running: ReadonlyArray<{ id: string; queueId: string }>): Map<string, SharedAgent> {
  const campaignsOfQueue = new Map<string, string[]>();
  for (const campaign of running) {
    const list = campaignsOfQueue.get(campaign.queueId);
    if (list) list.push(campaign.id);
    else campaignsOfQueue.set(campaign.queueId, [campaign.id]);
  }
  const campaignsOfAgent = new Map<string, Set<string>>();
  for (const { agentId, queueId } of tiers) {
    const campaigns = campaignsOfQueue.get(queueId);
    if (!campaigns) continue;
    let set = campaignsOfAgent.get(agentId);
    if (!set) campaignsOfAgent.set(agentId, (set = new Set()));
    for (const id of campaigns) set.add(id);
  }
  const agentsOfSet = new Map<string, { campaignIds: string[]; agentIds: string[] }>();
  for (const [agentId, set] of campaignsOfAgent) {
    if (set.size < 2) continue;
    const campaignIds = [...set].sort();
    const key = campaignIds.join(',');
    const group = agentsOfSet.get(key);
    if (group) group.agentIds.push(agentId);
    else agentsOfSet.set(key, { campaignIds, agentIds: [agentId] });
  }
  const shared = new Map<string, SharedAgent>();
  for (const { campaignIds, agentIds } of agentsOfSet.values()) {
    agentIds.sort().forEach((agentId, rank) => shared.set(agentId, { campaignIds, rank }));
  }
  return shared;
}
