import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgentStateBadge } from '../agents/agent-state-badge.tsx';
import { agentsApi, agentsKey } from '../agents/agents.api.ts';
import { useLiveAgents } from '../agents/use-live-agents.ts';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { useFormat } from '../app/use-format.ts';
import { extensionsApi, extensionsKey } from '../extensions/extensions.api.ts';
import { useRegistrationStream } from '../extensions/registration-stream.ts';
import { inboundRoutesApi, inboundRoutesKey } from '../inbound-routes/inbound-routes.api.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import { trunksApi, trunksKey } from '../trunks/trunks.api.ts';
import { agentsByState, countRegistered, setupChecklist, type SetupStep } from './home-summary.ts';
import { TodayReports } from './today-reports.tsx';

/** A tenant manager's start: what is left to set up, phones registered, agents by state. */
export function TenantHome() {
  const { can } = useAuth();
  return (
    <div className="home-grid">
      {can('extensions.manage') && <SetupChecklist />}
      {can('extensions.view') && <Registrations />}
      {can('agents.view') && <AgentsByState />}
      {can('reports.view') && <TodayReports />}
    </div>
  );
}

function SetupChecklist() {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const count = <T,>(enabled: boolean, data: T[] | undefined) =>
    enabled ? (data?.length ?? null) : undefined;
  const extensions = useQuery({ queryKey: extensionsKey(tenantId), queryFn: extensionsApi.list });
  const trunks = useQuery({
    queryKey: trunksKey(tenantId),
    queryFn: trunksApi.list,
    enabled: can('trunks.view'),
  });
  const routes = useQuery({
    queryKey: inboundRoutesKey(tenantId),
    queryFn: inboundRoutesApi.list,
    enabled: can('freeswitch.view'),
  });
  const queues = useQuery({
    queryKey: queuesKey(tenantId),
    queryFn: queuesApi.list,
    enabled: can('queues.view'),
  });
  const agents = useQuery({
    queryKey: agentsKey(tenantId),
    queryFn: agentsApi.list,
    enabled: can('agents.view'),
  });
  const counts: Partial<Record<SetupStep, number | null>> = {};
  const put = (step: SetupStep, value: number | null | undefined) => {
    if (value !== undefined) counts[step] = value;
  };
  put('extensions', count(true, extensions.data));
  put('trunk', count(can('trunks.view'), trunks.data));
  put('inboundRoute', count(can('freeswitch.view'), routes.data));
  put('queue', count(can('queues.view'), queues.data));
  put('agents', count(can('agents.view'), agents.data));
  const items = setupChecklist(counts);
  const done = items.filter((item) => item.done).length;

  return (
    <section className="home-card" aria-labelledby="home-setup">
      <h2 id="home-setup">{t('home.setup.title')}</h2>
      <p className="muted">{t('home.setup.progress', { done, total: items.length })}</p>
      <ErrorMessage
        error={extensions.error ?? trunks.error ?? routes.error ?? queues.error ?? agents.error}
      />
      <ul className="checklist" aria-label={t('home.setup.title')}>
        {items.map((item) => (
          <li key={item.step} className={item.done ? 'done' : 'todo'}>
            <span className="check" aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            <Link to={item.path}>{t(`home.setup.steps.${item.step}`)}</Link>{' '}
            <span className="muted">
              {item.count === null
                ? t('common.loading')
                : item.done
                  ? t('home.setup.done')
                  : t('home.setup.todo')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Registrations() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const live = useRegistrationStream(can('monitoring.view'));
  const extensions = useQuery({ queryKey: extensionsKey(me?.tenantId ?? null), queryFn: extensionsApi.list });
  const { registered, total } = countRegistered(extensions.data ?? [], live.registrations);
  return (
    <section className="home-card" aria-labelledby="home-registrations">
      <h2 id="home-registrations">{t('home.registrations.title')}</h2>
      {can('monitoring.view') && <LiveIndicator connected={live.connected} />}
      <ErrorMessage error={extensions.error} />
      {extensions.isPending ? (
        <Loading />
      ) : (
        <p className="big-figure" data-testid="registrations">
          {t('home.registrations.count', {
            registered: format.number(registered),
            total: format.number(total),
          })}
        </p>
      )}
      <Link to="/tenant/extensions">{t('home.registrations.details')}</Link>
    </section>
  );
}

function AgentsByState() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const { agents, live } = useLiveAgents(me?.tenantId ?? null, can('monitoring.view'));
  return (
    <section className="home-card" aria-labelledby="home-agents">
      <h2 id="home-agents">{t('home.agents.title')}</h2>
      {can('monitoring.view') && <LiveIndicator connected={live.connected} />}
      <ErrorMessage error={agents.error} />
      {agents.isPending ? (
        <Loading />
      ) : agents.data?.length ? (
        <ul className="plain-list" aria-label={t('home.agents.title')}>
          {agentsByState(agents.data)
            .filter(([, n]) => n > 0)
            .map(([state, n]) => (
              <li key={state} data-testid={`agents-${state}`}>
                <AgentStateBadge state={state} /> {format.number(n)}
              </li>
            ))}
        </ul>
      ) : (
        <p className="muted">{t('home.agents.none')}</p>
      )}
      <Link to="/tenant/agents">{t('home.agents.details')}</Link>
    </section>
  );
}
