// What the dialer engine wrote about a campaign (decision 0049), read under the tenant's row-level
// security: its state row, its attempts in flight, its per-minute samples, and the tenant's short
// calls today. The engine (services/dialer) is the only writer of these tables.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import { ANATEL_SHORT_CALL_SECONDS, DEFAULT_SHORT_CALL_SETTINGS } from '../dialer/short-call-guard.ts';

/** The state row with the campaign's abandon settings; undefined before the dialer's first tick. */
export const findDialerState = (tx: Tx, campaignId: string) =>
  tx
    .selectFrom('campaignDialerState as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaignId')
    .select(['s.statistics', 's.dialLevel', 's.mode', 's.lastDecision', 's.leadsWaitingWindow', 's.updatedAt', 'c.abandonTarget', 'c.abandonAfterSeconds'])
    .where('s.campaignId', '=', campaignId)
    .executeTakeFirst();

/**
 * The campaign's dial attempts: all of them, those answered, those in flight and by phase (the
 * partial index on attempts not ended keeps the last two cheap while the first grows).
 */
export async function attemptCounts(tx: Tx, campaignId: string) {
  const row = await tx
    .selectFrom('dialAttempts')
    .select([
      (eb) => eb.fn.countAll<string>().as('attempts'),
      sql<string>`count(*) FILTER (WHERE answered_at IS NOT NULL)`.as('answered'),
      sql<string>`count(*) FILTER (WHERE ended_at IS NULL)`.as('inFlight'),
      sql<string>`count(*) FILTER (WHERE ended_at IS NULL AND status = 'DIALING')`.as('ringing'),
      sql<string>`count(*) FILTER (WHERE ended_at IS NULL AND status = 'ANSWERED' AND connected_at IS NULL)`.as('answeredWaiting'),
    ])
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), answered: Number(row.answered), inFlight: Number(row.inFlight), ringing: Number(row.ringing), answeredWaiting: Number(row.answeredWaiting) };
}

/**
 * The tenant's outbound calls (the dialer's among them) answered and ended since midnight in the
 * tenant's time zone, and how many of them lasted ≤ 6 s from answer to hang-up (Anatel's short
 * call), with the tenant's threshold. Midnight is a sub-select so that it becomes a bound of
 * calls_tenant_created_idx (a join condition would scan every call of the tenant).
 */
export async function shortCallsToday(tx: Tx, tenantId: string) {
  const { rows } = await sql<{ today: string; shortToday: string; threshold: number | null }>`
    SELECT (SELECT short_call_threshold FROM tenants WHERE id = ${tenantId}) AS threshold,
           count(*) AS today,
           count(*) FILTER (WHERE c.ended_at - c.answer_at <= make_interval(secs => ${ANATEL_SHORT_CALL_SECONDS})) AS "shortToday"
      FROM calls c
     WHERE c.tenant_id = ${tenantId}
       AND c.created_at >= (SELECT date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone FROM tenants WHERE id = ${tenantId})
       AND (c.direction = 'OUTBOUND' OR c.campaign_id IS NOT NULL)
       AND c.answer_at IS NOT NULL
       AND c.ended_at IS NOT NULL`.execute(tx);
  const row = rows[0];
  return { today: Number(row?.today ?? 0), shortToday: Number(row?.shortToday ?? 0), threshold: Number(row?.threshold ?? DEFAULT_SHORT_CALL_SETTINGS.threshold) };
}

/** The samples of the last `minutes` minutes, oldest first. */
export const dialerSamples = (tx: Tx, campaignId: string, minutes: number) =>
  tx
    .selectFrom('campaignDialerSamples')
    .select(['minute', 'dialLevel', 'answerRate', 'abandonRate', 'callsInFlight', 'agentsAvailable', 'agentsBusy', 'attempts', 'answered', 'abandoned'])
    .where('campaignId', '=', campaignId)
    .where('minute', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .orderBy('minute')
    .execute();
