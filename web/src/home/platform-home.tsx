import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { platformHealthKey, systemApi, type PlatformHealth } from '../system/system.api.ts';
import { TenantUsage } from '../tenants/tenant-usage.tsx';
import { tenantsApi, tenantsKey } from '../tenants/tenants.api.ts';

const HEALTH_POLL_MS = 15_000;
const COMPONENTS = [
  'database',
  'cache',
  'switch',
] as const satisfies readonly (keyof PlatformHealth['components'])[];

/** A platform admin's start: tenants by status, component health, usage against plans. */
export function PlatformHome() {
  const { can } = useAuth();
  return (
    <div className="home-grid">
      {can('platform.tenants.manage') && <TenantsSummary />}
      {can('platform.operations.view') && <HealthSummary />}
      {can('platform.tenants.manage') && (
        <div className="home-wide">
          <TenantUsage />
        </div>
      )}
    </div>
  );
}

function TenantsSummary() {
  const { t } = useTranslation();
  const format = useFormat();
  const tenants = useQuery({ queryKey: tenantsKey, queryFn: tenantsApi.list });
  const count = (status: 'ACTIVE' | 'SUSPENDED') =>
    tenants.data?.filter((tenant) => tenant.status === status).length ?? 0;
  return (
    <section className="home-card" aria-labelledby="home-tenants">
      <h2 id="home-tenants">{t('home.tenants.title')}</h2>
      <ErrorMessage error={tenants.error} />
      {tenants.isPending ? (
        <Loading />
      ) : (
        <dl className="figures">
          <div>
            <dt>{t('home.tenants.total')}</dt>
            <dd>{format.number(tenants.data?.length ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('status.ACTIVE')}</dt>
            <dd>{format.number(count('ACTIVE'))}</dd>
          </div>
          <div>
            <dt>{t('status.SUSPENDED')}</dt>
            <dd>{format.number(count('SUSPENDED'))}</dd>
          </div>
        </dl>
      )}
      <Link to="/admin/tenants">{t('home.tenants.manage')}</Link>
    </section>
  );
}

function HealthSummary() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: platformHealthKey,
    queryFn: systemApi.health,
    refetchInterval: HEALTH_POLL_MS,
  });
  return (
    <section className="home-card" aria-labelledby="home-health">
      <h2 id="home-health">{t('system.health')}</h2>
      <ErrorMessage error={health.error} />
      {health.isPending ? (
        <Loading />
      ) : (
        <ul className="plain-list" aria-label={t('system.health')}>
          {COMPONENTS.map((component) => {
            const state = health.data?.components[component];
            return (
              <li key={component}>
                {t(`system.components.${component}`)}:{' '}
                <span className={`badge ${state?.ok ? 'active' : 'suspended'}`}>
                  {state?.ok ? t('system.ok') : t('system.failing')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/admin/system">{t('home.health.details')}</Link>
    </section>
  );
}
