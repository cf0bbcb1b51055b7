// What the agent form offers and sends, kept pure. The server lists the members who can still be
// agents; extensions serving a current agent are left out here (the server still answers 409 for
// a deleted agent's extension, which the list cannot show).
import { sortedExtensions } from '../extensions/extension-label.ts';
import type { Extension } from '../extensions/extensions.api.ts';
import {
  AGENT_SWITCH_SETTINGS,
  type Agent,
  type AgentPatchInput,
  type AgentSwitchSetting,
  type AssignableUser,
} from './agents.api.ts';

type Taken = Pick<Agent, 'userId' | 'extensionId'>;

/** Extensions that serve no agent; `keepExtensionId` stays in (the agent being edited). */
export function extensionChoices(
  extensions: readonly Extension[],
  agents: readonly Taken[],
  keepExtensionId?: string,
): Extension[] {
  const taken = new Set(agents.map((agent) => agent.extensionId));
  return sortedExtensions(
    extensions.filter((extension) => extension.id === keepExtensionId || !taken.has(extension.id)),
  );
}

export const memberLabel = (member: Pick<AssignableUser, 'email' | 'name'>): string =>
  member.name ? `${member.name} <${member.email}>` : member.email;

export interface AgentFormValues {
  extensionId: string;
  /** As typed: blank means no name. */
  name: string;
  /** The switch settings; one left out is not sent. */
  settings: Partial<Record<AgentSwitchSetting, number>>;
}

/** Only what the form changed, so the audit log names the fields that really moved. */
export function agentPatch(agent: Agent, values: AgentFormValues): AgentPatchInput {
  const name = values.name.trim() || null;
  return {
    ...(values.extensionId !== agent.extensionId && { extensionId: values.extensionId }),
    ...(name !== agent.name && { name }),
    ...Object.fromEntries(
      AGENT_SWITCH_SETTINGS.filter(
        (setting) => values.settings[setting] !== undefined && values.settings[setting] !== agent[setting],
      ).map((setting) => [setting, values.settings[setting]]),
    ),
  };
}

/**
 * The agent's name after a member is chosen: the member's own name, unless the admin typed another
 * one (a name that is empty or still the previous member's was not typed).
 */
export function nameForMember(
  current: string,
  previous: Pick<AssignableUser, 'name'> | undefined,
  next: Pick<AssignableUser, 'name'> | undefined,
): string {
  const untouched = current.trim() === '' || current === (previous?.name ?? '');
  return untouched ? (next?.name ?? '') : current;
}
