import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PERMISSIONS, type PermissionKey } from '@callcenter/rules/permissions';
import { useAuth } from './auth-context.tsx';
import { Loading } from './feedback.tsx';

/** Signed in, password settled, and either inside a tenant or a platform user. */
export function RequireSession() {
  const { status, me } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Loading />;
  if (status === 'anonymous' || !me)
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (me.mustChangePassword) return <Navigate to="/change-password" replace />;
  if (!me.tenantId && !me.platformRole) return <Navigate to="/select-tenant" replace />;
  return <Outlet />;
}

/** Signed in, whatever else is pending (the password and tenant pages themselves). */
export function RequireSignedIn() {
  const { status } = useAuth();
  if (status === 'loading') return <Loading />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Hides a page the token cannot use; the server refuses it anyway. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionKey;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { can, me } = useAuth();
  let problem: string | null = null;
  if (!can(permission)) problem = t('errors.noAccess');
  else if (PERMISSIONS[permission].scope === 'TENANT' && !me?.tenantId) problem = t('errors.tenantRequired');
  if (problem) {
    return (
      <p role="alert" className="error">
        {problem}
      </p>
    );
  }
  return children;
}
