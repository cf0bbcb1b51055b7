// The supervisor's dashboard: today's numbers (GET /reports/dashboard) kept live. A realtime event
// that moves a number asks for a re-read, at most once every two seconds; a slow poll covers a
// dropped connection (and users without the live stream).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@callcenter/rules/reports/shapes';
import type { RealtimeEventType } from '@callcenter/rules/realtime-event-types';
import { AGENT_STATES } from '../agents/agent-state.ts';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { formatDateTime } from '../app/format.ts';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { useRealtime } from '../app/realtime.ts';
import { throttle } from '../wallboard/wallboard-view.ts';
import { displayValue, type ValueKind } from './report-format.ts';
import type { TargetSense } from './report-summary.ts';
import { TargetNote, targetState } from './target-note.tsx';
import { dashboardKey, reportsApi } from './reports.api.ts';
import { barFill } from './usage.view.ts';
import './reports.css';

export const REREAD_AT_MOST_EVERY_MS = 2_000;
/** The fallback poll: slow while live (a missed event heals within a minute), quicker while not. */
export const POLL_LIVE_MS = 60_000;
export const POLL_OFFLINE_MS = 15_000;

/** The events after which some number on the dashboard may have moved. */
const MOVING_EVENTS: readonly RealtimeEventType[] = [
  'CALL_CREATED',
  'CALL_ANSWERED',
  'CALL_ENDED',
  'QUEUE_MEMBER_COUNT',
  'QUEUE_MEMBER_LEFT',
  'AGENT_STATE_CHANGED',
  'AGENT_STATUS_CHANGED',
];

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const reread = useMemo(
    () => throttle(() => void queryClient.invalidateQueries({ queryKey: dashboardKey(tenantId) }), REREAD_AT_MOST_EVERY_MS),
    [queryClient, tenantId],
  );
  useEffect(() => () => reread.cancel(), [reread]);
  const live = useRealtime(can('monitoring.view'), {
    on: Object.fromEntries(MOVING_EVENTS.map((type) => [type, reread])),
    onConnect: reread,
  });
  const dashboard = useQuery({
    queryKey: dashboardKey(tenantId),
    queryFn: reportsApi.dashboard,
    refetchInterval: live.connected ? POLL_LIVE_MS : POLL_OFFLINE_MS,
  });
  const data = dashboard.data;

  return (
    <section className="report-page dashboard-page" aria-labelledby="dashboard-title">
      <div className="page-title">
        <h1 id="dashboard-title">{t('reports.dashboard.title')}</h1>
      </div>
      <LiveIndicator connected={live.connected} />
      <ErrorMessage error={dashboard.error} />
      {dashboard.isPending ? (
        <Loading />
      ) : data ? (
        <>
          <p className="muted" data-testid="dashboard-at">
            {t('reports.dashboard.at', { at: formatDateTime(data.at, i18n.language, data.timezone), timeZone: data.timezone })}
          </p>
          <DashboardTiles data={data} />
        </>
      ) : null}
    </section>
  );
}

function DashboardTiles({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const show = (kind: ValueKind, value: number | null) => displayValue(kind, value, i18n.language);
  const tile = (id: string, label: string, kind: ValueKind, value: number | null, target?: { value: number | null; sense: TargetSense }) => {
    // No target (queues that do not share one): nothing judged, nothing said.
    const goal = target && target.value !== null ? { value: target.value, sense: target.sense } : undefined;
    const state = goal ? targetState(value, goal.value, goal.sense) : undefined;
    return (
      <div key={id} data-testid={`tile-${id}`} className={state ? `target-${state}` : undefined} data-target={state}>
        <dt>{label}</dt>
        <dd className="big-figure">{show(kind, value)}</dd>
        {goal && <TargetNote state={state} target={goal.value} sense={goal.sense} className="tile-target" />}
      </div>
    );
  };
  const plan = data.planConsumption;
  return (
    <div className="dashboard-grid">
      <section className="home-card" aria-labelledby="dashboard-now">
        <h2 id="dashboard-now">{t('reports.dashboard.now')}</h2>
        <dl className="tiles">
          {tile('live-calls', t('reports.dashboard.liveCalls'), 'count', data.liveCalls.total)}
          {tile('talking', t('reports.dashboard.talking'), 'count', data.liveCalls.talking)}
          {tile('waiting', t('reports.dashboard.waiting'), 'count', data.waitingCallers)}
          {tile('longest-wait', t('reports.dashboard.longestWait'), 'seconds', data.longestWaitSeconds)}
        </dl>
        <p className="muted">
          {t('reports.dashboard.byDirection', {
            inbound: show('count', data.liveCalls.inbound),
            outbound: show('count', data.liveCalls.outbound),
            internal: show('count', data.liveCalls.internal),
          })}
        </p>
      </section>
      <section className="home-card" aria-labelledby="dashboard-today">
        <h2 id="dashboard-today">{t('reports.dashboard.today')}</h2>
        <dl className="tiles">
          {tile('calls', t('reports.dashboard.calls'), 'count', data.today.calls)}
          {tile('offered', t('reports.columns.offered'), 'count', data.today.offered)}
          {tile('answered', t('reports.columns.answered'), 'count', data.today.answered)}
          {tile('abandoned', t('reports.columns.abandoned'), 'count', data.today.abandoned)}
          {tile('service-level', t('reports.columns.serviceLevel'), 'share', data.today.serviceLevel, { value: data.today.serviceLevelTarget, sense: 'atLeast' })}
          {tile('abandon-rate', t('reports.columns.abandonRate'), 'share', data.today.abandonRate, { value: data.today.abandonRateTarget, sense: 'atMost' })}
          {tile('average-wait', t('reports.columns.averageWait'), 'seconds', data.today.averageWaitSeconds)}
          {tile('average-talk', t('reports.columns.averageTalk'), 'seconds', data.today.averageTalkSeconds)}
        </dl>
      </section>
      <section className="home-card" aria-labelledby="dashboard-agents">
        <h2 id="dashboard-agents">{t('reports.dashboard.agents')}</h2>
        <dl className="tiles">{AGENT_STATES.map((state) => tile(`agents-${state}`, t(`reports.states.${state}`), 'count', data.agents[state]))}</dl>
      </section>
      {plan && (
        <section className="home-card" aria-labelledby="dashboard-plan">
          <h2 id="dashboard-plan">{t('reports.dashboard.plan')}</h2>
          <p data-testid="plan-consumption">
            {t('reports.usage.usedOfLimit', { used: show('count', plan.calls), limit: show('count', plan.maxMonthlyCalls) })}{' '}
            <span className="muted">({show('share', plan.share)})</span>
          </p>
          <div
            className="usage-bar"
            role="meter"
            aria-labelledby="dashboard-plan"
            aria-valuemin={0}
            aria-valuemax={plan.maxMonthlyCalls}
            aria-valuenow={plan.calls}
          >
            <span style={{ width: `${barFill(plan.share) * 100}%` }} />
          </div>
        </section>
      )}
    </div>
  );
}
