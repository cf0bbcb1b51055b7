import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { useMonitoringStream } from '../app/monitoring-stream.ts';
import { useFormat } from '../app/use-format.ts';
import { CreateTrunkForm } from './create-trunk.form.tsx';
import { trunksApi, trunksKey, type Trunk } from './trunks.api.ts';

export function TrunksPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const trunks = useQuery({ queryKey: trunksKey(me?.tenantId ?? null), queryFn: trunksApi.list });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Trunk | null>(null);
  const [saved, setSaved] = useState(false);
  const remove = useMutation({
    mutationFn: trunksApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trunks'] }),
  });
  const canManage = can('trunks.manage');
  // A status change reloads the list: the server's row is the truth (status and its time).
  const live = useMonitoringStream(can('monitoring.view'), (messages) => {
    if (messages.some((message) => message.event === 'TRUNK_STATUS_CHANGED'))
      void queryClient.invalidateQueries({ queryKey: ['trunks'] });
  });

  return (
    <section>
      <div className="page-title">
        <h1>{t('trunks.title')}</h1>
        {canManage && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('trunks.newButton')}
          </button>
        )}
      </div>
      {creating && (
        <CreateTrunkForm onCancel={() => setCreating(false)} onCreated={() => setCreating(false)} />
      )}
      {editing && (
        <CreateTrunkForm
          key={editing.id}
          trunk={editing}
          onCancel={() => setEditing(null)}
          onCreated={() => {
            setEditing(null);
            setSaved(true);
          }}
        />
      )}
      {saved && !editing && <SuccessMessage>{t('trunkEdit.saved')}</SuccessMessage>}
      {can('monitoring.view') && <LiveIndicator connected={live.connected} />}
      <ErrorMessage error={trunks.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('trunks.deleted')}</SuccessMessage>}
      {trunks.isPending ? (
        <Loading />
      ) : trunks.data?.length === 0 ? (
        <p>{t('trunks.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.name')}</th>
              <th>{t('trunks.host')}</th>
              <th>{t('trunks.username')}</th>
              <th>{t('trunks.password')}</th>
              <th>{t('trunks.transport')}</th>
              <th>{t('trunks.register')}</th>
              <th>{t('trunks.cpsLimit')}</th>
              <th>{t('common.status')}</th>
              <th>{t('trunks.statusUpdatedAt')}</th>
              {canManage && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {trunks.data?.map((trunk) => (
              <tr key={trunk.id}>
                <td>{trunk.name}</td>
                <td>{trunk.host}</td>
                <td>{trunk.username}</td>
                <td>{trunk.hasPassword ? t('trunks.hasPassword') : t('trunks.noPassword')}</td>
                <td>{trunk.transport.toUpperCase()}</td>
                <td>{trunk.register ? t('common.yes') : t('common.no')}</td>
                <td>{format.limit(trunk.cpsLimit)}</td>
                <td>
                  <span className={`badge trunk-${trunk.status.toLowerCase()}`}>
                    {t(`trunks.statuses.${trunk.status}`, { defaultValue: trunk.status })}
                  </span>
                </td>
                <td>{format.dateTime(trunk.statusUpdatedAt)}</td>
                {canManage && (
                  <td>
                    <button
                      type="button"
                      aria-label={`${t('trunkEdit.edit')} ${trunk.name}`}
                      onClick={() => {
                        setSaved(false);
                        setCreating(false);
                        setEditing(trunk);
                      }}
                    >
                      {t('trunkEdit.edit')}
                    </button>{' '}
                    <ConfirmButton
                      label={t('trunks.delete')}
                      confirmLabel={t('trunks.confirmDelete')}
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(trunk.id)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
