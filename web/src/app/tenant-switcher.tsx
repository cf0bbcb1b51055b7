import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-context.tsx';
import { ErrorMessage } from './feedback.tsx';

/** The current tenant, switchable when the user may act in more than one. */
export function TenantSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, activeTenants, currentTenant, selectTenant } = useAuth();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const canSwitch = activeTenants.length > 1 || (activeTenants.length === 1 && !currentTenant);
  if (!canSwitch) {
    return currentTenant ? <span className="current-tenant">{currentTenant.name}</span> : null;
  }

  const switchTo = async (tenantId: string) => {
    setBusy(true);
    setError(null);
    try {
      await selectTenant(tenantId);
      await navigate('/');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('header.tenant')}</label>
      <select
        id={id}
        value={me?.tenantId ?? ''}
        disabled={busy}
        onChange={(event) => void switchTo(event.target.value)}
      >
        {!currentTenant && <option value="">{t('header.noTenant')}</option>}
        {activeTenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </select>
      <ErrorMessage error={error} />
    </div>
  );
}
