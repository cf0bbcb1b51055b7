// Recording metadata under the tenant's row-level security. Only the public columns are read here:
// the storage key and the switch-side path never reach a response (recording.schema.ts).
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import { callConditions, type CallFilters } from '../calls/calls.filters.ts';
import type { PageRequest } from '../calls/calls.repo.ts';
import { toRecording, type Recording } from './recording.schema.ts';

const PUBLIC_COLUMNS = ['r.id', 'r.callId', 'r.status', 'r.sizeBytes', 'r.durationSeconds', 'r.createdAt', 'r.retentionUntil', 'r.reason'] as const;

export async function findRecording(tx: Tx, id: string): Promise<Recording | undefined> {
  const row = await tx.selectFrom('recordings as r').select(PUBLIC_COLUMNS).where('r.id', '=', id).executeTakeFirst();
  return row ? toRecording(row) : undefined;
}

/** The call's recordings in its order: one per entry into a recorded queue (decision 0041). */
export async function listRecordingsOfCall(tx: Tx, callId: string): Promise<Recording[]> {
  const rows = await tx.selectFrom('recordings as r').select(PUBLIC_COLUMNS).where('r.callId', '=', callId).orderBy('r.seq').execute();
  return rows.map(toRecording);
}

/** One page of recordings whose call matches the calls filters, newest first; DELETED ones included. */
export async function listRecordings(tx: Tx, filters: CallFilters, { page, pageSize }: PageRequest): Promise<Recording[]> {
  const rows = await tx
    .selectFrom('recordings as r')
    .innerJoin('calls as c', 'c.id', 'r.callId')
    .select(PUBLIC_COLUMNS)
    .where(callConditions(filters))
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map(toRecording);
}

/** The matching recordings, counted up to limit + 1 rows (see calls.repo.ts countCalls). */
export async function countRecordings(tx: Tx, filters: CallFilters, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM recordings r JOIN calls c ON c.id = r.call_id WHERE ${callConditions(filters)} LIMIT ${limit + 1}
    ) AS matched`.execute(tx);
  return Number(rows[0]!.n);
}
