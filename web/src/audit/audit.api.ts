import { api } from '../app/api-client.ts';
import { queryString } from '../app/query-string.ts';

export interface AuditEntry {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target's name or number as its table says it (null: no such thing, or not visible). */
  targetName: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export type AuditScope = 'tenant' | 'platform';

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const auditLogKey = (scope: AuditScope, filters: AuditFilters) => ['audit-log', scope, filters] as const;

export const auditQueryString = (filters: AuditFilters): string => queryString({ ...filters });

export const auditApi = {
  list: (scope: AuditScope, filters: AuditFilters) =>
    api<AuditPage>(`${scope === 'platform' ? '/platform/audit' : '/audit'}?${auditQueryString(filters)}`),
};

/** One line of an entry's details: a field and its value, or a change from one value to another. */
export type DetailLine =
  | { kind: 'value'; key: string; value: string }
  | { kind: 'change'; key: string; before: string; after: string }
  | { kind: 'changed'; fields: string[] };

/**
 * Details read as lines instead of JSON: `changed: [...]` lists the fields, `from`/`to` pairs read
 * "field: before → after", anything else "key: value". Nested objects flatten to "a.b".
 */
export function detailLines(details: unknown): DetailLine[] {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) {
    return details === null || details === undefined ? [] : [{ kind: 'value', key: '', value: scalar(details) }];
  }
  const record = details as Record<string, unknown>;
  const lines: DetailLine[] = [];
  const { from, to, changed, ...rest } = record;
  if (Array.isArray(changed) && changed.length > 0) lines.push({ kind: 'changed', fields: changed.map(String) });
  else if (changed !== undefined) rest.changed = changed;
  if (from !== undefined || to !== undefined) {
    if (isRecord(from) || isRecord(to)) {
      const before = isRecord(from) ? from : {};
      const after = isRecord(to) ? to : {};
      for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
        const was = key in before ? scalar(before[key]) : '';
        const is = key in after ? scalar(after[key]) : was;
        if (was !== is) lines.push({ kind: 'change', key, before: was, after: is });
      }
    } else {
      lines.push({ kind: 'change', key: '', before: scalar(from), after: scalar(to) });
    }
  }
  for (const [key, value] of Object.entries(rest)) {
    if (isRecord(value)) {
      for (const line of detailLines(value)) lines.push(line.kind === 'value' ? { ...line, key: `${key}.${line.key}` } : line);
    } else {
      lines.push({ kind: 'value', key, value: scalar(value) });
    }
  }
  return lines;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function scalar(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) return value.map(scalar).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
