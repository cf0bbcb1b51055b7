// The live wallboard: per queue who waits and how today went, agents by state and on which call,
// and the calls in progress. Agent states patch in place from the realtime stream; everything else
// is re-read (at most once a second) when an event says it changed, and polled while not live.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentStateBadge } from '../agents/agent-state-badge.tsx';
import { agentDisplayName, type Agent } from '../agents/agents.api.ts';
import { useLiveAgents } from '../agents/use-live-agents.ts';
import { usePauseReasonName } from '../agents/use-pause-reason-name.ts';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { useRealtime } from '../app/realtime.ts';
import { useFormat } from '../app/use-format.ts';
import { RunningClock } from '../app/running-clock.tsx';
import { ShareBar } from '../app/share-bar.tsx';
import { customerNumber } from '@callcenter/rules/customer-number';
import { callStatus, currentCallByAgent, loggedInByState, throttle } from './wallboard-view.ts';
import { wallboardApi, wallboardKey, type CallInProgress, type QueueToday } from './wallboard.api.ts';
import { phoneOrDash } from '../calls/phone-display.ts';
import type { TargetSense } from '../reports/report-summary.ts';
import { TargetNote, targetState } from '../reports/target-note.tsx';
import './wallboard.css';

/** Re-read this often anyway while not live (and the day's counts roll over at midnight). */
const POLL_MS = 15_000;
const REREAD_AT_MOST_EVERY_MS = 1_000;

export function WallboardPage() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const reread = useMemo(
    () =>
      throttle(
        () => void queryClient.invalidateQueries({ queryKey: wallboardKey(tenantId) }),
        REREAD_AT_MOST_EVERY_MS,
      ),
    [queryClient, tenantId],
  );
  useEffect(() => () => reread.cancel(), [reread]);
  const live = useRealtime(true, {
    on: {
      CALL_CREATED: reread,
      CALL_ANSWERED: reread,
      CALL_ENDED: reread,
      QUEUE_MEMBER_COUNT: reread,
      QUEUE_MEMBER_LEFT: reread,
      AGENT_OFFERED_CALL: reread,
      AGENT_BRIDGE_FAILED: reread,
      AGENT_STATUS_CHANGED: reread,
    },
    onConnect: reread,
  });
  const wallboard = useQuery({
    queryKey: wallboardKey(tenantId),
    queryFn: wallboardApi.get,
    refetchInterval: live.connected ? POLL_MS * 4 : POLL_MS,
  });
  const { agents } = useLiveAgents(tenantId, true);

  const queueNames = useMemo(
    () => new Map((wallboard.data?.queues ?? []).map((queue) => [queue.queueId, queue.name])),
    [wallboard.data],
  );
  const agentNames = useMemo(
    () => new Map((agents.data ?? []).map((agent) => [agent.id, agentDisplayName(agent)])),
    [agents.data],
  );

  return (
    <section className="wallboard-page">
      <div className="page-title">
        <h1>{t('wallboard.title')}</h1>
      </div>
      <LiveIndicator connected={live.connected} />
      <ErrorMessage error={wallboard.error ?? agents.error} />
      {wallboard.isPending || agents.isPending ? (
        <Loading />
      ) : (
        <>
          <section aria-labelledby="wallboard-queues">
            <h2 id="wallboard-queues">{t('wallboard.queues')}</h2>
            {wallboard.data?.queues.length ? (
              <ul className="wallboard-queues" aria-labelledby="wallboard-queues">
                {wallboard.data.queues.map((queue) => (
                  <QueueCard key={queue.queueId} queue={queue} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t('wallboard.noQueues')}</p>
            )}
          </section>
          <AgentsSection
            agents={agents.data ?? []}
            calls={wallboard.data?.callsInProgress ?? []}
            queueNames={queueNames}
          />
          <CallsSection
            calls={wallboard.data?.callsInProgress ?? []}
            total={wallboard.data?.callsInProgressTotal ?? 0}
            queueNames={queueNames}
            agentNames={agentNames}
          />
        </>
      )}
    </section>
  );
}

function QueueCard({ queue }: { queue: QueueToday }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = `queue-${queue.queueId}`;
  return (
    <li className="home-card wallboard-queue" aria-labelledby={headingId} data-testid="wallboard-queue">
      <h3 id={headingId}>{queue.name}</h3>
      <dl>
        <div className={queue.waiting > 0 ? 'attention' : undefined}>
          <dt>{t('wallboard.waiting')}</dt>
          <dd className="big-figure" data-testid="waiting">
            {format.number(queue.waiting)}
          </dd>
        </div>
        <div>
          <dt>{t('wallboard.longestWait')}</dt>
          <dd data-testid="longest-wait">
            {queue.longestWaitSince ? <RunningClock since={queue.longestWaitSince} /> : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('wallboard.answeredToday')}</dt>
          <dd data-testid="answered">{format.number(queue.answered)}</dd>
        </div>
        <div>
          <dt>{t('wallboard.abandonedToday')}</dt>
          <dd data-testid="abandoned">{format.number(queue.abandoned)}</dd>
        </div>
        <RateAgainstTarget
          testId="service-level"
          label={t('wallboard.serviceLevel', { seconds: queue.serviceLevelSeconds })}
          value={queue.serviceLevel}
          target={queue.serviceLevelTarget}
          sense="atLeast"
        />
        <RateAgainstTarget
          testId="abandon-rate"
          label={t('wallboard.abandonRate')}
          value={queue.abandonRate}
          target={queue.abandonRateTarget}
          sense="atMost"
        />
      </dl>
    </li>
  );
}

/** A rate of today with its target: a bar, the share, and the target line (reports/target-note). */
function RateAgainstTarget(props: { testId: string; label: string; value: number | null; target: number; sense: TargetSense }) {
  const format = useFormat();
  const state = targetState(props.value, props.target, props.sense);
  return (
    <div className={`wide rate ${state ?? 'none'}`} data-testid={props.testId} data-target={state}>
      <dt>{props.label}</dt>
      <dd>
        {props.value === null ? (
          '—'
        ) : (
          <>
            <meter
              min={0}
              max={1}
              {...(props.sense === 'atLeast'
                ? { low: Math.max(0, props.target - 0.1), high: props.target, optimum: 1 }
                : { low: props.target, high: Math.min(1, props.target * 2), optimum: 0 })}
              value={props.value}
              aria-hidden="true"
            />{' '}
            <span data-testid="rate-value">{format.percent(props.value)}</span>
          </>
        )}
      </dd>
      <TargetNote state={state} target={props.target} sense={props.sense} className="rate-target" />
    </div>
  );
}

function AgentsSection({
  agents,
  calls,
  queueNames,
}: {
  agents: readonly Agent[];
  calls: readonly CallInProgress[];
  queueNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const pauseReasonName = usePauseReasonName();
  const format = useFormat();
  const byState = loggedInByState(agents);
  const callOf = currentCallByAgent(calls);
  return (
    <section aria-labelledby="wallboard-agents">
      <h2 id="wallboard-agents">{t('wallboard.agents')}</h2>
      {byState.length > 0 && (
        <ShareBar
          entries={byState.map((entry) => ({
            key: entry.state,
            className: `state-${entry.state}`,
            share: entry.share,
            spoken: `${t(`agentBar.states.${entry.state}`)}: ${entry.count}`,
            testId: `agents-${entry.state}`,
            legend: (
              <>
                <AgentStateBadge state={entry.state} /> {format.number(entry.count)}
              </>
            ),
          }))}
        />
      )}
      {agents.length === 0 ? (
        <p className="muted">{t('wallboard.noAgents')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-label={t('wallboard.agents')}>
            <thead>
              <tr>
                <th>{t('common.name')}</th>
                <th>{t('agents.extension')}</th>
                <th>{t('agents.state')}</th>
                <th>{t('wallboard.timeInState')}</th>
                <th>{t('wallboard.currentCall')}</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => {
                const current = callOf.get(agent.id);
                const queueName = current?.queueId ? queueNames.get(current.queueId) : undefined;
                return (
                  <AgentRow
                    key={agent.id}
                    agent={agent}
                    current={current}
                    queueName={queueName}
                    pauseReason={pauseReasonName(agent.pauseReasonId)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * One agent's row; memoised, so a state change re-renders its own row only (200 agents send ~100
 * changes a second); the clocks in it tick by themselves without re-rendering the row.
 */
const AgentRow = memo(function AgentRow({
  agent,
  current,
  queueName,
  pauseReason,
}: {
  agent: Agent;
  current: CallInProgress | undefined;
  queueName: string | undefined;
  pauseReason: string | undefined;
}) {
  return (
    <tr>
      <td>{agentDisplayName(agent)}</td>
      <td>{agent.extensionNumber}</td>
      <td>
        <AgentStateBadge state={agent.state} reason={pauseReason} />
      </td>
      <td>
        <RunningClock since={agent.stateChangedAt} />
      </td>
      <td>
        {current ? (
          <span data-testid="current-call">
            {phoneOrDash(customerNumber(current))}
            {queueName !== undefined && ` · ${queueName}`}
            {' · '}
            <RunningClock since={current.bridgedAt ?? current.answerAt ?? current.createdAt} />
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
});

function CallsSection({
  calls,
  total,
  queueNames,
  agentNames,
}: {
  calls: readonly CallInProgress[];
  total: number;
  queueNames: ReadonlyMap<string, string>;
  agentNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="wallboard-calls">
      <h2 id="wallboard-calls">
        {t('wallboard.callsInProgress')} <span className="muted">({format.number(total)})</span>
      </h2>
      {calls.length === 0 ? (
        <p className="muted">{t('wallboard.noCalls')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-label={t('wallboard.callsInProgress')}>
            <thead>
              <tr>
                <th>{t('wallboard.direction')}</th>
                <th>{t('wallboard.from')}</th>
                <th>{t('wallboard.to')}</th>
                <th>{t('wallboard.queue')}</th>
                <th>{t('wallboard.agent')}</th>
                <th>{t('wallboard.status')}</th>
                <th>{t('wallboard.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={call.id} data-testid="call-in-progress">
                  <td>{t(`wallboard.directions.${call.direction}`, { defaultValue: call.direction })}</td>
                  <td className="nowrap">{phoneOrDash(call.callerNumber)}</td>
                  <td className="nowrap">{phoneOrDash(call.calledNumber)}</td>
                  <td>{(call.queueId && queueNames.get(call.queueId)) ?? '—'}</td>
                  <td>{(call.agentId && agentNames.get(call.agentId)) ?? '—'}</td>
                  <td>{t(`wallboard.callStatus.${callStatus(call)}`)}</td>
                  <td>
                    <RunningClock since={call.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
