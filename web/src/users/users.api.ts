import type { TenantRoleName } from '@callcenter/rules/permissions';
import { api } from '../app/api-client.ts';

export interface TenantUser {
  id: string;
  email: string;
  name: string | null;
  status: 'ACTIVE' | 'DISABLED';
  role: TenantRoleName;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface Invitation {
  email: string;
  role: TenantRoleName;
  name?: string;
}

export interface InvitationResult {
  user: TenantUser;
  /** null when the account already existed: it keeps its own password. */
  password: string | null;
  created: boolean;
}

export const usersKey = (tenantId: string | null) => ['users', tenantId] as const;

export const usersApi = {
  list: () => api<TenantUser[]>('/users'),
  invite: (invitation: Invitation) => api<InvitationResult>('/users', { method: 'POST', body: invitation }),
  changeRole: (id: string, role: TenantRoleName) =>
    api<TenantUser>(`/users/${encodeURIComponent(id)}/role`, { method: 'PATCH', body: { role } }),
  remove: (id: string) => api<void>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
