// A recording's audio for its tenant: found through row-level security (another tenant's id is
// simply not found), refused unless AVAILABLE, read from storage whole or by byte range.
import type { Readable } from 'node:stream';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { parseRange } from './http-range.ts';

export interface RecordingAudio {
  stream: Readable;
  /** The whole object's size. */
  size: number;
  /** Present for a 206: the inclusive bytes sent. */
  range?: { start: number; end: number };
}

const RETRY_AFTER_SECONDS = '5';
/** `params.status` of a recording marked AVAILABLE whose object is gone from storage. */
const OBJECT_MISSING = 'MISSING';

const noAudio = (status: string) =>
  new AppError(404, E.RECORDING_NOT_AVAILABLE, `The recording has no audio (${status})`, undefined, undefined, { status });

export async function openRecordingAudio(
  deps: { db: DatabaseHandles; storage: ObjectStorage; log: { error(object: object, message: string): void } },
  tenantId: string,
  id: string,
  rangeHeader: string | undefined,
): Promise<RecordingAudio> {
  const row = await deps.db.withTenant(tenantId, (tx) =>
    tx.selectFrom('recordings').select(['status', 'storageKey']).where('id', '=', id).executeTakeFirst(),
  );
  if (!row) throw notFound('recording');
  if (row.status === 'DELETED') throw new AppError(410, E.RECORDING_DELETED, 'The recording was deleted after its retention period');
  if (row.status !== 'AVAILABLE' || !row.storageKey) {
    throw noAudio(row.status);
  }
  const key = row.storageKey;
  const storage = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      deps.log.error({ err: error, recordingId: id }, 'recording storage unreachable');
      throw new AppError(503, E.STORAGE_UNAVAILABLE, 'The recordings storage is not reachable', undefined, { 'retry-after': RETRY_AFTER_SECONDS });
    }
  };
  const size = await storage(() => deps.storage.size(key));
  if (size === null) {
    // AVAILABLE without its object: someone removed it outside the platform.
    deps.log.error({ recordingId: id }, 'recording object missing from storage');
    throw noAudio(OBJECT_MISSING);
  }
  const range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    throw new AppError(416, E.RANGE_NOT_SATISFIABLE, 'The range is beyond the end of the audio', undefined, { 'content-range': `bytes */${size}` }, { size });
  }
  const object = await storage(() => deps.storage.get(key, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined));
  if (!object) throw noAudio(OBJECT_MISSING);
  return { stream: object.stream, size: object.size, ...(object.range ? { range: object.range } : {}) };
}
