import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { EditDeleteButtons } from '../app/edit-delete-buttons.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { QueueTiers } from './queue-tiers.tsx';
import { QueueForm } from './queue.form.tsx';
import { queuesApi, queuesKey, type Queue } from './queues.api.ts';

type Panel = { kind: 'create' } | { kind: 'edit'; queue: Queue } | { kind: 'tiers'; queue: Queue } | null;

export function QueuesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const queues = useQuery({ queryKey: queuesKey(me?.tenantId ?? null), queryFn: queuesApi.list });
  const [panel, setPanel] = useState<Panel>(null);
  const remove = useMutation({
    mutationFn: queuesApi.remove,
    onSuccess: () => setPanel(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['queues'] }),
  });
  const canManage = can('queues.manage');
  const close = () => setPanel(null);

  return (
    <section>
      <div className="page-title">
        <h1>{t('queues.title')}</h1>
        {canManage && panel === null && (
          <button type="button" onClick={() => setPanel({ kind: 'create' })}>
            {t('queues.newButton')}
          </button>
        )}
      </div>
      {panel?.kind === 'create' && <QueueForm onSaved={close} onCancel={close} />}
      {panel?.kind === 'edit' && (
        <QueueForm key={panel.queue.id} queue={panel.queue} onSaved={close} onCancel={close} />
      )}
      {panel?.kind === 'tiers' && <QueueTiers key={panel.queue.id} queue={panel.queue} onClose={close} />}
      <ErrorMessage error={queues.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('queues.deleted')}</SuccessMessage>}
      {queues.isPending ? (
        <Loading />
      ) : queues.data?.length === 0 ? (
        <p>{t('queues.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.name')}</th>
              <th>{t('queues.strategy')}</th>
              <th>{t('queues.maxWaitTime')}</th>
              <th>{t('queues.recording')}</th>
              <th>{t('common.createdAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {queues.data?.map((queue) => (
              <tr key={queue.id}>
                <td>{queue.name}</td>
                <td>{t(`queues.strategies.${queue.strategy}`)}</td>
                <td>{format.number(queue.maxWaitTime)}</td>
                <td>{queue.recordingEnabled ? t('common.yes') : t('common.no')}</td>
                <td>{format.dateTime(queue.createdAt)}</td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setPanel({ kind: 'tiers', queue })}
                  >
                    {t('queues.manageAgents')}
                  </button>
                  {canManage && (
                    <>
                      <EditDeleteButtons
                        onEdit={() => setPanel({ kind: 'edit', queue })}
                        onDelete={() => remove.mutate(queue.id)}
                        confirmLabel={t('queues.confirmDelete')}
                        deleting={remove.isPending}
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
