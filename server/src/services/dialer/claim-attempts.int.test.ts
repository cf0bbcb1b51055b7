// The tick's cross-tenant statements (decision 0051) on a real database: one claim for many
// campaigns of many tenants never crosses tenants, never takes more than a campaign's count, never
// a lead already in flight or outside the callable area codes, and keeps lead-order.ts's order;
// today's answered/abandoned counts are kept by day in the campaign's zone; a campaign's snapshot
// version moves with any row its snapshot is read from, and only then (decision 0056).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseUrl } from '../../../test/harness.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { callableDdds } from '../../modules/dialer/calling-hours.ts';
import { callingRulesOf } from './campaign-rules.ts';
import { attemptsInFlight, campaignSnapshots, claimAttempts, countsWaitingForWindow, countToday, listDialableCampaigns, saveTicks, type ClaimRequest } from './dialer.repo.ts';

let db: DatabaseHandles;
let owner: pg.Client;
const NOW = new Date();
const HOUR = 3600_000;

interface Fixture {
  tenantId: string;
  campaignId: string;
  lead: (phone: string, values?: { status?: string; nextAttemptAt?: Date | null; createdAt?: Date }) => Promise<string>;
}

async function tenantWithCampaign(label: string): Promise<Fixture> {
  const tenantId = randomUUID();
  const code = `claim-${label}-${tenantId.slice(0, 6)}`;
  await owner.query(`INSERT INTO tenants (id, code, name, plan_id, telephony_domain) VALUES ($1, $2, 'T', 'trial', $3)`, [tenantId, code, `${code}.claim.test`]);
  const trunk = (await owner.query<{ id: string }>(`INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 'carrier', 'sip.carrier.test') RETURNING id`, [tenantId])).rows[0]!.id;
  const queue = (await owner.query<{ id: string }>(`INSERT INTO queues (tenant_id, name) VALUES ($1, 'fila') RETURNING id`, [tenantId])).rows[0]!.id;
  const campaignId = (
    await owner.query<{ id: string }>(
      `INSERT INTO campaigns (tenant_id, name, queue_id, trunk_id, pacing_min, pacing_max, status) VALUES ($1, 'c', $2, $3, 1, 3, 'RUNNING') RETURNING id`,
      [tenantId, queue, trunk],
    )
  ).rows[0]!.id;
  const lead: Fixture['lead'] = async (phone, values = {}) =>
    (
      await owner.query<{ id: string }>(
        `INSERT INTO leads (tenant_id, campaign_id, phone, status, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [tenantId, campaignId, phone, values.status ?? 'READY', values.nextAttemptAt ?? null, values.createdAt ?? new Date(NOW.getTime() - HOUR)],
      )
    ).rows[0]!.id;
  return { tenantId, campaignId, lead };
}

const request = (fixture: Fixture, count: number, callableDdds = [11, 21]): ClaimRequest => ({
  campaignId: fixture.campaignId,
  tenantId: fixture.tenantId,
  count,
  callableDdds,
  grantedAt: NOW,
});

const inFlight = async (campaignId: string) =>
  (await owner.query<{ lead_id: string; tenant_id: string }>(`SELECT lead_id, tenant_id FROM dial_attempts WHERE campaign_id = $1 AND ended_at IS NULL`, [campaignId])).rows;

beforeAll(async () => {
  db = openTestDatabase();
  owner = new pg.Client({ connectionString: testDatabaseUrl() });
  await owner.connect();
});

afterAll(async () => {
  await owner.end();
  await db.close();
});

describe('claimAttempts: many campaigns of many tenants in one statement', () => {
  it('claims nothing outside the legal hours although the campaign schedule allows 06:00–23:00 every day', async () => {
    const a = await tenantWithCampaign('legal');
    const allDay = [{ start: '06:00', end: '23:00' }];
    const schedule = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, allDay]));
    await owner.query(`UPDATE campaigns SET schedule = $2::jsonb WHERE id = $1`, [a.campaignId, JSON.stringify(schedule)]);
    const lead = await a.lead('+5511900000001');
    const [snapshot] = await campaignSnapshots(db, [a.campaignId]);
    const ddds = (iso: string) => callableDdds(callingRulesOf(snapshot!), new Date(iso));

    // Monday 06:30 and Sunday 10:00 in São Paulo: inside the schedule, outside the law.
    for (const early of ['2026-11-23T06:30:00-03:00', '2026-11-29T10:00:00-03:00']) {
      expect(await claimAttempts(db, [request(a, 1, ddds(early))], NOW, 'claim-test', true)).toEqual([]);
    }
    expect(await inFlight(a.campaignId)).toEqual([]);
    const claimed = await claimAttempts(db, [request(a, 1, ddds('2026-11-23T10:00:00-03:00'))], NOW, 'claim-test', true);
    expect(claimed.map((attempt) => attempt.leadId)).toEqual([lead]);
  });

  it('takes per campaign at most its count, its own leads only, in the order callbacks, fresh oldest first, retries', async () => {
    const a = await tenantWithCampaign('a');
    const b = await tenantWithCampaign('b');
    const callback = await a.lead('+5511900000001', { status: 'CALLBACK', nextAttemptAt: new Date(NOW.getTime() - 60_000) });
    const notYet = await a.lead('+5511900000002', { status: 'CALLBACK', nextAttemptAt: new Date(NOW.getTime() + HOUR) });
    const older = await a.lead('+5521900000003', { createdAt: new Date(NOW.getTime() - 2 * HOUR) });
    const newer = await a.lead('+5511900000004');
    const retry = await a.lead('+5511900000005', { nextAttemptAt: new Date(NOW.getTime() - 60_000) });
    const elsewhere = await a.lead('+5592900000006', { createdAt: new Date(NOW.getTime() - 3 * HOUR) }); // Manaus: not callable here
    const bLeads = [await b.lead('+5511900000001'), await b.lead('+5511900000007'), await b.lead('+5511900000008')];

    const claimed = await claimAttempts(db, [request(a, 3), request(b, 2)], NOW, 'claim-test', true);
    const ofA = claimed.filter((c) => c.campaignId === a.campaignId);
    const ofB = claimed.filter((c) => c.campaignId === b.campaignId);
    expect(ofA.map((c) => c.leadId)).toEqual([callback, older, newer]);
    expect(ofB).toHaveLength(2);
    expect(ofB.every((c) => bLeads.includes(c.leadId) && c.tenantId === b.tenantId)).toBe(true);
    expect(ofA.every((c) => c.tenantId === a.tenantId && c.createdAt.getTime() === NOW.getTime())).toBe(true);
    // The attempts are written with the lead's tenant, one per lead.
    expect((await inFlight(a.campaignId)).map((row) => row.tenant_id)).toEqual([a.tenantId, a.tenantId, a.tenantId]);
    expect(new Set((await inFlight(b.campaignId)).map((row) => row.tenant_id))).toEqual(new Set([b.tenantId]));

    // Next: the leads in flight are skipped; the retry comes last; the future callback and Manaus never.
    const next = await claimAttempts(db, [request(a, 5)], NOW, 'claim-test', true);
    expect(next.map((c) => c.leadId)).toEqual([retry]);
    expect(next.map((c) => c.leadId)).not.toContain(notYet);
    expect(next.map((c) => c.leadId)).not.toContain(elsewhere);
  });

  it('never crosses tenants: a campaign asked with another tenant’s id claims nothing', async () => {
    const a = await tenantWithCampaign('x');
    const b = await tenantWithCampaign('y');
    await a.lead('+5511900000011');
    expect(await claimAttempts(db, [{ ...request(a, 3), tenantId: b.tenantId }], NOW, 'claim-test', true)).toEqual([]);
    expect(await inFlight(a.campaignId)).toEqual([]);
  });

  it('moves suppressed numbers to DO_NOT_CALL and fills their place with the next lead', async () => {
    const a = await tenantWithCampaign('s');
    const suppressed = await a.lead('+5511900000021', { createdAt: new Date(NOW.getTime() - 2 * HOUR) });
    const next = await a.lead('+5511900000022');
    await owner.query(`INSERT INTO suppression_entries (tenant_id, phone, source) VALUES ($1, '+5511900000021', 'MANUAL')`, [a.tenantId]);
    const claimed = await claimAttempts(db, [request(a, 1)], NOW, 'claim-test', true);
    expect(claimed.map((c) => c.leadId)).toEqual([next]);
    expect((await owner.query(`SELECT status FROM leads WHERE id = $1`, [suppressed])).rows[0]).toEqual({ status: 'DO_NOT_CALL' });
  });

  it('two claims at once for the same campaigns never take a lead twice (one attempt in flight per lead)', async () => {
    const a = await tenantWithCampaign('p');
    const b = await tenantWithCampaign('q');
    for (let i = 0; i < 6; i++) {
      await a.lead(`+55119000001${String(i).padStart(2, '0')}`);
      await b.lead(`+55219000001${String(i).padStart(2, '0')}`);
    }
    const runs = await Promise.all(Array.from({ length: 4 }, () => claimAttempts(db, [request(a, 2), request(b, 2)], NOW, 'claim-test', true)));
    for (const run of runs) {
      expect(run.filter((c) => c.campaignId === a.campaignId).length).toBeLessThanOrEqual(2);
      expect(run.filter((c) => c.campaignId === b.campaignId).length).toBeLessThanOrEqual(2);
    }
    const leads = runs.flat().map((c) => c.leadId);
    expect(new Set(leads).size).toBe(leads.length);
    expect(leads).toHaveLength(12);
    const rows = [...(await inFlight(a.campaignId)), ...(await inFlight(b.campaignId))];
    expect(rows).toHaveLength(12);
  });

  it('judges the number the lead dials next (phones in turn, decision 0081): its area code’s window, the window count', async () => {
    const a = await tenantWithCampaign('phones');
    const lead = await a.lead('+5511900000031');
    // One attempt made: the next is the second number, a Manaus landline.
    await owner.query(`UPDATE leads SET phones = ARRAY[phone, '+559233334444'], attempts = 1 WHERE id = $1`, [lead]);
    expect(await claimAttempts(db, [request(a, 1, [11])], NOW, 'claim-test', true)).toEqual([]);
    expect(await countsWaitingForWindow(db, [a.campaignId], [11], NOW)).toEqual(new Map([[a.campaignId, 1]]));
    const [claimed] = await claimAttempts(db, [request(a, 1, [92])], NOW, 'claim-test', true);
    expect(claimed).toMatchObject({ leadId: lead, phone: '+559233334444' });
    const dialed = await owner.query<{ phone: string }>(`SELECT phone FROM dial_attempts WHERE lead_id = $1`, [lead]);
    expect(dialed.rows).toEqual([{ phone: '+559233334444' }]);
  });

  it('asks nothing for a count of 0 or no callable area code', async () => {
    const a = await tenantWithCampaign('z');
    await a.lead('+5511900000031');
    expect(await claimAttempts(db, [request(a, 0), { ...request(a, 2), callableDdds: [] }], NOW, 'claim-test', true)).toEqual([]);
  });
});

describe('countToday', () => {
  it('counts answers and abandons of the campaign’s day; a count of another day reads 0 and restarts at 1', async () => {
    const a = await tenantWithCampaign('d');
    await db.withTenant(a.tenantId, async (tx) => {
      await countToday(tx, a.tenantId, a.campaignId, 'answered');
      await countToday(tx, a.tenantId, a.campaignId, 'answered');
      await countToday(tx, a.tenantId, a.campaignId, 'abandoned');
    });
    expect(await campaignSnapshots(db, [a.campaignId])).toMatchObject([{ answeredToday: 2, abandonedToday: 1 }]);
    await owner.query(`UPDATE campaign_dialer_state SET counts_day = counts_day - 1 WHERE campaign_id = $1`, [a.campaignId]);
    expect(await campaignSnapshots(db, [a.campaignId])).toMatchObject([{ answeredToday: 0, abandonedToday: 0 }]);
    await db.withTenant(a.tenantId, (tx) => countToday(tx, a.tenantId, a.campaignId, 'abandoned'));
    expect(await campaignSnapshots(db, [a.campaignId])).toMatchObject([{ answeredToday: 0, abandonedToday: 1 }]);
  });

  it('versions a campaign’s snapshot: any write to its campaign, tenant, plan, trunk or dialer state moves its version, and only its', async () => {
    const planId = `version-${randomUUID().slice(0, 8)}`;
    await owner.query(`INSERT INTO plans (id, name) VALUES ($1, 'Versions')`, [planId]);
    const a = await tenantWithCampaign('va');
    const b = await tenantWithCampaign('vb');
    await owner.query(`UPDATE tenants SET plan_id = $1 WHERE id = $2`, [planId, a.tenantId]);
    const versions = async () => new Map((await listDialableCampaigns(db)).map((campaign) => [campaign.id, campaign.version]));
    let before = await versions();
    /** Which of a and b have a new version after `change`. */
    const moved = async (change: string, params: unknown[]) => {
      await owner.query(change, params);
      const after = await versions();
      const names = [a, b].filter((fixture) => after.get(fixture.campaignId) !== before.get(fixture.campaignId)).map((fixture) => (fixture === a ? 'a' : 'b'));
      before = after;
      return names;
    };
    expect(await moved(`SELECT $1::text`, ['nothing written'])).toEqual([]);
    expect(await moved(`UPDATE plans SET max_concurrent_calls = 3 WHERE id = $1`, [planId])).toEqual(['a']);
    expect(await moved(`UPDATE tenants SET short_call_threshold = 0.5 WHERE id = $1`, [a.tenantId])).toEqual(['a']);
    expect(await moved(`UPDATE trunks SET cps_limit = 2 WHERE tenant_id = $1`, [a.tenantId])).toEqual(['a']);
    expect(await moved(`UPDATE campaigns SET pacing_max = 2 WHERE id = $1`, [a.campaignId])).toEqual(['a']);
    expect(
      await moved(
        `INSERT INTO campaign_dialer_state (campaign_id, tenant_id, statistics, dial_level, mode, counts_day) VALUES ($1, $2, '{}', 1, 'PROGRESSIVE', (now() AT TIME ZONE 'America/Sao_Paulo')::date)`,
        [b.campaignId, b.tenantId],
      ),
    ).toEqual(['b']);
    expect(await moved(`UPDATE campaign_dialer_state SET answered_today = answered_today + 1 WHERE campaign_id = $1`, [b.campaignId])).toEqual(['b']);
    // What the tick reads of a campaign carries the version it was listed at.
    const [snapshot] = await campaignSnapshots(db, [b.campaignId]);
    expect(snapshot?.version).toBe(before.get(b.campaignId));
    expect(snapshot?.answeredToday).toBe(1);
  });

  it('sums up a campaign’s attempts in flight for pacing: how many, answered and waiting for an agent, and since when the others ring', async () => {
    const a = await tenantWithCampaign('flight');
    const attempt = async (phone: string, values: { createdAt: Date; answeredAt?: Date; connectedAt?: Date; endedAt?: Date }) =>
      owner.query(
        `INSERT INTO dial_attempts (tenant_id, campaign_id, lead_id, call_id, phone, simulated, owner, status, outcome, created_at, answered_at, connected_at, ended_at)
         VALUES ($1, $2, $3, gen_random_uuid(), $4, true, 'test', $5, $6, $7, $8, $9, $10)`,
        [a.tenantId, a.campaignId, await a.lead(phone), phone, values.endedAt ? 'ENDED' : values.answeredAt ? 'ANSWERED' : 'DIALING', values.endedAt ? 'NO_ANSWER' : null, values.createdAt, values.answeredAt ?? null, values.connectedAt ?? null, values.endedAt ?? null],
      );
    const at = (secondsAgo: number) => new Date(NOW.getTime() - secondsAgo * 1000);
    await attempt('+5511990000101', { createdAt: at(12.25) });
    await attempt('+5511990000102', { createdAt: at(30), answeredAt: at(5) });
    await attempt('+5511990000103', { createdAt: at(90), answeredAt: at(80), connectedAt: at(79) });
    await attempt('+5511990000104', { createdAt: at(40), endedAt: at(10) });
    const summary = (await attemptsInFlight(db, [a.campaignId])).get(a.campaignId);
    expect(summary).toEqual({ count: 3, answeredWaiting: 1, ringingSince: [at(12.25).getTime() / 1000] });
    expect((await attemptsInFlight(db, [randomUUID()])).size).toBe(0);
  });

  it('saves a tick’s changed states and minute samples for many tenants at once: a state keeps its statistics, a sample adds up its attempts within the minute', async () => {
    const a = await tenantWithCampaign('save-a');
    const b = await tenantWithCampaign('save-b');
    const minute = new Date('2026-11-25T13:07:00Z');
    const sample = (attempts: number, answerRate: number | null) => ({ minute, dialLevel: 1.5, answerRate, abandonRate: null, callsInFlight: 2, agentsAvailable: 1, agentsBusy: 3, attempts });
    const state = (dialLevel: number) => ({ dialLevel, mode: 'PREDICTIVE' as const, lastDecision: { reasons: ['DIAL_LEVEL'], placed: 2 }, leadsWaitingWindow: 4 });
    await saveTicks(db, [
      { tenantId: a.tenantId, campaignId: a.campaignId, state: state(1.5), sample: sample(2, null) },
      { tenantId: b.tenantId, campaignId: b.campaignId, state: null, sample: sample(1, 0.25) },
    ]);
    await owner.query(`UPDATE campaign_dialer_state SET statistics = '{"outcomes": 7}' WHERE campaign_id = $1`, [a.campaignId]);
    await saveTicks(db, [{ tenantId: a.tenantId, campaignId: a.campaignId, state: state(2.25), sample: sample(3, 0.5) }]);
    const states = (await owner.query(`SELECT campaign_id, dial_level, mode, last_decision, leads_waiting_window, statistics FROM campaign_dialer_state WHERE campaign_id = ANY ($1)`, [[a.campaignId, b.campaignId]])).rows;
    expect(states).toEqual([
      { campaign_id: a.campaignId, dial_level: 2.25, mode: 'PREDICTIVE', last_decision: { reasons: ['DIAL_LEVEL'], placed: 2 }, leads_waiting_window: 4, statistics: { outcomes: 7 } },
    ]);
    const samples = (await owner.query(`SELECT campaign_id, tenant_id, minute, dial_level, answer_rate, abandon_rate, calls_in_flight, agents_available, agents_busy, attempts FROM campaign_dialer_samples WHERE campaign_id = ANY ($1) ORDER BY attempts`, [[a.campaignId, b.campaignId]])).rows;
    expect(samples).toEqual([
      { campaign_id: b.campaignId, tenant_id: b.tenantId, minute, dial_level: 1.5, answer_rate: 0.25, abandon_rate: null, calls_in_flight: 2, agents_available: 1, agents_busy: 3, attempts: 1 },
      { campaign_id: a.campaignId, tenant_id: a.tenantId, minute, dial_level: 1.5, answer_rate: 0.5, abandon_rate: null, calls_in_flight: 2, agents_available: 1, agents_busy: 3, attempts: 5 },
    ]);
  });
});
