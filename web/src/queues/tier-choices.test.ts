import { describe, expect, it } from 'vitest';
import { tierAgentChoices } from './tier-choices.ts';

const agent = (id: string, name: string) => ({ id, name, userName: null, userEmail: `${id}@x.test`, extensionNumber: '1001' });

describe('tierAgentChoices', () => {
  const agents = [agent('c', 'Carla'), agent('a', 'Ana'), agent('b', 'Bruno')];

  it('leaves out the agents already serving the queue, sorted by name', () => {
    expect(tierAgentChoices(agents, [{ agentId: 'b' }], '').map((one) => one.id)).toEqual(['a', 'c']);
  });

  it('keeps the agent whose tier is being edited', () => {
    expect(tierAgentChoices(agents, [{ agentId: 'b' }, { agentId: 'c' }], 'b').map((one) => one.id)).toEqual(['a', 'b']);
  });

  it('offers nobody when every agent serves the queue', () => {
    expect(tierAgentChoices(agents, agents.map((one) => ({ agentId: one.id })), '')).toEqual([]);
  });
});
