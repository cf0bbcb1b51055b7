// One campaign: how its leads stand, its calls, its dialer live and its settings, the lead imports (with progress and the
// refused rows) and the leads themselves, page by page.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { Pager } from '../app/pager.tsx';
import { useRealtime } from '../app/realtime.ts';
import { LEADS_POLL_MS, useLiveLeads } from './use-live-leads.ts';
import { useFormat } from '../app/use-format.ts';
import { formatDid } from '../inbound-routes/did-format.ts';
import { ImportHistory } from '../list-imports/import-history.tsx';
import { ListImportPanel } from '../list-imports/list-import-panel.tsx';
import { AbandonMessage } from './abandon-message.tsx';
import { CampaignForm } from './campaign.form.tsx';
import { CampaignOperations } from './campaign-operations.tsx';
import { CampaignStatsPanel } from './campaign-stats.tsx';
import { DialerPanel } from './dialer-panel.tsx';
import { DialerSummary } from './dialer-settings.fields.tsx';
import {
  LEAD_STATUSES,
  campaignKey,
  campaignsApi,
  leadsKey,
  type CampaignOperation,
  type LeadFilters,
  type LeadStatus,
} from './campaigns.api.ts';
import { dialOutcomeLabel } from '../call-codes/call-codes.ts';

const PAGE_SIZE = 50;

export function CampaignDetailPage() {
  const { t } = useTranslation();
  const { campaignId = '' } = useParams();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const campaign = useQuery({
    queryKey: campaignKey(tenantId, campaignId),
    queryFn: () => campaignsApi.get(campaignId),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['campaigns', tenantId, campaignId] });
  useRealtime(can('monitoring.view'), { on: { CAMPAIGN_STATUS_CHANGED: refresh }, onConnect: refresh });
  const target = { kind: 'LEADS', campaignId } as const;
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const operate = useMutation({
    mutationFn: (operation: CampaignOperation) => campaignsApi.operate(campaignId, operation),
    onSettled: refresh,
  });

  return (
    <section className="campaign-detail">
      <p>
        <Link to="/tenant/campaigns">{t('campaigns.backToList')}</Link>
      </p>
      <ErrorMessage error={campaign.error} />
      {campaign.isPending ? (
        <Loading />
      ) : campaign.data ? (
        <>
          <div className="page-title">
            <h1>{campaign.data.name}</h1>
            <span className="badge" data-testid="campaign-status">
              {t(`campaigns.statuses.${campaign.data.status}`)}
            </span>
            {can('campaigns.manage') && (
              <span className="row-actions">
                <CampaignOperations
                  campaign={campaign.data}
                  busy={operate.isPending}
                  onOperate={(operation) => operate.mutate(operation)}
                  onDuplicate={() => setCopying(true)}
                />
              </span>
            )}
          </div>
          {campaign.data.status === 'STOPPED' && <p className="muted">{t('campaigns.stoppedNote')}</p>}
          {copying && (
            <CampaignForm
              copyOf={campaign.data}
              onSaved={() => void navigate('/tenant/campaigns')}
              onCancel={() => setCopying(false)}
            />
          )}
          <ErrorMessage error={operate.error} />
          <CampaignStatsPanel campaignId={campaignId} />
          <DialerPanel campaignId={campaignId} />
          <section aria-labelledby="campaign-dialer">
            <h2 id="campaign-dialer">{t('campaigns.dialer.title')}</h2>
            <dl className="facts panel">
              <DialerSummary {...campaign.data} />
            </dl>
          </section>
          <AbandonMessage campaign={campaign.data} />
          {can('leads.import') && (
            <>
              <ListImportPanel target={target} onImported={refresh} />
              <ImportHistory target={target} />
            </>
          )}
          <LeadsSection campaignId={campaignId} />
        </>
      ) : null}
    </section>
  );
}

function LeadsSection({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [page, setPage] = useState(1);
  const filters: LeadFilters = { status: status || undefined, page, pageSize: PAGE_SIZE };
  const live = useLiveLeads(campaignId);
  const leads = useQuery({
    queryKey: leadsKey(me?.tenantId ?? null, campaignId, filters),
    queryFn: () => campaignsApi.leads(campaignId, filters),
    placeholderData: keepPreviousData,
    refetchInterval: live.connected ? false : LEADS_POLL_MS,
  });
  const data = leads.data;
  return (
    <section aria-labelledby="campaign-leads">
      <h2 id="campaign-leads">{t('campaigns.leads.title')}</h2>
      <div className="filters">
        <div className="filter-field">
          <label htmlFor="lead-status">{t('campaigns.leads.status')}</label>
          <select
            id="lead-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as LeadStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('campaigns.leads.anyStatus')}</option>
            {LEAD_STATUSES.map((one) => (
              <option key={one} value={one}>
                {t(`campaigns.leadStatuses.${one}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorMessage error={leads.error} />
      {leads.isPending ? (
        <Loading />
      ) : !data || data.items.length === 0 ? (
        <p className="muted">{status ? t('campaigns.leads.noMatch') : t('campaigns.leads.empty')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table aria-label={t('campaigns.leads.title')}>
              <thead>
                <tr>
                  <th>{t('campaigns.leads.phone')}</th>
                  <th>{t('common.name')}</th>
                  <th>{t('campaigns.leads.status')}</th>
                  <th className="number">{t('campaigns.leads.attempts')}</th>
                  <th>{t('campaigns.leads.nextAttemptAt')}</th>
                  <th>{t('campaigns.leads.lastOutcome')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((lead) => (
                  <tr key={lead.id} data-testid="lead-row">
                    <td>{formatDid(lead.phone)}</td>
                    <td>{lead.name ?? '—'}</td>
                    <td>{t(`campaigns.leadStatuses.${lead.status}`)}</td>
                    <td className="number">{format.number(lead.attempts)}</td>
                    <td>{lead.nextAttemptAt ? format.dateTime(lead.nextAttemptAt) : '—'}</td>
                    <td>{dialOutcomeLabel(t, lead.lastOutcome)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            shown={data.items.length}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
