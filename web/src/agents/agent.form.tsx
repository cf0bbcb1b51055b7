import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { extensionLabel } from '../extensions/extension-label.ts';
import { extensionsApi, extensionsKey } from '../extensions/extensions.api.ts';
import { agentPatch, extensionChoices, memberLabel, nameForMember } from './agent-choices.ts';
import { agentsApi, assignableUsersKey, type Agent, type AgentSwitchSetting } from './agents.api.ts';

interface AgentFormProps {
  /** Editing this agent; creating a new one when absent. */
  agent?: Agent;
  /** Every agent of the tenant, to leave taken members and extensions out of the pickers. */
  agents: readonly Agent[];
  onSaved: () => void;
  onCancel: () => void;
}

/** What a new agent starts with: the server's defaults (wrap-up 10 s, the switch's own zeros). */
const NEW_AGENT_SETTINGS: Record<AgentSwitchSetting, number> = {
  wrapUpSeconds: 10,
  maxNoAnswer: 0,
  rejectDelaySeconds: 0,
  busyDelaySeconds: 0,
  noAnswerDelaySeconds: 0,
};

/** The switch settings the form shows, each with its range and hint. */
const SETTING_FIELDS: readonly { setting: AgentSwitchSetting; max: number; hint: string }[] = [
  { setting: 'wrapUpSeconds', max: 3600, hint: 'agents.wrapUpHint' },
  { setting: 'maxNoAnswer', max: 100, hint: 'agents.maxNoAnswerHint' },
  { setting: 'rejectDelaySeconds', max: 3600, hint: 'agents.delayHint' },
  { setting: 'busyDelaySeconds', max: 3600, hint: 'agents.delayHint' },
  { setting: 'noAnswerDelaySeconds', max: 3600, hint: 'agents.delayHint' },
];

type SettingDrafts = Record<AgentSwitchSetting, number | null>;

export function AgentForm({ agent, agents, onSaved, onCancel }: AgentFormProps) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  // The member of an existing agent never changes (the server has no such field): no list needed.
  const members = useQuery({
    queryKey: assignableUsersKey(tenantId),
    queryFn: agentsApi.assignableUsers,
    enabled: !agent,
  });
  const extensions = useQuery({ queryKey: extensionsKey(tenantId), queryFn: extensionsApi.list });
  const [userId, setUserId] = useState('');
  const [extensionId, setExtensionId] = useState(agent?.extensionId ?? '');
  const [name, setName] = useState(agent?.name ?? '');
  const [settings, setSettings] = useState<SettingDrafts>(() => ({
    wrapUpSeconds: agent?.wrapUpSeconds ?? NEW_AGENT_SETTINGS.wrapUpSeconds,
    maxNoAnswer: agent?.maxNoAnswer ?? NEW_AGENT_SETTINGS.maxNoAnswer,
    rejectDelaySeconds: agent?.rejectDelaySeconds ?? NEW_AGENT_SETTINGS.rejectDelaySeconds,
    busyDelaySeconds: agent?.busyDelaySeconds ?? NEW_AGENT_SETTINGS.busyDelaySeconds,
    noAnswerDelaySeconds: agent?.noAnswerDelaySeconds ?? NEW_AGENT_SETTINGS.noAnswerDelaySeconds,
  }));

  const save = useMutation({
    mutationFn: async () => {
      // Required fields: the browser does not submit a blank one, so null never reaches here.
      const filled = Object.fromEntries(
        Object.entries(settings).filter((entry): entry is [AgentSwitchSetting, number] => entry[1] !== null),
      ) as Partial<Record<AgentSwitchSetting, number>>;
      const values = { extensionId, name, settings: filled };
      if (!agent)
        return agentsApi.create({ userId, extensionId, name: values.name.trim() || null, ...filled });
      const patch = agentPatch(agent, values);
      // The server refuses an empty PATCH; nothing changed is simply done.
      return Object.keys(patch).length > 0 ? agentsApi.update(agent.id, patch) : agent;
    },
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = agent ? t('agents.editTitle') : t('agents.createTitle');
  const memberOptions = members.data ?? [];
  const extensionOptions = extensionChoices(extensions.data ?? [], agents, agent?.extensionId);

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <ErrorMessage error={members.error ?? extensions.error} />
      <div className="form-grid">
        {agent ? (
          <Field label={t('agents.user')} hint={t('agents.userFixed')}>
            <input readOnly value={agent.userEmail ?? t('agents.userGone')} />
          </Field>
        ) : (
          <Field
            label={t('agents.user')}
            hint={memberOptions.length === 0 && members.isSuccess && t('agents.noMembers')}
          >
            <select
              required
              value={userId}
              onChange={(event) => {
                // The agent's name starts as the member's own (still editable below).
                const byId = (id: string) => memberOptions.find((member) => member.id === id);
                setName((current) => nameForMember(current, byId(userId), byId(event.target.value)));
                setUserId(event.target.value);
              }}
            >
              <option value="">{members.isPending ? t('common.loading') : t('agents.chooseUser')}</option>
              {memberOptions.map((member) => (
                <option key={member.id} value={member.id}>
                  {memberLabel(member)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field
          label={t('agents.extension')}
          hint={extensionOptions.length === 0 && extensions.isSuccess && t('agents.noExtensions')}
        >
          <select required value={extensionId} onChange={(event) => setExtensionId(event.target.value)}>
            <option value="">
              {extensions.isPending ? t('common.loading') : t('agents.chooseExtension')}
            </option>
            {extensionOptions.map((extension) => (
              <option key={extension.id} value={extension.id}>
                {extensionLabel(extension)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('common.name')} hint={t('agents.nameHint')}>
          <input maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
      </div>
      <fieldset>
        <legend>{t('agents.switchSettings')}</legend>
        <div className="form-grid">
          {SETTING_FIELDS.map(({ setting, max, hint }) => (
            <Field key={setting} label={t(`agents.${setting}`)} hint={t(hint)}>
              <NumberInput
                required
                min={0}
                max={max}
                integer
                value={settings[setting]}
                onValueChange={(value) => setSettings((current) => ({ ...current, [setting]: value }))}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <ErrorMessage error={save.error} />
      <FormActions
        saving={save.isPending}
        submitLabel={agent ? t('common.save') : t('agents.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
