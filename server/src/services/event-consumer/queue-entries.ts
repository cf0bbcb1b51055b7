// The queue entries the reports count (docs/reports.md): one per mod_callcenter member
// (CC-Member-UUID), opened by member-queue-start, answered by bridge-agent-start, closed by
// member-queue-end — or by the call's end when that event never comes. Called once per event
// (the call's event row is new), inside the event's transaction: the rollup triggers follow it.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { QueueEntryOutcome } from '../../platform/db/report-tables.ts';
import { uuidOrNull } from './call-correlation.ts';

/**
 * How an entry ended, from member-queue-end's CC-Cause and CC-Cancel-Reason (mod_callcenter):
 * Terminated after an agent bridged is answered; BREAK_OUT (the caller hung up) or NONE is an
 * abandon; TIMEOUT, NO_AGENT_TIMEOUT and EXIT_WITH_KEY send the caller on in the dialplan (flowed out).
 */
export function entryOutcome(cause: string | undefined, cancelReason: string | undefined, answered: boolean): QueueEntryOutcome {
  if (answered) return 'ANSWERED';
  if (cause === 'Cancel' && ['TIMEOUT', 'NO_AGENT_TIMEOUT', 'EXIT_WITH_KEY'].includes(cancelReason ?? '')) return 'FLOWED_OUT';
  return 'ABANDONED';
}

export async function noteQueueEntry(
  tx: Tx,
  /** mod_callcenter's CC-Action; the ones an entry does not hear of pass by. */
  action: string,
  headers: Record<string, string>,
  call: { callId: string; queueId: string | null; agentId: string | null },
  at: Date,
): Promise<void> {
  const entryId = uuidOrNull(headers['CC-Member-UUID']);
  if (!entryId) return;
  switch (action) {
    case 'member-queue-start':
      if (call.queueId) await openEntry(tx, entryId, call.callId, call.queueId, at);
      return;
    case 'bridge-agent-start':
      await tx
        .updateTable('queueEntries')
        .set({ agentId: call.agentId, answeredAt: at })
        .where('id', '=', entryId)
        .where('answeredAt', 'is', null)
        .execute();
      return;
    case 'bridge-agent-end':
      await tx.updateTable('queueEntries').set({ talkEndedAt: at }).where('id', '=', entryId).where('talkEndedAt', 'is', null).execute();
      return;
    case 'member-queue-end':
      await closeEntry(tx, entryId, at, headers['CC-Cause'], headers['CC-Cancel-Reason']);
      return;
  }
}

async function openEntry(tx: Tx, entryId: string, callId: string, queueId: string, at: Date): Promise<void> {
  // The queue's thresholds now are the entry's for good; the call's campaign tags a dialer call.
  const inserted = await sql<{ id: string }>`
    INSERT INTO queue_entries (id, tenant_id, call_id, queue_id, campaign_id, joined_at, service_level_seconds, short_abandon_seconds)
    SELECT ${entryId}::uuid, c.tenant_id, c.id, q.id, c.campaign_id, ${at}::timestamptz, q.service_level_seconds, q.short_abandon_seconds
    FROM calls c JOIN queues q ON q.id = ${queueId}::uuid AND q.tenant_id = c.tenant_id
    WHERE c.id = ${callId}::uuid
    ON CONFLICT (id) DO NOTHING
    RETURNING id`.execute(tx);
  if (inserted.rows.length === 0) return;
  // An earlier entry of this call that an agent answered was transferred out to this queue.
  await sql`
    UPDATE queue_entries SET transferred_out = true
    WHERE id = (SELECT id FROM queue_entries WHERE call_id = ${callId}::uuid AND id <> ${entryId}::uuid
                  AND answered_at IS NOT NULL AND joined_at <= ${at}::timestamptz ORDER BY joined_at DESC LIMIT 1)
      AND NOT transferred_out`.execute(tx);
}

async function closeEntry(tx: Tx, entryId: string, at: Date, cause: string | undefined, cancelReason: string | undefined) {
  const entry = await tx.selectFrom('queueEntries').select(['answeredAt', 'leftAt']).where('id', '=', entryId).forUpdate().executeTakeFirst();
  if (!entry) return;
  // member-queue-end is the exit's own time; it corrects an exit the call's end had presumed.
  await tx
    .updateTable('queueEntries')
    .set({ leftAt: at, cancelReason: cancelReason ?? null, outcome: entryOutcome(cause, cancelReason, entry.answeredAt !== null) })
    .where('id', '=', entryId)
    .execute();
}

/** The call ended: entries still open close at its end (their member-queue-end may refine them). */
export async function closeEntriesOfEndedCall(tx: Tx, callId: string, endedAt: Date): Promise<void> {
  await sql`
    UPDATE queue_entries SET left_at = greatest(joined_at, ${endedAt}::timestamptz),
      outcome = CASE WHEN answered_at IS NOT NULL THEN 'ANSWERED' ELSE 'ABANDONED' END
    WHERE call_id = ${callId}::uuid AND outcome IS NULL`.execute(tx);
}
