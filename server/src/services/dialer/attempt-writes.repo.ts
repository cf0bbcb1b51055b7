// An attempt's steps (answered, connected, abandoned, ended), its lead and the campaign's statistics
// after it, the call record of a simulated attempt, and adopting an orphan.
import { sql } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { DialAttemptOutcome, LeadStatus } from '../../platform/db/schema.ts';
import { INITIAL_STATISTICS, type CampaignStatistics } from '../../modules/dialer/campaign-statistics.ts';

/** The customer answered (the originate succeeded). */
export const markAnswered = (tx: Tx, attemptId: string, at: Date) =>
  tx.updateTable('dialAttempts').set({ status: 'ANSWERED', answeredAt: at }).where('id', '=', attemptId).where('endedAt', 'is', null).execute();

/** An agent took the customer: true the first time. */
export async function markConnected(tx: Tx, attemptId: string, at: Date): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ connectedAt: at, outcome: 'CONNECTED' })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .where('connectedAt', 'is', null)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '<>', 'ABANDONED')]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Nobody took the customer in time: true the first time (the attempt is not connected). */
export async function markAbandoned(tx: Tx, attemptId: string): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ outcome: 'ABANDONED' })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .where('connectedAt', 'is', null)
    .where('outcome', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface AttemptEnd {
  outcome: DialAttemptOutcome;
  hangupCause: string | null;
  endedAt: Date;
}

export interface EndedAttempt {
  id: string;
  leadId: string;
  campaignId: string;
  createdAt: Date;
  answeredAt: Date | null;
  connectedAt: Date | null;
  outcome: DialAttemptOutcome;
}

/**
 * Ends the attempt once (null when it had already ended). An outcome the attempt already has
 * (CONNECTED, ABANDONED) is kept: the hangup only says when.
 */
export async function endAttempt(tx: Tx, attemptId: string, end: AttemptEnd): Promise<EndedAttempt | null> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({
      status: 'ENDED',
      endedAt: end.endedAt,
      hangupCause: end.hangupCause,
      outcome: sql<DialAttemptOutcome>`coalesce(outcome, ${end.outcome})`,
    })
    .where('id', '=', attemptId)
    .where('endedAt', 'is', null)
    .returning(['id', 'leadId', 'campaignId', 'createdAt', 'answeredAt', 'connectedAt', 'outcome'])
    .executeTakeFirst();
  return row ? { ...row, outcome: row.outcome! } : null;
}

/** The lead, locked, for its update after an attempt. */
export const lockLead = (tx: Tx, leadId: string) =>
  tx.selectFrom('leads').select(['id', 'status', 'attempts', 'nextAttemptAt']).where('id', '=', leadId).forUpdate().executeTakeFirst();

export const updateLead = (tx: Tx, leadId: string, change: { status: LeadStatus; attempts: number; nextAttemptAt: Date | null; lastOutcome: string }) =>
  tx.updateTable('leads').set(change).where('id', '=', leadId).execute();

/** Reads the campaign's statistics under a row lock, applies `change`, writes them back. */
export async function updateStatistics(tx: Tx, tenantId: string, campaignId: string, change: (stats: CampaignStatistics) => CampaignStatistics): Promise<CampaignStatistics> {
  await tx
    .insertInto('campaignDialerState')
    .values({ campaignId, tenantId, statistics: JSON.stringify(INITIAL_STATISTICS), dialLevel: 1, mode: 'PROGRESSIVE' })
    .onConflict((oc) => oc.column('campaignId').doNothing())
    .execute();
  const row = await tx.selectFrom('campaignDialerState').select('statistics').where('campaignId', '=', campaignId).forUpdate().executeTakeFirstOrThrow();
  const next = change(row.statistics as CampaignStatistics);
  await tx.updateTable('campaignDialerState').set({ statistics: JSON.stringify(next), updatedAt: new Date() }).where('campaignId', '=', campaignId).execute();
  return next;
}

/**
 * Counts an answer or an abandon in the campaign's today (its time zone), under the state row's lock:
 * what the tick's snapshot reads instead of counting today's attempts (decision 0051). The first
 * count of a new day starts it at 1; a day without any reads as 0.
 */
export async function countToday(tx: Tx, tenantId: string, campaignId: string, column: 'answered' | 'abandoned'): Promise<void> {
  const count = sql.ref(`${column}_today`);
  await sql`
    INSERT INTO campaign_dialer_state AS s (campaign_id, tenant_id, statistics, dial_level, mode, counts_day, ${count})
    SELECT c.id, c.tenant_id, ${JSON.stringify(INITIAL_STATISTICS)}::jsonb, 1, 'PROGRESSIVE', (now() AT TIME ZONE c.timezone)::date, 1
    FROM campaigns c WHERE c.id = ${campaignId} AND c.tenant_id = ${tenantId}
    ON CONFLICT (campaign_id) DO UPDATE SET
      answered_today = CASE WHEN s.counts_day = excluded.counts_day THEN s.answered_today ELSE 0 END + ${column === 'answered' ? 1 : 0},
      abandoned_today = CASE WHEN s.counts_day = excluded.counts_day THEN s.abandoned_today ELSE 0 END + ${column === 'abandoned' ? 1 : 0},
      counts_day = excluded.counts_day`.execute(tx);
}

export interface SimulatedCallRecord {
  callId: string;
  tenantId: string;
  campaignId: string;
  leadId: string;
  attemptId: string;
  callerNumber: string | null;
  calledNumber: string;
  createdAt: Date;
  endedAt: Date;
  hangupCause: string;
}

/** The call record of a simulated attempt that never reached the switch (busy, no answer, failed). */
export async function insertSimulatedCall(tx: Tx, call: SimulatedCallRecord) {
  const seconds = Math.max(0, Math.round((call.endedAt.getTime() - call.createdAt.getTime()) / 1000));
  return (
    (await tx
      .insertInto('calls')
      .values({
        id: call.callId,
        tenantId: call.tenantId,
        direction: 'OUTBOUND',
        callerNumber: call.callerNumber,
        callerName: null,
        calledNumber: call.calledNumber,
        extensionId: null,
        trunkId: null,
        attemptId: call.attemptId,
        campaignId: call.campaignId,
        leadId: call.leadId,
        createdAt: call.createdAt,
        endedAt: call.endedAt,
        hangupCause: call.hangupCause,
        ringTime: seconds,
        waitTime: 0,
        talkTime: 0,
        durationSeconds: seconds,
        billableSeconds: 0,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** The call record's end, for an orphan whose switch channel is gone. */
export const callEndOf = (db: DatabaseHandles, callId: string) =>
  db.readAsPlatform((q) => q.selectFrom('calls').select(['endedAt', 'hangupCause', 'answerAt', 'bridgedAt']).where('id', '=', callId).executeTakeFirst());

/** Adopts another process's attempt (its owner died): true for the one dialer that took it. */
export async function adoptAttempt(tx: Tx, attemptId: string, fromOwner: string, toOwner: string): Promise<boolean> {
  const row = await tx
    .updateTable('dialAttempts')
    .set({ owner: toOwner })
    .where('id', '=', attemptId)
    .where('owner', '=', fromOwner)
    .where('endedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
