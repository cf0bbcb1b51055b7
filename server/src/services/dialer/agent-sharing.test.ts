import { describe, expect, it } from 'vitest';
import { countsAgent, dealSharedAgents, rotationAt, SHARE_ROTATION_MS, type SharedAgent } from './agent-sharing.ts';

const campaigns = ['a', 'b', 'c'];
const countedBy = (shared: SharedAgent, rotation: number) => shared.campaignIds.filter((id) => countsAgent(shared, id, rotation));

describe('agents shared by several running campaigns', () => {
  it('counts each shared agent in exactly one of its campaigns', () => {
    for (let rotation = 0; rotation < 6; rotation++) {
      for (let rank = 0; rank < 5; rank++) expect(countedBy({ campaignIds: campaigns, rank }, rotation)).toHaveLength(1);
    }
  });

  it('deals the agents of one set round-robin, so the campaigns get equal shares', () => {
    const shares = new Map<string, number>();
    for (let rank = 0; rank < 6; rank++) {
      const [owner] = countedBy({ campaignIds: campaigns, rank }, 7);
      shares.set(owner!, (shares.get(owner!) ?? 0) + 1);
    }
    expect([...shares.values()]).toEqual([2, 2, 2]);
  });

  it('turns the deal every rotation period, so a single shared agent visits every campaign', () => {
    const single: SharedAgent = { campaignIds: ['a', 'b'], rank: 0 };
    const start = new Date('2026-11-25T13:00:00Z');
    const first = countedBy(single, rotationAt(start));
    const later = countedBy(single, rotationAt(new Date(start.getTime() + SHARE_ROTATION_MS)));
    expect(first).toHaveLength(1);
    expect(later).toHaveLength(1);
    expect(later).not.toEqual(first);
    // Within the period the deal holds, so the calls placed for the agent stay with one campaign.
    expect(countedBy(single, rotationAt(new Date(start.getTime() + 1_000)))).toEqual(countedBy(single, rotationAt(start)));
  });

  it('leaves an agent who is not shared, or not shared by this campaign, to its queue’s campaign', () => {
    expect(countsAgent(undefined, 'a', 3)).toBe(true);
    expect(countsAgent({ campaignIds: ['a'], rank: 0 }, 'a', 3)).toBe(true);
    expect(countsAgent({ campaignIds: ['b', 'c'], rank: 0 }, 'a', 3)).toBe(true);
  });
});

describe('dealing the agents of the running campaigns’ queues', () => {
  const running = [
    { id: 'c2', queueId: 'q1' },
    { id: 'c1', queueId: 'q1' },
    { id: 'c3', queueId: 'q2' },
  ];

  it('ranks, by id, the agents shared by exactly the same campaigns; an agent of one campaign is not shared', () => {
    const tiers = [
      { agentId: 'b', queueId: 'q1' },
      { agentId: 'a', queueId: 'q1' },
      { agentId: 'c', queueId: 'q1' },
      { agentId: 'c', queueId: 'q2' },
      { agentId: 'd', queueId: 'q2' },
      // A queue no running campaign uses.
      { agentId: 'd', queueId: 'q9' },
    ];
    const shared = dealSharedAgents(tiers, running);
    expect(Object.fromEntries(shared)).toEqual({
      a: { campaignIds: ['c1', 'c2'], rank: 0 },
      b: { campaignIds: ['c1', 'c2'], rank: 1 },
      c: { campaignIds: ['c1', 'c2', 'c3'], rank: 0 },
    });
  });

  it('deals the same whatever order the rows come in', () => {
    const tiers = ['e', 'a', 'd', 'b', 'c'].map((agentId) => ({ agentId, queueId: 'q1' }));
    const forward = dealSharedAgents(tiers, running);
    const backward = dealSharedAgents([...tiers].reverse(), [...running].reverse());
    expect(Object.fromEntries(backward)).toEqual(Object.fromEntries(forward));
    expect(forward.get('a')?.rank).toBe(0);
    expect(forward.get('e')?.rank).toBe(4);
  });
});
