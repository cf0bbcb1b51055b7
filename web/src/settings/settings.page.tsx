import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { SettingsForm } from './settings.form.tsx';
import { settingsApi, tenantSettingsKey } from './settings.api.ts';
import { planLabel } from '../plans/plans.api.ts';

export function SettingsPage() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const settings = useQuery({ queryKey: tenantSettingsKey(me?.tenantId ?? null), queryFn: settingsApi.get });

  return (
    <section>
      <h1>{t('settings.title')}</h1>
      <ErrorMessage error={settings.error} />
      {settings.isPending ? (
        <Loading />
      ) : (
        settings.data && (
          <>
            <dl className="facts panel">
              <dt>{t('tenants.code')}</dt>
              <dd>{settings.data.code}</dd>
              <dt>{t('common.status')}</dt>
              <dd>{t(`status.${settings.data.status}`)}</dd>
              <dt>{t('tenants.plan')}</dt>
              <dd>{planLabel({ id: settings.data.planId, name: settings.data.planName }, t)}</dd>
              <dt>{t('tenants.telephonyDomain')}</dt>
              <dd>{settings.data.telephonyDomain}</dd>
            </dl>
            <SettingsForm key={settings.data.id} settings={settings.data} />
          </>
        )
      )}
    </section>
  );
}
