import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { platformHealthKey, systemApi, systemConfigKey, type SwitchActivity } from './system.api.ts';

export function SystemPage() {
  const { t } = useTranslation();
  // Re-read now and then: the switch's connection and this instance's counters change.
  const config = useQuery({ queryKey: systemConfigKey, queryFn: systemApi.config, refetchInterval: 30_000 });
  const health = useQuery({
    queryKey: platformHealthKey,
    queryFn: systemApi.health,
    refetchInterval: 30_000,
  });
  const flag = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  return (
    <section>
      <h1>{t('system.title')}</h1>
      <div className="panel">
        <h2>{t('system.health')}</h2>
        <ErrorMessage error={health.error} />
        {health.isPending ? (
          <Loading />
        ) : (
          health.data && (
            <table>
              <tbody>
                {Object.entries(health.data.components).map(([name, component]) => (
                  <tr key={name}>
                    <th scope="row">{t(`system.components.${name}`, { defaultValue: name })}</th>
                    <td>
                      <span className={`badge ${component.ok ? 'active' : 'disabled'}`}>
                        {component.ok ? t('system.ok') : t('system.failing')}
                      </span>
                    </td>
                    <td className="muted">{component.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        )}
      </div>
      <div className="panel">
        <h2>{t('system.configuration')}</h2>
        <ErrorMessage error={config.error} />
        {config.isPending ? (
          <Loading />
        ) : (
          config.data && (
            <dl className="facts">
              <dt>{t('system.environment')}</dt>
              <dd>{config.data.environment}</dd>
              <dt>{t('system.baseDomain')}</dt>
              <dd>{config.data.baseDomain}</dd>
              <dt>{t('system.storageProvider')}</dt>
              <dd>{config.data.storageProvider}</dd>
              <dt>{t('system.coordination')}</dt>
              <dd>{config.data.coordination}</dd>
              <dt>{t('system.switch')}</dt>
              <dd>
                <span>
                  {config.data.switch.kind === 'simulator'
                    ? t('system.switchSimulator')
                    : t('system.switchFreeswitch', { address: config.data.switch.address ?? '' })}
                </span>{' '}
                <span className={`badge ${config.data.switch.connected ? 'active' : 'disabled'}`}>
                  {config.data.switch.connected ? t('system.switchConnected') : t('system.switchDisconnected')}
                </span>
              </dd>
              <dt>{t('system.dialerSimulation')}</dt>
              <dd>{flag(config.data.dialerSimulation)}</dd>
              <dt>{t('system.dialerRealOutbound')}</dt>
              <dd>{flag(config.data.dialerRealOutbound)}</dd>
              <dt>{t('system.eventSocketConfigured')}</dt>
              <dd>{flag(config.data.eventSocketConfigured)}</dd>
            </dl>
          )
        )}
      </div>
      {config.data?.switch.activity && <SwitchActivityPanel activity={config.data.switch.activity} />}
    </section>
  );
}

function SwitchActivityPanel({ activity }: { activity: SwitchActivity }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const { healing } = activity;
  return (
    <div className="panel">
      <h2>{t('system.activity')}</h2>
      <dl className="facts">
        <dt>{t('system.unattributedEvents')}</dt>
        <dd data-testid="unattributed-events">{number(activity.unattributedEvents.total)}</dd>
        <dt>{t('system.healingPasses')}</dt>
        <dd>{number(healing.passes)}</dd>
        <dt>{t('system.healingAgentsChecked')}</dt>
        <dd>{number(healing.agentsChecked)}</dd>
        <dt>{t('system.healingCorrections')}</dt>
        <dd>
          {number(healing.corrections)}
          <span className="muted"> · {t('system.healingByKind', healing.byKind)}</span>
        </dd>
      </dl>
    </div>
  );
}
