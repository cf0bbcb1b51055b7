import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { EditDeleteButtons } from '../app/edit-delete-buttons.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { useFormat } from '../app/use-format.ts';
import { AgentStateBadge } from './agent-state-badge.tsx';
import { AgentForm } from './agent.form.tsx';
import { RelativeTime } from '../app/relative-time-text.tsx';
import { usePauseReasonName } from './use-pause-reason-name.ts';
import { AGENTS_POLL_MS, useLiveAgents } from './use-live-agents.ts';
import { agentsApi, type Agent } from './agents.api.ts';

type Panel = { kind: 'create' } | { kind: 'edit'; agent: Agent } | null;

export function AgentsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const tenantId = me?.tenantId ?? null;
  const canWatch = can('monitoring.view');

  const { agents, live } = useLiveAgents(tenantId, canWatch);
  const pauseReasonName = usePauseReasonName();

  const [panel, setPanel] = useState<Panel>(null);
  const remove = useMutation({
    mutationFn: agentsApi.remove,
    onSuccess: () => setPanel(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
  });
  const canManage = can('agents.manage');
  const close = () => setPanel(null);

  return (
    <section className="agents-page">
      <div className="page-title">
        <h1>{t('menu.agents')}</h1>
        {canManage && panel === null && (
          <button type="button" onClick={() => setPanel({ kind: 'create' })}>
            {t('agents.newButton')}
          </button>
        )}
      </div>
      {panel?.kind === 'create' && <AgentForm agents={agents.data ?? []} onSaved={close} onCancel={close} />}
      {panel?.kind === 'edit' && (
        <AgentForm
          key={panel.agent.id}
          agent={panel.agent}
          agents={agents.data ?? []}
          onSaved={close}
          onCancel={close}
        />
      )}
      {canWatch ? (
        <LiveIndicator connected={live.connected} />
      ) : (
        <p className="muted" role="status">
          {t('agents.polling', { seconds: AGENTS_POLL_MS / 1000 })}
        </p>
      )}
      <ErrorMessage error={agents.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('agents.deleted')}</SuccessMessage>}
      {agents.isPending ? (
        <Loading />
      ) : agents.data?.length === 0 ? (
        <p>{t('agents.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-label={t('menu.agents')}>
            <thead>
              <tr>
                <th>{t('common.name')}</th>
                <th>{t('agents.user')}</th>
                <th>{t('agents.extension')}</th>
                <th>{t('agents.state')}</th>
                <th>{t('agents.since')}</th>
                <th className="number">{t('agents.wrapUpSeconds')}</th>
                {canManage && <th>{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {agents.data?.map((agent) => {
                const reason = agent.state === 'PAUSED' ? pauseReasonName(agent.pauseReasonId) : undefined;
                return (
                  <tr key={agent.id}>
                    <td>{agent.name ?? agent.userName ?? '—'}</td>
                    <td>{agent.userEmail ?? <span className="muted">{t('agents.userGone')}</span>}</td>
                    <td>{agent.extensionNumber}</td>
                    <td>
                      <AgentStateBadge state={agent.state} reason={reason} />
                    </td>
                    <td className="nowrap">
                      <RelativeTime since={agent.stateChangedAt} />
                    </td>
                    <td className="number">{format.number(agent.wrapUpSeconds)}</td>
                    {canManage && (
                      <td className="row-actions">
                        <EditDeleteButtons
                          onEdit={() => setPanel({ kind: 'edit', agent })}
                          onDelete={() => remove.mutate(agent.id)}
                          confirmLabel={t('agents.confirmDelete')}
                          deleting={remove.isPending}
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
