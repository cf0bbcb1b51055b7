import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { useFormat } from '../app/use-format.ts';
import { AgentHome } from './agent-home.tsx';
import './home.css';
import { PlatformHome } from './platform-home.tsx';
import { TenantHome } from './tenant-home.tsx';

/** Each user's start: sections for what the token allows (platform, tenant management, own agent). */
export function HomePage() {
  const { t } = useTranslation();
  const { me, currentTenant } = useAuth();
  const format = useFormat();
  const name = me?.name || me?.email || '';

  return (
    <section>
      <h1>{t('home.greeting', { name })}</h1>
      <p>
        {currentTenant
          ? t('home.inTenant', {
              tenant: currentTenant.name,
              role: t(`roles.${currentTenant.role}`, { defaultValue: currentTenant.role }),
            })
          : t('home.platformOnly')}
      </p>
      <p className="muted">{t('home.today', { date: format.date(new Date()), timeZone: format.timeZone })}</p>
      {currentTenant ? (
        <>
          <AgentHome />
          <TenantHome />
        </>
      ) : (
        <PlatformHome />
      )}
    </section>
  );
}
