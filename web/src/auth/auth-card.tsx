import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../app/language-switcher.tsx';

/** The frame of the pages shown before the console proper: login, password, tenant choice. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-screen">
      <div className="auth-card">
        <div className="auth-card-top">
          <span className="brand">{t('app.name')}</span>
          <LanguageSwitcher />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
