import { api } from '../app/api-client.ts';
import { queryString } from '../app/query-string.ts';

export type SuppressionSource = 'MANUAL' | 'IMPORT' | 'DISPOSITION';

export interface SuppressionEntry {
  id: string;
  /** E.164. */
  phone: string;
  source: SuppressionSource;
  note: string | null;
  createdAt: string;
}

export interface SuppressionPage {
  items: SuppressionEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SuppressionFilters {
  phone?: string;
  page: number;
  pageSize: number;
}

export const suppressionKey = (tenantId: string | null, filters?: SuppressionFilters) =>
  filters ? (['suppression', tenantId, filters] as const) : (['suppression', tenantId] as const);

export const suppressionApi = {
  list: (filters: SuppressionFilters) => api<SuppressionPage>(`/suppression?${queryString({ ...filters })}`),
  add: (body: { phone: string; note?: string }) =>
    api<SuppressionEntry & { leadsMoved: number }>('/suppression', { method: 'POST', body }),
  remove: (id: string, reason: string) =>
    api<void>(`/suppression/${encodeURIComponent(id)}`, { method: 'DELETE', body: { reason } }),
};
