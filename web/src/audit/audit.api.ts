import { api } from '../app/api-client.ts';

export interface AuditEntry {
  id: string;
  tenantId: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
  createdAt: string;
}

export const auditLogKey = ['platform', 'audit-log'] as const;

export const auditApi = {
  list: () => api<AuditEntry[]>('/platform/audit-log'),
};

/** Details are free-form JSON; a compact one-line rendering keeps the table scannable. */
export function summarizeDetails(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return scalar(details);
  const entries = Object.entries(details as Record<string, unknown>);
  return entries.map(([key, value]) => `${key}: ${scalar(value)}`).join(', ');
}

function scalar(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
