// The campaign's dialer, live (decision 0049): dial level and mode, answer and abandon rates against
// the target, calls ringing, waiting and in flight, the queue's agents, why it dials as it does,
// the tenant's short calls today and the leads waiting for their calling window; the last hour as
// charts. CAMPAIGN_DIALER_UPDATED events update it between reads of the stats and the history.
import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AgentStateBadge } from '../agents/agent-state-badge.tsx';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useRealtime } from '../app/realtime.ts';
import { ShareBar } from '../app/share-bar.tsx';
import { useFormat } from '../app/use-format.ts';
import { campaignHistoryKey, campaignStatsKey, campaignsApi, type CampaignStats, type DialerSample } from './campaigns.api.ts';
import { abandonState, agentShares, appendLive, currentDialer, formatLevel, formatRate, parseDialerEvent, reasonKeys, type DialerEvent } from './dialer-view.ts';
import './campaigns.css';
import { shortCallAlert } from './short-calls.ts';

const DialerCharts = lazy(() => import('./dialer-charts.tsx'));

const STATS_POLL_MS = 5_000;
const HISTORY_MINUTES = 60;
/** The history is read again each minute: answers and abandons per minute come only from it. */
const HISTORY_POLL_MS = 60_000;

export function DialerPanel({ campaignId }: { campaignId: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const locale = i18n.language;
  const [event, setEvent] = useState<DialerEvent | null>(null);
  const stats = useQuery({
    queryKey: campaignStatsKey(tenantId, campaignId),
    queryFn: () => campaignsApi.stats(campaignId),
    refetchInterval: STATS_POLL_MS,
  });
  const historyKey = campaignHistoryKey(tenantId, campaignId, HISTORY_MINUTES);
  const history = useQuery({
    queryKey: historyKey,
    queryFn: () => campaignsApi.history(campaignId, HISTORY_MINUTES),
    refetchInterval: HISTORY_POLL_MS,
  });
  const { connected } = useRealtime(can('monitoring.view'), {
    on: {
      CAMPAIGN_DIALER_UPDATED: (payload) => {
        const parsed = parseDialerEvent(payload, campaignId);
        if (!parsed) return;
        setEvent(parsed);
        queryClient.setQueryData<{ samples: DialerSample[] }>(historyKey, (old) => (old ? { samples: appendLive(old.samples, parsed, HISTORY_MINUTES) } : old));
      },
    },
  });

  if (stats.isPending) return <Loading />;
  if (!stats.data) return <ErrorMessage error={stats.error} />;
  const now = currentDialer(stats.data, event);

  return (
    <section aria-labelledby="campaign-dialer-live" className="campaign-dialer">
      <div className="page-title">
        <h2 id="campaign-dialer-live">{t('campaigns.live.title')}</h2>
        <span className="muted" data-testid="dialer-live">
          {connected ? t('campaigns.live.live') : t('campaigns.live.polling')}
        </span>
      </div>
      {now === null ? (
        <p className="muted" data-testid="dialer-idle">
          {t('campaigns.live.notYet')}
        </p>
      ) : (
        <>
          <dl className="counters" aria-live="off">
            <div>
              <dt>{t('campaigns.live.dialLevel')}</dt>
              <dd data-testid="dialer-level">{formatLevel(now.dialLevel, locale)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.live.mode')}</dt>
              <dd data-testid="dialer-mode">{t(`campaigns.live.modes.${now.mode}`)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.live.answerRate')}</dt>
              <dd data-testid="dialer-answer-rate">{formatRate(now.answerRate, locale)}</dd>
            </div>
            <AbandonRate rate={now.abandonRate} target={now.abandonTarget} locale={locale} />
            <div>
              <dt>{t('campaigns.live.callsRinging')}</dt>
              <dd data-testid="dialer-ringing">{format.number(now.callsRinging)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.live.answeredWaiting')}</dt>
              <dd data-testid="dialer-waiting">{format.number(now.answeredWaiting)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.live.callsInFlight')}</dt>
              <dd data-testid="dialer-in-flight">{format.number(now.callsInFlight)}</dd>
            </div>
            {now.agents && (
              <div>
                <dt>{t('campaigns.live.agentsFreeBusy')}</dt>
                <dd data-testid="dialer-agents">
                  {t('campaigns.live.agentsFreeBusyValue', { available: format.number(now.agents.available), busy: format.number(now.agents.busy) })}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('campaigns.live.leadsWaitingWindow')}</dt>
              <dd data-testid="dialer-leads-waiting">{format.number(now.leadsWaitingWindow)}</dd>
            </div>
          </dl>
          <div className="dialer-reasons">
            <h3 id="dialer-reasons">{t('campaigns.live.reasonsTitle')}</h3>
            {now.reasons.length === 0 ? (
              <p className="muted">{t('campaigns.live.noReasons')}</p>
            ) : (
              <ul aria-labelledby="dialer-reasons" data-testid="dialer-reasons">
                {reasonKeys(now.reasons).map((reason) => (
                  <li key={reason.code}>{t(reason.key, { code: reason.code })}</li>
                ))}
              </ul>
            )}
            <p className="muted">{t('campaigns.live.updatedAt', { time: format.dateTime(now.at) })}</p>
          </div>
        </>
      )}
      <QueueAgents agents={stats.data.agents} />
      <ShortCallsNotice shortCalls={stats.data.shortCalls} locale={locale} />
      <ErrorMessage error={history.error} />
      {history.data && (
        <Suspense fallback={<Loading />}>
          <DialerCharts samples={history.data.samples} abandonTarget={now?.abandonTarget ?? null} minutes={HISTORY_MINUTES} />
        </Suspense>
      )}
    </section>
  );
}

function AbandonRate({ rate, target, locale }: { rate: number | null; target: number; locale: string }) {
  const { t } = useTranslation();
  const state = abandonState(rate, target);
  return (
    <div className={state === 'over' ? 'over-target' : undefined}>
      <dt>{t('campaigns.live.abandonRate')}</dt>
      <dd data-testid="dialer-abandon-rate" data-state={state}>
        {formatRate(rate, locale)}{' '}
        <span className="target">{t('campaigns.live.targetOf', { target: formatRate(target, locale) })}</span>
        {state === 'over' && <strong className="over-label"> {t('campaigns.live.overTarget')}</strong>}
      </dd>
    </div>
  );
}

/** The campaign queue's agents by state, logged-out ones left out. */
function QueueAgents({ agents }: { agents: CampaignStats['agents'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const byState = agentShares(agents);
  return (
    <div className="dialer-agents">
      <h3>{t('campaigns.stats.agents')}</h3>
      {byState.length === 0 ? (
        <p className="muted">{t('campaigns.stats.noAgents')}</p>
      ) : (
        <ShareBar
          entries={byState.map((entry) => ({
            key: entry.state,
            className: `state-${entry.state}`,
            share: entry.share,
            spoken: `${t(`agentBar.states.${entry.state}`)}: ${entry.count}`,
            testId: `campaign-agents-${entry.state}`,
            legend: (
              <>
                <AgentStateBadge state={entry.state} /> {format.number(entry.count)}
              </>
            ),
          }))}
        />
      )}
    </div>
  );
}

function ShortCallsNotice({ shortCalls, locale }: { shortCalls: CampaignStats['shortCalls']; locale: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const alert = shortCallAlert(shortCalls);
  const alerting = alert !== 'OK';
  const text = t('campaigns.live.shortCalls', {
    share: formatRate(shortCalls.share, locale),
    short: format.number(shortCalls.shortToday),
    total: format.number(shortCalls.today),
    threshold: formatRate(shortCalls.threshold, locale),
  });
  return (
    <div className="dialer-compliance">
      <h3>{t('campaigns.live.complianceTitle')}</h3>
      <p data-testid="short-calls" data-level={alert} className={alerting ? `short-calls ${alert === 'NOTICE' || alert === 'OVER_ON_FEW_CALLS' ? 'notice' : 'error'}` : 'short-calls'} role={alerting ? 'status' : undefined}>
        {text}
        {alerting && <strong> {t(`campaigns.live.shortCallLevels.${alert}`, { min: format.number(shortCalls.minCalls) })}</strong>}
      </p>
    </div>
  );
}
