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
  /** Share of today's connected calls lasting ≤ 6 s from which the dialer slows (0.6 = 60 %). */
  shortCallThreshold: number;
}

export interface TenantSettingsChange {
  name?: string;
  timezone?: string;
  locale?: string;
  shortCallThreshold?: number;
}

export const tenantSettingsKey = (tenantId: string | null) => ['tenant-settings', tenantId] as const;

export const settingsApi = {
  get: () => api<TenantSettings>('/tenant-settings'),
  update: (change: TenantSettingsChange) =>
    api<TenantSettings>('/tenant-settings', { method: 'PATCH', body: change }),
};
