// Pure rules of recording storage (decision 0031).

/** Plans count storage in decimal gigabytes (10^9 bytes), as storage is sold; null means no limit. */
export function storageLimitBytes(maxRecordingStorageGb: string | number | null): number | null {
  if (maxRecordingStorageGb === null) return null;
  return Math.floor(Number(maxRecordingStorageGb) * 1e9);
}

/**
 * Whether storing `sizeBytes` more would take the tenant past its limit. The limit is never
 * passed: the recording that does not fit is refused (FAILED), and nothing already stored is
 * deleted before its retention to make room.
 */
export function wouldExceedStorage(limitBytes: number | null, usedBytes: number, sizeBytes: number): boolean {
  return limitBytes !== null && usedBytes + sizeBytes > limitBytes;
}
