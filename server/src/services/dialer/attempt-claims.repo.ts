// Claiming leads: one statement per round picks due callbacks, fresh leads and due retries of each
// campaign, skips suppressed numbers, and writes their attempts.
import { sql } from 'kysely';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { nextNumber } from './lead-number.ts';

/** One campaign's share of a round's claim: up to `count` leads, dialed with tokens granted at `grantedAt`. */
export interface ClaimRequest {
  campaignId: string;
  /** The campaign's tenant as the tick's snapshot read it: a lead of another tenant is never claimed. */
  tenantId: string;
  count: number;
  /** The area codes callable now under the campaign's rules (none: nothing claimed). */
  callableDdds: number[];
  grantedAt: Date;
}

/** A lead claimed and its attempt written. */
export interface ClaimedAttempt {
  campaignId: string;
  tenantId: string;
  leadId: string;
  attemptId: string;
  callId: string;
  phone: string;
  name: string | null;
  createdAt: Date;
}

interface ClaimRow {
  campaign_id: string;
  tenant_id: string;
  lead_id: string;
  phone: string;
  name: string | null;
  suppressed: boolean;
  attempt_id: string | null;
  call_id: string | null;
  created_at: Date;
}

/**
 * Claims leads for many campaigns (of many tenants) and writes their attempts, in one statement and
 * one transaction on the platform path (decision 0051): per campaign, up to `count` leads in
 * lead-order.ts's order (due callbacks, fresh leads oldest first, due retries: later passes run only
 * when the earlier gave fewer), whose area code may be called now, with no attempt in flight, locked
 * (SKIP LOCKED). The requests are keyed by campaign and tenant ids the tick read itself, never by a
 * request's input; a lead is taken only with its own campaign's and tenant's ids, and its attempt
 * carries the lead's own tenant. The partial unique index (one attempt in flight per lead) still
 * holds: a lead another process put in flight meanwhile is skipped, not a failed round. Numbers on
 * the tenant's suppression list are moved to DO_NOT_CALL on the way and not dialed; the campaigns
 * that lost leads that way are asked again for the difference.
 */
export async function claimAttempts(db: DatabaseHandles, requests: ClaimRequest[], now: Date, owner: string, simulated: boolean): Promise<ClaimedAttempt[]> {
  let pending = requests.filter((request) => request.count > 0 && request.callableDdds.length > 0);
  if (pending.length === 0) return [];
  return db.withPlatform(async (tx) => {
    // Each pass's LIMIT is a column here, so the planner guesses it and prefers sorting every lead of
    // the campaign to the pass's ordered index (leads_fresh_order_idx, leads_campaign_status_idx),
    // which stops at the count. Sorts off, then, and JIT with them: the sorts' penalty puts the plan's
    // cost over jit_above_cost, and compiling it took seconds. 200 campaigns: ~30 ms against 250-500.
    // For this transaction only.
    await sql`SELECT set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`.execute(tx);
    const claimed: ClaimedAttempt[] = [];
    while (pending.length > 0) {
      const rows = await claimRound(tx, pending, now, owner, simulated);
      const suppressed = new Map<string, number>();
      for (const row of rows) {
        if (row.suppressed) suppressed.set(row.campaign_id, (suppressed.get(row.campaign_id) ?? 0) + 1);
        else if (row.attempt_id && row.call_id) {
          claimed.push({ campaignId: row.campaign_id, tenantId: row.tenant_id, leadId: row.lead_id, attemptId: row.attempt_id, callId: row.call_id, phone: row.phone, name: row.name, createdAt: row.created_at });
        }
      }
      // Suppressed numbers (now DO_NOT_CALL) took a place in their campaign's LIMIT: ask for that many again.
      pending = pending.flatMap((request) => {
        const lost = suppressed.get(request.campaignId) ?? 0;
        return lost > 0 ? [{ ...request, count: lost }] : [];
      });
    }
    return claimed;
  });
}

/** A lead of the request's campaign and tenant, in an area code callable now, with no attempt in flight (each pass adds its status). */
const callableLead = sql`l.campaign_id = r.campaign_id AND l.tenant_id = r.tenant_id
            AND substr(${nextNumber}, 4, 2) = ANY (string_to_array(r.ddds, ','))
            AND NOT EXISTS (SELECT 1 FROM dial_attempts a WHERE a.lead_id = l.id AND a.ended_at IS NULL)`;

async function claimRound(tx: Tx, requests: ClaimRequest[], now: Date, owner: string, simulated: boolean): Promise<ClaimRow[]> {
  const { rows } = await sql<ClaimRow>`
    WITH req AS (
      SELECT * FROM unnest(${requests.map((r) => r.campaignId)}::uuid[], ${requests.map((r) => r.tenantId)}::uuid[], ${requests.map((r) => r.count)}::int[],
        ${requests.map((r) => r.callableDdds.map((ddd) => String(ddd).padStart(2, '0')).join(','))}::text[], ${requests.map((r) => r.grantedAt)}::timestamptz[])
        AS r(campaign_id, tenant_id, n, ddds, granted_at)
    ),
    picked AS (
      SELECT r.campaign_id, r.granted_at, x.id, x.tenant_id, x.phone, x.name, x.pass,
        row_number() OVER () AS position,
        EXISTS (SELECT 1 FROM suppression_entries s WHERE s.tenant_id = x.tenant_id AND s.phone = x.phone) AS suppressed
      FROM req r CROSS JOIN LATERAL (
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 1 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'CALLBACK' AND l.next_attempt_at <= ${now}
          ORDER BY l.next_attempt_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) callbacks
        UNION ALL
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 2 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'READY' AND l.next_attempt_at IS NULL
          ORDER BY l.created_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) fresh
        UNION ALL
        SELECT * FROM (
          SELECT l.id, l.tenant_id, ${nextNumber} AS phone, l.name, 3 AS pass FROM leads l
          WHERE ${callableLead} AND l.status = 'READY' AND l.next_attempt_at <= ${now}
          ORDER BY l.next_attempt_at, l.id LIMIT r.n FOR UPDATE OF l SKIP LOCKED) retries
        LIMIT r.n
      ) x
    ),
    moved AS (
      UPDATE leads SET status = 'DO_NOT_CALL', next_attempt_at = NULL WHERE id IN (SELECT id FROM picked WHERE suppressed) RETURNING id
    ),
    inserted AS (
      INSERT INTO dial_attempts (id, tenant_id, campaign_id, lead_id, call_id, phone, simulated, owner, created_at, callback)
      SELECT gen_random_uuid(), p.tenant_id, p.campaign_id, p.id, gen_random_uuid(), p.phone, ${simulated}, ${owner}, p.granted_at, p.pass = 1
      FROM picked p WHERE NOT p.suppressed ORDER BY p.position
      ON CONFLICT (lead_id) WHERE ended_at IS NULL DO NOTHING
      RETURNING id, call_id, lead_id, created_at
    )
    SELECT p.campaign_id, p.tenant_id, p.id AS lead_id, p.phone, p.name, p.suppressed, i.id AS attempt_id, i.call_id, coalesce(i.created_at, p.granted_at) AS created_at
    FROM picked p LEFT JOIN inserted i ON i.lead_id = p.id
    ORDER BY p.position`.execute(tx.withoutPlugins());
  return rows;
}
