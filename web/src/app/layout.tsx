import { useTranslation } from 'react-i18next';
import { AgentBar } from '../agent-bar/agent-bar.tsx';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-context.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { visibleMenu, type MenuSection } from './menu.ts';
import { TenantSwitcher } from './tenant-switcher.tsx';

const SECTIONS: readonly MenuSection[] = ['platform', 'tenant'];

export function Layout() {
  const { t } = useTranslation();
  const { me, logout } = useAuth();
  // The home page shows the agent bar in its content; one bar on screen at a time.
  const onHome = useLocation().pathname === '/';
  const entries = visibleMenu({ permissionKeys: me?.permissionKeys ?? [], tenantId: me?.tenantId ?? null });

  return (
    <div className="shell">
      <header className="header">
        <a className="skip-link" href="#content">
          {t('header.skipToContent')}
        </a>
        <Link to="/" className="brand">
          {t('app.name')}
        </Link>
        {!onHome && (
          <div className="header-agent">
            <AgentBar />
          </div>
        )}
        <div className="header-tools">
          <TenantSwitcher />
          <LanguageSwitcher />
          <span className="user-email" title={me?.email}>
            {me?.email}
          </span>
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
      <main className="content" id="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
