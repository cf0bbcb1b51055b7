// Raw records written straight into the tables the switch consumer and the dialer write, for the
// report tests: the rollup triggers take them as they take the consumer's writes.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { createMember, type Session, type TestContext } from '../../../test/harness.ts';

export const at = (iso: string) => new Date(iso);
export const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

export interface EntrySpec {
  queueId: string;
  joinedAt: Date;
  /** Seconds from joining to the agent's answer; absent: never answered. */
  answerAfter?: number;
  agentId?: string;
  /** Seconds from joining (or from the answer, for an answered entry) to leaving the queue; absent: still open. */
  leaveAfter?: number;
  cause?: 'ANSWERED' | 'ABANDONED' | 'FLOWED_OUT';
  transferredOut?: boolean;
  campaignId?: string;
  /** The queue's threshold when the caller joined (the entry keeps it); 20 unless said. */
  serviceLevelSeconds?: number;
}

/** A call and one queue entry, closed (a served or abandoned caller) or still open (waiting or talking). */
export async function queueCall(db: DatabaseHandles, tenantId: string, spec: EntrySpec): Promise<{ callId: string; entryId: string }> {
  const callId = randomUUID();
  const entryId = randomUUID();
  const answeredAt = spec.answerAfter === undefined ? null : plus(spec.joinedAt, spec.answerAfter);
  const leftAt = spec.leaveAfter === undefined ? null : plus(answeredAt ?? spec.joinedAt, spec.leaveAfter);
  await db.withTenant(tenantId, async (tx) => {
    await tx
      .insertInto('calls')
      .values({
        id: callId,
        tenantId,
        direction: 'INBOUND',
        createdAt: spec.joinedAt,
        answerAt: spec.joinedAt,
        queueId: spec.queueId,
        campaignId: spec.campaignId ?? null,
        endedAt: leftAt,
        hangupCause: leftAt ? 'NORMAL_CLEARING' : null,
      })
      .execute();
    await tx
      .insertInto('queueEntries')
      .values({
        id: entryId,
        tenantId,
        callId,
        queueId: spec.queueId,
        campaignId: spec.campaignId ?? null,
        joinedAt: spec.joinedAt,
        agentId: answeredAt ? (spec.agentId ?? null) : null,
        answeredAt,
        leftAt,
        outcome: leftAt ? (spec.cause ?? (answeredAt ? 'ANSWERED' : 'ABANDONED')) : null,
        transferredOut: spec.transferredOut ?? false,
        serviceLevelSeconds: spec.serviceLevelSeconds ?? 20,
        shortAbandonSeconds: 5,
      })
      .execute();
  });
  return { callId, entryId };
}

/** The kept rollups and their recomputation from the raw rows differ in no row (zero rows aside). */
export async function rollupsMatchRecomputation(db: DatabaseHandles, tenantId: string): Promise<Record<string, unknown[]>> {
  const tables = [
    'report_queue_intervals',
    'report_queue_campaign_intervals',
    'report_agent_call_intervals',
    'report_agent_intervals',
    'report_agent_pause_intervals',
    'report_campaign_intervals',
    'report_call_intervals',
    'report_disposition_intervals',
    'report_campaign_disposition_intervals',
    'report_campaign_disposition_hours',
    'report_lead_counts',
  ];
  return db.withPlatform(async (tx) => {
    const kept: Record<string, unknown[]> = {};
    for (const table of tables) kept[table] = await nonZeroRows(tx, table, tenantId);
    await sql`SAVEPOINT recompute`.execute(tx);
    await sql`SELECT app_reports_rebuild(${tenantId}::uuid)`.execute(tx);
    const differences: Record<string, unknown[]> = {};
    for (const table of tables) {
      const rebuilt = await nonZeroRows(tx, table, tenantId);
      const keptKeys = new Set(kept[table]!.map((row) => JSON.stringify(row)));
      const rebuiltKeys = new Set(rebuilt.map((row) => JSON.stringify(row)));
      const missing = rebuilt.filter((row) => !keptKeys.has(JSON.stringify(row)));
      const extra = kept[table]!.filter((row) => !rebuiltKeys.has(JSON.stringify(row)));
      if (missing.length || extra.length) differences[table] = [{ missing, extra }];
    }
    await sql`ROLLBACK TO SAVEPOINT recompute`.execute(tx);
    return differences;
  });
}

/** A table's rows of a tenant in a stable order, without the rows whose every count is zero. */
async function nonZeroRows(tx: Parameters<Parameters<DatabaseHandles['withPlatform']>[0]>[0], table: string, tenantId: string) {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}::uuid`.execute(tx);
  return rows
    // Counts and sums: int4 come back as numbers, sums as numeric text; either may be the non-zero one.
    .filter((row) => Object.entries(row).some(([key, value]) => !key.endsWith('_id') && key !== 'bucket' && /^-?\d+(\.\d+)?$/.test(String(value)) && Number(value) !== 0))
    .map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** An agent of the tenant (a member with the agent role and an extension), and its member's session. */
export async function createAgent(t: TestContext, admin: Session, number: string): Promise<{ agentId: string; session: Session }> {
  const member = await createMember(t.app, admin, 'agent');
  const extensionId = await t.createId('/extensions', admin, { number });
  const agentId = await t.createId('/agents', admin, { userId: member.id, extensionId });
  return { agentId, session: member.session };
}
