// Which agents the queue's "add agent" picker offers, kept pure: an agent already serving the queue
// is changed from its own row (Edit), so it is left out unless it is the one being edited.
import { agentChoiceLabel } from './queues.api.ts';

type Choice = Parameters<typeof agentChoiceLabel>[0] & { id: string };

export function tierAgentChoices<A extends Choice>(
  agents: readonly A[],
  tiers: readonly { agentId: string }[],
  editingAgentId: string,
): A[] {
  const serving = new Set(tiers.map((tier) => tier.agentId));
  return agents
    .filter((agent) => agent.id === editingAgentId || !serving.has(agent.id))
    .sort((a, b) => agentChoiceLabel(a).localeCompare(agentChoiceLabel(b)));
}
