// Pure: what the progress bar of an upload shows, from the import's progress events.

export interface ImportProgressEvent {
  importId: string;
  kind: 'LEADS' | 'SUPPRESSION';
  campaignId: string | null;
  bytesRead: number;
  rowsRead: number;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
}

export interface UploadInProgress {
  kind: 'LEADS' | 'SUPPRESSION';
  campaignId: string | null;
  fileSize: number;
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
  return { kind, campaignId, fileSize, importId: null, bytesRead: 0, rowsRead: 0 };
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
    bytesRead: Math.max(upload.bytesRead, event.bytesRead),
    rowsRead: Math.max(upload.rowsRead, event.rowsRead),
  };
}

/** Share of the file read, 0..1 (an empty or unknown size reads as not started). */
export function progressFraction(upload: UploadInProgress): number {
  if (upload.fileSize <= 0) return 0;
  return Math.min(1, Math.max(0, upload.bytesRead / upload.fileSize));
}

/** Whether the import refused rows the user may want to download. */
export function hasRejectedRows(counters: { invalid: number; duplicates: number }): boolean {
  return counters.invalid + counters.duplicates > 0;
}
