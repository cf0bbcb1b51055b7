// A recording as the API shows it. The storage key and the switch-side path never leave the server:
// they are neither in the schema (the serializer drops unknown keys) nor in the mapper.
import type { Selectable } from 'kysely';
import { Type, type Static } from 'typebox';
import type { RecordingsTable } from '../../platform/db/schema.ts';
import { Nullable, Timestamp } from '../../platform/http/schemas.ts';

export const RECORDING_STATUSES = ['RECORDING', 'AVAILABLE', 'FAILED', 'DELETED'] as const;
export const RECORDING_REASONS = ['CAMPAIGN', 'QUEUE', 'DIALPLAN'] as const;

export const Recording = Type.Object({
  id: Type.String(),
  callId: Type.String(),
  status: Type.Enum(RECORDING_STATUSES),
  /** Bytes of the stored WAV; null until it is stored. */
  sizeBytes: Nullable(Type.Integer({ minimum: 0 })),
  /** Seconds of audio (from the WAV's data size), millisecond precision; null until stored. */
  durationSeconds: Nullable(Type.Number({ minimum: 0 })),
  createdAt: Timestamp,
  /** When the retention sweep deletes the audio (plan's recordingRetentionDays after storing). */
  retentionUntil: Nullable(Timestamp),
  /** Which setting recorded it: the campaign's, the queue's, or a dialplan rule (decision 0082); null when not known. */
  reason: Nullable(Type.Enum(RECORDING_REASONS)),
});
export type Recording = Static<typeof Recording>;

/** The columns toRecording reads: select exactly these (never storage_key or switch_path). */
export const RECORDING_COLUMNS = ['id', 'callId', 'status', 'sizeBytes', 'durationSeconds', 'createdAt', 'retentionUntil', 'reason'] as const;
export type RecordingRow = Pick<Selectable<RecordingsTable>, (typeof RECORDING_COLUMNS)[number]>;

/** bigint and numeric come from pg as text (or as a number when int8 parsing applies). */
const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

export function toRecording(row: RecordingRow): Recording {
  return {
    id: row.id,
    callId: row.callId,
    status: row.status,
    sizeBytes: numberOrNull(row.sizeBytes),
    durationSeconds: numberOrNull(row.durationSeconds),
    createdAt: row.createdAt.toISOString(),
    retentionUntil: row.retentionUntil ? row.retentionUntil.toISOString() : null,
    reason: row.reason,
  };
}
