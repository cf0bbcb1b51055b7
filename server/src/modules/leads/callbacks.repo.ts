// Leads in CALLBACK with their campaign's name, under the tenant's row-level security. Leads of a
// deleted campaign are not offered: the campaign is gone from every list.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { LeadStatus } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { CallbackLead } from './callbacks.schema.ts';

/** The spec's limit on GET /leads/callbacks. */
export const CALLBACK_LIST_LIMIT = 500;

const callbackView = (tx: Tx) =>
  tx
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaignId')
    .select(['l.id', 'l.campaignId', 'c.name as campaignName', 'l.phone', 'l.name', 'l.status', 'l.attempts', 'l.nextAttemptAt', 'l.lastOutcome'])
    .where('c.deletedAt', 'is', null);

type CallbackRow = Awaited<ReturnType<ReturnType<typeof callbackView>['executeTakeFirstOrThrow']>>;

export const toCallbackLead = (row: CallbackRow): CallbackLead => ({ ...row, nextAttemptAt: iso(row.nextAttemptAt) });

/** Due first; a CALLBACK without a time (none is written by this module) comes last. */
export const listCallbacks = (tx: Tx) =>
  callbackView(tx)
    .where('l.status', '=', 'CALLBACK')
    .orderBy(sql`l.next_attempt_at ASC NULLS LAST`)
    .orderBy('l.id')
    .limit(CALLBACK_LIST_LIMIT)
    .execute();

/**
 * The lead if it is in CALLBACK, row locked. A parallel request that changed it first is waited for,
 * and the status is checked again on the row it committed: only one of two give-ups wins.
 */
export const lockCallback = (tx: Tx, id: string) =>
  callbackView(tx).where('l.id', '=', id).where('l.status', '=', 'CALLBACK').forUpdate('l').executeTakeFirst();

export async function setLeadSchedule(tx: Tx, id: string, status: LeadStatus, nextAttemptAt: Date | null): Promise<void> {
  await tx.updateTable('leads').set({ status, nextAttemptAt }).where('id', '=', id).execute();
}
