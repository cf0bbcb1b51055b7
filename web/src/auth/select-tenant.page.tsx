import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { AuthCard } from './auth-card.tsx';

export function SelectTenantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, tenants, selectTenant, logout } = useAuth();
  const [error, setError] = useState<unknown>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (me?.mustChangePassword) return <Navigate to="/change-password" replace />;

  const choose = async (tenantId: string) => {
    setBusyId(tenantId);
    setError(null);
    try {
      await selectTenant(tenantId);
      await navigate('/', { replace: true });
    } catch (caught) {
      setError(caught);
      setBusyId(null);
    }
  };

  return (
    <AuthCard title={t('selectTenant.title')}>
      {tenants.length === 0 ? (
        <p>{t('selectTenant.none')}</p>
      ) : (
        <ul className="tenant-choices">
          {tenants.map((tenant) => (
            <li key={tenant.id}>
              <button
                type="button"
                disabled={tenant.status !== 'ACTIVE' || busyId !== null}
                onClick={() => void choose(tenant.id)}
              >
                <strong>{tenant.name}</strong>
                <span className="muted">
                  {tenant.code} · {t(`roles.${tenant.role}`, { defaultValue: tenant.role })}
                  {tenant.status !== 'ACTIVE' && ` · ${t('status.SUSPENDED')}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={error} />
      <div className="actions">
        {me?.platformRole && (
          <button type="button" className="secondary" onClick={() => void navigate('/', { replace: true })}>
            {t('selectTenant.platformOnly')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => void logout()}>
          {t('header.logout')}
        </button>
      </div>
    </AuthCard>
  );
}
