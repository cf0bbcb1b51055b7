import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AgentBar } from '../agent-bar/agent-bar.tsx';
import { agentBarApi, myAgentKey } from '../agent-bar/agent-bar.api.ts';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { homeApi, myQueuesKey } from './home.api.ts';

const MY_QUEUES_POLL_MS = 5_000;

/** For a user who is an Agent in this tenant: the agent bar and the queues it serves. */
export function AgentHome() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const userId = me?.sub ?? null;
  // Shares the header bar's query: no extra request.
  const agent = useQuery({
    queryKey: myAgentKey(tenantId, userId),
    queryFn: agentBarApi.me,
    enabled: tenantId !== null,
    // A user who is not an agent stays so until an agent is created (which invalidates ['agents']).
    staleTime: (query) => (query.state.data === null ? Infinity : 0),
  });
  const queues = useQuery({
    queryKey: myQueuesKey(tenantId, userId),
    queryFn: homeApi.myQueues,
    enabled: Boolean(agent.data),
    // Agents have no realtime stream: a queue an admin adds or removes shows within seconds.
    refetchInterval: MY_QUEUES_POLL_MS,
  });
  if (!agent.data) return null;
  return (
    <section className="home-card home-wide" aria-labelledby="home-agent">
      <h2 id="home-agent">{t('home.agent.title')}</h2>
      <AgentBar />
      <h3>{t('home.agent.queues')}</h3>
      <ErrorMessage error={queues.error} />
      {queues.isPending ? (
        <Loading />
      ) : queues.data?.length ? (
        <ul className="plain-list" aria-label={t('home.agent.queues')}>
          {queues.data.map((queue) => (
            <li key={queue.id}>
              {queue.name}{' '}
              <span className="muted">
                {t('home.agent.tier', { level: queue.level, position: queue.position })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('home.agent.noQueues')}</p>
      )}
    </section>
  );
}
