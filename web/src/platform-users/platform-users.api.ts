import { api } from '../app/api-client.ts';

export type UserStatus = 'ACTIVE' | 'DISABLED';

export interface PlatformUser {
  id: string;
  email: string;
  name: string | null;
  status: UserStatus;
  platformRole: string | null;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  memberships: { tenantId: string; tenantCode: string; tenantName: string; role: string }[];
}

export const platformUsersKey = ['platform', 'users'] as const;

export const platformUsersApi = {
  list: () => api<PlatformUser[]>('/platform/users'),
  setStatus: (id: string, status: UserStatus) =>
    api<PlatformUser>(`/platform/users/${encodeURIComponent(id)}/status`, {
      method: 'PATCH',
      body: { status },
    }),
};
