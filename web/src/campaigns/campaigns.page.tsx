import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { EditDeleteButtons } from '../app/edit-delete-buttons.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useRealtime } from '../app/realtime.ts';
import { useFormat } from '../app/use-format.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import { CampaignForm } from './campaign.form.tsx';
import { CampaignOperations } from './campaign-operations.tsx';
import {
  campaignsApi,
  campaignsKey,
  type Campaign,
  type CampaignOperation,
  type CampaignStatus,
} from './campaigns.api.ts';
import { scheduleSummary } from './schedule-editor.ts';

type Panel =
  { kind: 'create' } | { kind: 'edit'; campaign: Campaign } | { kind: 'copy'; campaign: Campaign } | null;

const STATUS_TONE: Record<CampaignStatus, string> = {
  DRAFT: '',
  READY: 'pending',
  RUNNING: 'active',
  WAITING_SCHEDULE: 'pending',
  PAUSED: 'pending',
  DRAINING: 'pending',
  STOPPED: 'disabled',
  COMPLETED: '',
};

export function CampaignsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const campaigns = useQuery({ queryKey: campaignsKey(tenantId), queryFn: campaignsApi.list });
  const queues = useQuery({ queryKey: queuesKey(tenantId), queryFn: queuesApi.list });
  const [panel, setPanel] = useState<Panel>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  // A status the dialer (or another supervisor) changes shows without a reload.
  useRealtime(can('monitoring.view'), { on: { CAMPAIGN_STATUS_CHANGED: refresh }, onConnect: refresh });
  const operate = useMutation({
    mutationFn: ({ id, operation }: { id: string; operation: CampaignOperation }) =>
      campaignsApi.operate(id, operation),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: campaignsApi.remove,
    onSuccess: () => setPanel(null),
    onSettled: refresh,
  });
  const canManage = can('campaigns.manage');
  const close = () => setPanel(null);
  const queueNames = useMemo(
    () => new Map(queues.data?.map((queue) => [queue.id, queue.name])),
    [queues.data],
  );
  const dayName = (day: string) => t(`campaigns.daysShort.${day}`);

  return (
    <section>
      <div className="page-title">
        <h1>{t('campaigns.title')}</h1>
        {canManage && panel === null && (
          <button type="button" onClick={() => setPanel({ kind: 'create' })}>
            {t('campaigns.newButton')}
          </button>
        )}
      </div>
      {panel?.kind === 'create' && <CampaignForm onSaved={close} onCancel={close} />}
      {panel?.kind === 'edit' && (
        <CampaignForm key={panel.campaign.id} campaign={panel.campaign} onSaved={close} onCancel={close} />
      )}
      {panel?.kind === 'copy' && (
        <CampaignForm
          key={`copy-${panel.campaign.id}`}
          copyOf={panel.campaign}
          onSaved={close}
          onCancel={close}
        />
      )}
      <ErrorMessage error={campaigns.error ?? operate.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('campaigns.deleted')}</SuccessMessage>}
      {campaigns.isPending ? (
        <Loading />
      ) : campaigns.data?.length === 0 ? (
        <p>{t('campaigns.empty')}</p>
      ) : (
        <table aria-label={t('campaigns.title')}>
          <thead>
            <tr>
              <th>{t('common.name')}</th>
              <th>{t('campaigns.status')}</th>
              <th>{t('campaigns.queue')}</th>
              <th className="number">{t('campaigns.pacing')}</th>
              <th>{t('campaigns.schedule')}</th>
              <th>{t('common.createdAt')}</th>
              {canManage && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {campaigns.data?.map((campaign) => (
              <tr key={campaign.id} data-testid="campaign-row">
                <td>
                  <Link to={`/tenant/campaigns/${encodeURIComponent(campaign.id)}`}>{campaign.name}</Link>
                </td>
                <td>
                  <span className={`badge ${STATUS_TONE[campaign.status]}`}>
                    {t(`campaigns.statuses.${campaign.status}`)}
                  </span>
                </td>
                <td>{queueNames.get(campaign.queueId) ?? '—'}</td>
                <td className="number">
                  {format.number(campaign.pacingMin)}–{format.number(campaign.pacingMax)}
                </td>
                <td>
                  {scheduleSummary(campaign.schedule, dayName) || t('campaigns.noWindows')}{' '}
                  <span className="muted">({campaign.timezone})</span>
                </td>
                <td>{format.dateTime(campaign.createdAt)}</td>
                {canManage && (
                  <td className="row-actions">
                    <CampaignOperations
                      campaign={campaign}
                      busy={operate.isPending}
                      onOperate={(operation) => operate.mutate({ id: campaign.id, operation })}
                      onDuplicate={() => setPanel({ kind: 'copy', campaign })}
                    />
                    <EditDeleteButtons
                      onEdit={() => setPanel({ kind: 'edit', campaign })}
                      onDelete={() => remove.mutate(campaign.id)}
                      confirmLabel={t('campaigns.confirmDelete')}
                      deleting={remove.isPending}
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
