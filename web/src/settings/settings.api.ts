import { api } from '../app/api-client.ts';

export interface TenantSettings {
  id: string;
  code: string;
  name: string;
  status: 'ACTIVE' | 'SUSPENDED';
  planId: string;
  planName: string;
  telephonyDomain: string;
  timezone: string;
  locale: string;
}

export interface TenantSettingsChange {
  name?: string;
  timezone?: string;
  locale?: string;
}

export const tenantSettingsKey = (tenantId: string | null) => ['tenant-settings', tenantId] as const;

export const settingsApi = {
  get: () => api<TenantSettings>('/tenant-settings'),
  update: (change: TenantSettingsChange) =>
    api<TenantSettings>('/tenant-settings', { method: 'PATCH', body: change }),
};
