// What the agent form offers and sends, kept pure: one agent per member and one per extension, so
// the pickers leave out those already taken (the server still answers 409 for deleted agents'
// members and extensions, which the list cannot show).
import type { Extension } from '../extensions/extensions.api.ts';
import type { TenantUser } from '../users/users.api.ts';
import type { Agent, AgentPatchInput } from './agents.api.ts';

type Taken = Pick<Agent, 'userId' | 'extensionId'>;

/** Members without an agent; `keepUserId` stays in (the agent being edited). */
export function memberChoices(
  members: readonly TenantUser[],
  agents: readonly Taken[],
  keepUserId?: string,
): TenantUser[] {
  const taken = new Set(agents.map((agent) => agent.userId));
  return members.filter((member) => member.id === keepUserId || !taken.has(member.id));
}

/** Extensions that serve no agent; `keepExtensionId` stays in (the agent being edited). */
export function extensionChoices(
  extensions: readonly Extension[],
  agents: readonly Taken[],
  keepExtensionId?: string,
): Extension[] {
  const taken = new Set(agents.map((agent) => agent.extensionId));
  return extensions
    .filter((extension) => extension.id === keepExtensionId || !taken.has(extension.id))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}

export const memberLabel = (member: Pick<TenantUser, 'email' | 'name'>): string =>
  member.name ? `${member.name} <${member.email}>` : member.email;

export const extensionLabel = (extension: Pick<Extension, 'number' | 'callerId'>): string =>
  extension.callerId ? `${extension.number} — ${extension.callerId}` : extension.number;

export interface AgentFormValues {
  extensionId: string;
  /** As typed: blank means no name. */
  name: string;
  wrapUpSeconds: number;
}

/** Only what the form changed, so the audit log names the fields that really moved. */
export function agentPatch(agent: Agent, values: AgentFormValues): AgentPatchInput {
  const name = values.name.trim() || null;
  return {
    ...(values.extensionId !== agent.extensionId && { extensionId: values.extensionId }),
    ...(name !== agent.name && { name }),
    ...(values.wrapUpSeconds !== agent.wrapUpSeconds && { wrapUpSeconds: values.wrapUpSeconds }),
  };
}
