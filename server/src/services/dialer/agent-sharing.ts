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
  // Most agents sit in one queue: their set is their queue's campaigns, sorted and keyed once per
  // queue (thousands of agents a tick; a set, a sort and a join per agent cost ~10 ms).
  const ofQueue = new Map<string, { campaignIds: string[]; key: string }>();
  for (const campaign of running) {
    const entry = ofQueue.get(campaign.queueId);
    if (entry) entry.campaignIds.push(campaign.id);
    else ofQueue.set(campaign.queueId, { campaignIds: [campaign.id], key: '' });
  }
  for (const entry of ofQueue.values()) entry.key = entry.campaignIds.sort().join(',');
  const queuesOfAgent = new Map<string, string[]>();
  for (const { agentId, queueId } of tiers) {
    if (!ofQueue.has(queueId)) continue;
    const queues = queuesOfAgent.get(agentId);
    if (queues) queues.push(queueId);
    else queuesOfAgent.set(agentId, [queueId]);
  }
  const agentsOfSet = new Map<string, { campaignIds: readonly string[]; agentIds: string[] }>();
  for (const [agentId, queues] of queuesOfAgent) {
    let { campaignIds, key } = ofQueue.get(queues[0]!)!;
    if (queues.length > 1) {
      campaignIds = [...new Set(queues.flatMap((queueId) => ofQueue.get(queueId)!.campaignIds))].sort();
      key = campaignIds.join(',');
    }
    if (campaignIds.length < 2) continue;
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
