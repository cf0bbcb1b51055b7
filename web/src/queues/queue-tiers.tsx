import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentStateBadge } from '../agents/agent-state-badge.tsx';
import { agentsApi, agentsKey } from '../agents/agents.api.ts';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { agentChoiceLabel, queuesApi, tiersKey, type Queue } from './queues.api.ts';
import { tierAgentChoices } from './tier-choices.ts';

/** The agents serving one queue: assign with level and position, or remove. */
export function QueueTiers({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const canManage = can('queues.manage');
  const tiers = useQuery({ queryKey: tiersKey(queue.id), queryFn: () => queuesApi.tiers(queue.id) });
  const agents = useQuery({
    queryKey: agentsKey(me?.tenantId ?? null),
    queryFn: agentsApi.list,
    enabled: canManage && can('agents.view'),
  });
  const [agentId, setAgentId] = useState('');
  const [level, setLevel] = useState<number | null>(1);
  const [position, setPosition] = useState<number | null>(1);
  const levelInput = useRef<HTMLInputElement>(null);
  const choices = tierAgentChoices(agents.data ?? [], tiers.data ?? [], agentId);
  // Assigning an agent already in the queue changes its level and position (the API upserts).
  const editing = tiers.data?.some((tier) => tier.agentId === agentId) ?? false;

  const refresh = () => queryClient.invalidateQueries({ queryKey: tiersKey(queue.id) });
  const assign = useMutation({
    mutationFn: () =>
      queuesApi.assign(queue.id, { agentId, level: level ?? 1, position: position ?? 1 }),
    onSuccess: () => {
      setAgentId('');
      setLevel(1);
      setPosition(1);
    },
    onSettled: refresh,
  });
  const unassign = useMutation({
    mutationFn: (id: string) => queuesApi.unassign(queue.id, id),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    unassign.reset();
    if (agentId) assign.mutate();
  };
  const title = t('queues.agentsOf', { name: queue.name });

  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <ErrorMessage error={tiers.error ?? agents.error ?? assign.error ?? unassign.error} />
      {tiers.isPending ? (
        <Loading />
      ) : tiers.data?.length === 0 ? (
        <p>{t('queues.noAgents')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('queues.agent')}</th>
              <th>{t('queues.level')}</th>
              <th>{t('queues.position')}</th>
              <th>{t('common.status')}</th>
              {canManage && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {tiers.data?.map((tier) => (
              <tr key={tier.agentId}>
                <td>
                  {tier.agent.name ?? tier.agent.userEmail ?? '—'}{' '}
                  <span className="muted">
                    {[tier.agent.name ? tier.agent.userEmail : null, tier.agent.extensionNumber].filter(Boolean).join(', ')}
                  </span>
                </td>
                <td>{tier.level}</td>
                <td>{tier.position}</td>
                <td>
                  <AgentStateBadge state={tier.agent.state} />
                </td>
                {canManage && (
                  <td className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`${t('queues.editTier')}: ${tier.agent.name ?? tier.agent.userEmail ?? tier.agent.extensionNumber}`}
                      onClick={() => {
                        assign.reset();
                        setAgentId(tier.agentId);
                        setLevel(tier.level);
                        setPosition(tier.position);
                        levelInput.current?.focus();
                      }}
                    >
                      {t('queues.editTier')}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={unassign.isPending}
                      onClick={() => {
                        assign.reset();
                        unassign.mutate(tier.agentId);
                      }}
                    >
                      {t('queues.removeAgent')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canManage && (
        <form className="form" onSubmit={submit} aria-label={t('queues.assign')}>
          <div className="form-grid">
            <label>
              <span>{t('queues.agent')}</span>
              <select required value={agentId} onChange={(event) => setAgentId(event.target.value)}>
                <option value="">{agents.isPending ? t('common.loading') : t('queues.chooseAgent')}</option>
                {choices.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agentChoiceLabel(agent)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('queues.level')}</span>
              <NumberInput
                ref={levelInput}
                required
                min={1}
                max={99}
                integer
                value={level}
                onValueChange={setLevel}
              />
            </label>
            <label>
              <span>{t('queues.position')}</span>
              <NumberInput
                required
                min={1}
                max={999}
                integer
                value={position}
                onValueChange={setPosition}
              />
            </label>
          </div>
          <div className="actions">
            <button type="submit" disabled={assign.isPending || !agentId}>
              {editing ? t('queues.saveTier') : t('queues.assign')}
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              {t('queues.close')}
            </button>
          </div>
        </form>
      )}
      {!canManage && (
        <button type="button" className="secondary" onClick={onClose}>
          {t('queues.close')}
        </button>
      )}
    </section>
  );
}
