import { useTranslation } from 'react-i18next';
import { AgentBar } from '../agent-bar/agent-bar.tsx';
import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from './auth-context.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { visibleMenu, type MenuSection } from './menu.ts';
import { TenantSwitcher } from './tenant-switcher.tsx';

const SECTIONS: readonly MenuSection[] = ['platform', 'tenant'];

export function Layout() {
  const { t } = useTranslation();
  const { me, logout } = useAuth();
  const entries = visibleMenu({ permissionKeys: me?.permissionKeys ?? [], tenantId: me?.tenantId ?? null });

  return (
    <div className="shell">
      <header className="header">
        <Link to="/" className="brand">
          {t('app.name')}
        </Link>
        <div className="header-tools">
          <AgentBar />
          <TenantSwitcher />
          <LanguageSwitcher />
          <span className="user-email">{me?.email}</span>
          <Link to="/change-password">{t('header.changePassword')}</Link>
          <button type="button" className="secondary" onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        </div>
      </header>
      <nav className="sidebar" aria-label={t('menu.label')}>
        <NavLink to="/" end>
          {t('menu.home')}
        </NavLink>
        {SECTIONS.map((section) => {
          const items = entries.filter((entry) => entry.section === section);
          if (items.length === 0) return null;
          return (
            <div key={section} className="menu-section">
              <h2>{t(`menu.sections.${section}`)}</h2>
              {items.map((entry) => (
                <NavLink key={entry.path} to={entry.path}>
                  {t(entry.label)}
                </NavLink>
              ))}
            </div>
          );
        })}
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
