import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PermissionKey } from '@callcenter/rules/permissions';
import { authApi, type LoginUser, type Me, type TenantMembership } from '../auth/auth.api.ts';
import { isApiError, onPasswordChangeRequired } from './api-client.ts';
import { applyUserLocale } from './i18n/index.ts';
import { clearTokens, hasStoredSession, onSessionEnded, refreshSession, storeTokens } from './session.ts';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

interface SessionState {
  status: SessionStatus;
  me: Me | null;
  tenants: TenantMembership[];
}

interface AuthContextValue extends SessionState {
  activeTenants: TenantMembership[];
  currentTenant: TenantMembership | null;
  login: (email: string, password: string) => Promise<void>;
  selectTenant: (tenantId: string) => Promise<void>;
  /** Resolves to where the user belongs next. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<string>;
  logout: () => Promise<void>;
  can: (permission: PermissionKey) => boolean;
}

function activeOnly(tenants: TenantMembership[]): TenantMembership[] {
  return tenants.filter((tenant) => tenant.status === 'ACTIVE');
}

const ANONYMOUS: SessionState = { status: 'anonymous', me: null, tenants: [] };

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * While a generated password is pending the server refuses most endpoints, possibly /auth/me too,
 * so the login answer alone must be enough to show the change-password page.
 */
function pendingPasswordChangeMe(
  user: Pick<LoginUser, 'id' | 'email' | 'name' | 'locale' | 'platformRole'>,
): Me {
  return {
    sub: user.id,
    email: user.email,
    name: user.name,
    locale: user.locale,
    tenantId: null,
    tenantRole: null,
    platformRole: user.platformRole,
    mustChangePassword: true,
    permissionKeys: [],
  };
}

async function loadSession(fallbackUser?: LoginUser): Promise<SessionState> {
  let me: Me;
  try {
    me = await authApi.me();
  } catch (error) {
    if (!isApiError(error, 'PASSWORD_CHANGE_REQUIRED')) throw error;
    me = pendingPasswordChangeMe(
      fallbackUser ?? { id: '', email: '', name: null, locale: null, platformRole: null },
    );
  }
  const tenants = me.mustChangePassword ? [] : await authApi.tenants().catch(() => []);
  applyUserLocale(me.locale);
  return { status: 'authenticated', me, tenants };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    hasStoredSession() ? { ...ANONYMOUS, status: 'loading' } : ANONYMOUS,
  );

  const reset = useCallback(() => {
    queryClient.clear();
    setState(ANONYMOUS);
  }, [queryClient]);

  // A reload keeps only the refresh token: exchange it for an access token, then ask who we are.
  useEffect(() => {
    if (!hasStoredSession()) return;
    let cancelled = false;
    void (async () => {
      const next = (await refreshSession()) ? await loadSession().catch(() => ANONYMOUS) : ANONYMOUS;
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => onSessionEnded(reset), [reset]);
  useEffect(
    () =>
      onPasswordChangeRequired(() =>
        setState((current) =>
          current.me && !current.me.mustChangePassword
            ? { ...current, me: { ...current.me, mustChangePassword: true } }
            : current,
        ),
      ),
    [],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const response = await authApi.login(email, password);
      storeTokens(response);
      queryClient.clear();
      if (response.user.mustChangePassword) {
        applyUserLocale(response.user.locale);
        setState({
          status: 'authenticated',
          me: pendingPasswordChangeMe(response.user),
          tenants: response.tenants,
        });
        return;
      }
      try {
        setState(await loadSession(response.user));
      } catch (error) {
        clearTokens();
        throw error;
      }
    },
    [queryClient],
  );

  const selectTenant = useCallback(
    async (tenantId: string) => {
      storeTokens(await authApi.selectTenant(tenantId));
      queryClient.clear();
      setState(await loadSession());
    },
    [queryClient],
  );

  const changePassword = useCallback(async (currentPassword: string, newPassword: string) => {
    storeTokens(await authApi.changePassword(currentPassword, newPassword));
    const next = await loadSession();
    setState(next);
    return next.me ? landingPath(next.me, activeOnly(next.tenants)) : '/';
  }, []);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The local session ends regardless; the refresh token dies with its expiry.
    }
    clearTokens();
    reset();
  }, [reset]);

  const value = useMemo<AuthContextValue>(() => {
    const activeTenants = activeOnly(state.tenants);
    const permissions = new Set(state.me?.permissionKeys ?? []);
    return {
      ...state,
      activeTenants,
      currentTenant: state.tenants.find((tenant) => tenant.id === state.me?.tenantId) ?? null,
      login,
      selectTenant,
      changePassword,
      logout,
      can: (permission) => permissions.has(permission),
    };
  }, [state, login, selectTenant, changePassword, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Where a signed-in user belongs next: forced password change, tenant choice, or the console. */
export function landingPath(me: Me, activeTenants: TenantMembership[]): string {
  if (me.mustChangePassword) return '/change-password';
  if (!me.tenantId && (activeTenants.length > 0 || !me.platformRole)) return '/select-tenant';
  return '/';
}
