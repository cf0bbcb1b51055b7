// Pure: what the progress bar of an upload shows, from the import's progress events.

// The fields of LIST_IMPORT_PROGRESS (server/src/platform/realtime/import-event-schemas.ts) the bar uses.
export interface ImportProgressEvent {
  importId: string;
  kind: 'LEADS' | 'SUPPRESSION';
  campaignId: string | null;
  bytesRead: number;
  /** The upload's whole size as the server saw it (a little more than the file), when known. */
  bytesExpected: number | null;
  rowsRead: number;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The event's payload, checked; null for anything malformed. */
export function parseImportProgress(payload: unknown): ImportProgressEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { importId, kind, campaignId, bytesRead, bytesExpected, rowsRead, status } = payload as Record<string, unknown>;
  if (typeof importId !== 'string' || (kind !== 'LEADS' && kind !== 'SUPPRESSION')) return null;
  if (campaignId !== null && typeof campaignId !== 'string') return null;
  if (!count(bytesRead) || !count(rowsRead) || (bytesExpected !== null && !count(bytesExpected))) return null;
  if (status !== 'RUNNING' && status !== 'COMPLETED' && status !== 'FAILED') return null;
  return { importId, kind, campaignId, bytesRead, bytesExpected, rowsRead, status };
}

export interface UploadInProgress {
  kind: 'LEADS' | 'SUPPRESSION';
  campaignId: string | null;
  fileSize: number;
  /** The server's size of the upload, once an event says it (the file plus the multipart framing). */
  bytesExpected: number | null;
  /** The import this upload became, once an event names it (the answer comes only at the end). */
  importId: string | null;
  bytesRead: number;
  rowsRead: number;
}

export function startUpload(
  kind: UploadInProgress['kind'],
  campaignId: string | null,
  fileSize: number,
): UploadInProgress {
  return { kind, campaignId, fileSize, bytesExpected: null, importId: null, bytesRead: 0, rowsRead: 0 };
}

/**
 * The upload after an event: an event of another list (or another import, once this one is known)
 * changes nothing; progress never goes backwards (events of one import may arrive out of order).
 */
export function applyProgress(upload: UploadInProgress, event: ImportProgressEvent): UploadInProgress {
  if (event.kind !== upload.kind || event.campaignId !== upload.campaignId) return upload;
  if (upload.importId !== null && event.importId !== upload.importId) return upload;
  return {
    ...upload,
    importId: event.importId,
    bytesExpected: event.bytesExpected ?? upload.bytesExpected,
    bytesRead: Math.max(upload.bytesRead, event.bytesRead),
    rowsRead: Math.max(upload.rowsRead, event.rowsRead),
  };
}

/** Share of the file read, 0..1 (an empty or unknown size reads as not started). */
export function progressFraction(upload: UploadInProgress): number {
  const size = upload.bytesExpected ?? upload.fileSize;
  if (size <= 0) return 0;
  return Math.min(1, Math.max(0, upload.bytesRead / size));
}

/** Whether the import refused rows the user may want to download. */
export function hasRejectedRows(counters: { invalid: number; duplicates: number }): boolean {
  return counters.invalid + counters.duplicates > 0;
}
