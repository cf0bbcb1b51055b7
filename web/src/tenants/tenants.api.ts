import type { Language } from '../app/i18n/languages.ts';
import { api } from '../app/api-client.ts';

export interface Tenant {
  id: string;
  code: string;
  name: string;
  status: 'ACTIVE' | 'SUSPENDED';
  planId: string;
  telephonyDomain: string;
  timezone: string;
  locale: string;
  memberCount: number;
  createdAt: string;
}

export interface NewTenant {
  code: string;
  name: string;
  planId?: string;
  telephonyDomain?: string;
  /** The tenant's language: its starter pause reasons and dispositions come in it. */
  locale?: Language;
  admin: { email: string; name?: string };
}

export interface CreatedTenant {
  tenant: Tenant;
  /** password is null when the e-mail already had an account. */
  admin: { id: string; email: string; password: string | null };
}

export interface TenantChange {
  status?: Tenant['status'];
  planId?: string;
  name?: string;
}

export const tenantsKey = ['tenants'] as const;

export const tenantsApi = {
  list: () => api<Tenant[]>('/tenants'),
  create: (tenant: NewTenant) => api<CreatedTenant>('/tenants', { method: 'POST', body: tenant }),
  update: (id: string, change: TenantChange) =>
    api<Tenant>(`/tenants/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
};

/**
 * The domain the form proposes while the code is typed: the code as a host name label (lowercase,
 * anything but letters and digits becomes a hyphen, no hyphen at either end) and `.<baseDomain>`,
 * so the suggestion is always a host name the server accepts.
 */
export function suggestTelephonyDomain(code: string, baseDomain: string | null | undefined): string {
  const label = code
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  if (!label || !baseDomain) return '';
  return `${label}.${baseDomain.toLowerCase()}`;
}

/** One counter of a tenant against its plan; `tracked` false: not measured yet (used reads 0). */
export interface Usage {
  used: number;
  limit: number | null;
  tracked: boolean;
}

export const USAGE_KINDS = [
  'extensions',
  'agents',
  'trunks',
  'queues',
  'campaigns',
  'leads',
  'monthlyCalls',
  'recordingStorageGb',
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export interface TenantQuota {
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  status: Tenant['status'];
  planId: string;
  planName: string;
  usage: Record<UsageKind, Usage>;
}

export const quotasKey = ['platform', 'quotas'] as const;
export const quotasApi = { list: () => api<TenantQuota[]>('/platform/quotas') };

/** Pure: how full a counter is, 0..1 (above 1 when over); null when unlimited or not measured. */
export function usageRatio(usage: Usage): number | null {
  if (!usage.tracked || usage.limit === null) return null;
  if (usage.limit === 0) return usage.used > 0 ? Infinity : 1;
  return usage.used / usage.limit;
}
