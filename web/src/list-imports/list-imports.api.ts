// Imports of CSV lists: leads into a campaign, numbers into the suppression list. Both answer with
// the same counters, are kept as records, and report progress per committed batch.
import { api, apiBlob } from '../app/api-client.ts';

export type ListImportKind = 'LEADS' | 'SUPPRESSION';
export type ListImportStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface ImportCounters {
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
  imported: number;
  suppressed: number;
}

export interface ImportResult extends ImportCounters {
  importId: string;
}

export interface ListImport extends ImportCounters {
  id: string;
  kind: ListImportKind;
  campaignId: string | null;
  fileName: string | null;
  status: ListImportStatus;
  errorCode: string | null;
  /** The values the error's message names ({{byte}}, {{row}}…). */
  errorParams: Record<string, string | number> | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Where a kind of list is imported, listed and its rejected rows downloaded. */
export interface ImportTarget {
  kind: ListImportKind;
  campaignId: string | null;
}

const base = (target: ImportTarget) =>
  target.kind === 'LEADS' ? `/campaigns/${encodeURIComponent(target.campaignId ?? '')}` : '/suppression';

export const listImportsKey = (tenantId: string | null, target: ImportTarget) =>
  ['list-imports', tenantId, target.kind, target.campaignId] as const;

export const listImportsApi = {
  /** `phoneColumns` (a lead import's chosen phone columns, in order) go before the file: the server reads the body in order. */
  upload: (target: ImportTarget, file: File, phoneColumns: string[] = []) => {
    const form = new FormData();
    for (const column of phoneColumns) form.append('phoneColumns', column);
    form.append('file', file, file.name);
    const path = target.kind === 'LEADS' ? `${base(target)}/leads/import` : '/suppression/import';
    return api<ImportResult>(path, { method: 'POST', body: form });
  },
  list: (target: ImportTarget) => api<ListImport[]>(`${base(target)}/imports`),
  rejected: (target: ImportTarget, importId: string) =>
    apiBlob(`${base(target)}/imports/${encodeURIComponent(importId)}/rejected.csv`),
};

/** Saves a blob the way a download link would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
