// A campaign's figures: leads by status as a bar, dial attempts, answers and calls in progress (the
// dialer's live numbers and the queue's agents are in the dialer panel).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { ShareBar } from '../app/share-bar.tsx';
import { useFormat } from '../app/use-format.ts';
import { leadShares } from './campaign-view.ts';
import { campaignStatsKey, campaignsApi } from './campaigns.api.ts';

const STATS_POLL_MS = 5_000;

export function CampaignStatsPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const stats = useQuery({
    queryKey: campaignStatsKey(me?.tenantId ?? null, campaignId),
    queryFn: () => campaignsApi.stats(campaignId),
    refetchInterval: STATS_POLL_MS,
  });
  if (stats.isPending) return <Loading />;
  if (!stats.data) return <ErrorMessage error={stats.error} />;
  const data = stats.data;
  const shares = leadShares(data.leads);
  return (
    <section aria-labelledby="campaign-stats" className="campaign-stats">
      <h2 id="campaign-stats">{t('campaigns.stats.title')}</h2>
      <ShareBar
        entries={shares.map((share) => ({
          key: share.status,
          className: `lead-${share.status}`,
          share: share.share,
          spoken: `${t(`campaigns.leadStatuses.${share.status}`)}: ${share.count}`,
          testId: `leads-${share.status}`,
          legend: (
            <>
              <span className={`swatch lead-${share.status}`} aria-hidden="true" /> {t(`campaigns.leadStatuses.${share.status}`)}:{' '}
              {format.number(share.count)}
            </>
          ),
        }))}
      />
      <dl className="counters">
        <div>
          <dt>{t('campaigns.stats.attempts')}</dt>
          <dd data-testid="stat-attempts">{format.number(data.attempts)}</dd>
        </div>
        <div>
          <dt>{t('campaigns.stats.answered')}</dt>
          <dd>{format.number(data.answered)}</dd>
        </div>
        <div>
          <dt>{t('campaigns.stats.callsInProgress')}</dt>
          <dd>{format.number(data.callsInProgress)}</dd>
        </div>
      </dl>
    </section>
  );
}
