// The public shape of a recording: what any response may say about one. The storage key, the
// switch-side path and any URL never leave the server (they are not in this shape).
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../../platform/http/schemas.ts';
import type { RecordingStatus } from '../../platform/db/schema.ts';

export const RecordingStatusSchema = Type.Union([
  Type.Literal('RECORDING'),
  Type.Literal('AVAILABLE'),
  Type.Literal('FAILED'),
  Type.Literal('DELETED'),
]);

export const Recording = Type.Object({
  id: Type.String(),
  callId: Type.String(),
  status: RecordingStatusSchema,
  sizeBytes: Nullable(Type.Number()),
  durationSeconds: Nullable(Type.Number()),
  createdAt: Timestamp,
  retentionUntil: Nullable(Timestamp),
});
export type Recording = Static<typeof Recording>;

/** The columns toRecording reads (bigint and numeric arrive as text from pg). */
export interface RecordingRow {
  id: string;
  callId: string;
  status: RecordingStatus;
  sizeBytes: string | number | null;
  durationSeconds: string | number | null;
  createdAt: Date;
  retentionUntil: Date | null;
}

export function toRecording(row: RecordingRow): Recording {
  return {
    id: row.id,
    callId: row.callId,
    status: row.status,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    durationSeconds: row.durationSeconds === null ? null : Number(row.durationSeconds),
    createdAt: row.createdAt.toISOString(),
    retentionUntil: row.retentionUntil ? row.retentionUntil.toISOString() : null,
  };
}
