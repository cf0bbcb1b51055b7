import { api } from '../app/api-client.ts';
import type { TokenPair } from '../app/session.ts';

export interface LoginUser {
  id: string;
  email: string;
  name: string | null;
  mustChangePassword: boolean;
  platformRole: string | null;
  locale: string | null;
}

export interface TenantMembership {
  id: string;
  code: string;
  name: string;
  role: string;
  status: 'ACTIVE' | 'SUSPENDED';
}

export interface LoginResponse extends TokenPair {
  user: LoginUser;
  tenants: TenantMembership[];
}

export interface Me {
  sub: string;
  email: string;
  name: string | null;
  locale: string | null;
  tenantId: string | null;
  tenantRole: string | null;
  platformRole: string | null;
  mustChangePassword: boolean;
  permissionKeys: string[];
}

export const authApi = {
  login: (email: string, password: string) =>
    api<LoginResponse>('/auth/login', { method: 'POST', body: { email, password } }),
  selectTenant: (tenantId: string) =>
    api<TokenPair>('/auth/select-tenant', { method: 'POST', body: { tenantId } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<TokenPair>('/auth/change-password', { method: 'POST', body: { currentPassword, newPassword } }),
  logout: () => api<void>('/auth/logout', { method: 'POST' }),
  me: () => api<Me>('/auth/me'),
  tenants: () => api<TenantMembership[]>('/auth/tenants'),
};
