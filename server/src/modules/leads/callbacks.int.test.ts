// GET /leads/callbacks and PATCH /leads/callbacks/:id against the real database: the tenant's leads
// in CALLBACK with their campaign, due first, at most 500; RESCHEDULE, REQUEUE and CANCEL with
// their time rules, audited with before and after; one winner among parallel changes; isolation.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, type Session, type TenantFixture, useTestApp } from '../../../test/harness.ts';
import { auditOf, createCampaignWithQueue, expectStatus, insertLead, storedLead } from '../suppression/test-support.ts';
import type { CallbackLead } from './callbacks.schema.ts';

const t = useTestApp();

let a: TenantFixture;
let b: TenantFixture;
let campaignA: { id: string; name: string };
let campaignB: { id: string; name: string };

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  campaignA = await createCampaignWithQueue(t, a.admin.session, 'Cobrança');
  campaignB = await createCampaignWithQueue(t, b.admin.session, 'Vendas');
});

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const list = async (session: Session) => {
  const response = await t.call('GET', '/leads/callbacks', session);
  expectStatus(response, 200);
  return response.json<CallbackLead[]>();
};
const patch = (session: Session, id: string, body: object) => t.call('PATCH', `/leads/callbacks/${id}`, session, body);
const callback = (tenantId: string, campaignId: string, due: Date | null, phone = '+5511987654321') =>
  insertLead(t, tenantId, campaignId, { phone, status: 'CALLBACK', nextAttemptAt: due, attempts: 2, lastOutcome: 'NO_ANSWER', name: 'Maria' });
let phoneSerial = 0;
const phone = () => `+55119${String(70_000_000 + (phoneSerial += 1)).padStart(8, '0')}`;

describe('GET /leads/callbacks', () => {
  it('lists the tenant’s CALLBACK leads due first, with campaign id and name; not READY leads, other tenants’ or a deleted campaign’s', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const c1 = await createCampaignWithQueue(t, tenant.admin.session, 'Primeira');
    const c2 = await createCampaignWithQueue(t, tenant.admin.session, 'Segunda');
    const later = await callback(tenant.tenant.id, c1.id, hours(5), phone());
    const sooner = await callback(tenant.tenant.id, c2.id, hours(1), phone());
    const untimed = await callback(tenant.tenant.id, c1.id, null, phone());
    await insertLead(t, tenant.tenant.id, c1.id, { phone: phone() });
    await callback(b.tenant.id, campaignB.id, hours(0.5), phone());
    const rows = await list(tenant.admin.session);
    expect(rows.map((row) => row.id)).toEqual([sooner, later, untimed]);
    expect(rows[0]).toEqual({
      id: sooner,
      campaignId: c2.id,
      campaignName: 'Segunda',
      phone: expect.stringMatching(/^\+55119/),
      name: 'Maria',
      status: 'CALLBACK',
      attempts: 2,
      nextAttemptAt: expect.any(String),
      lastOutcome: 'NO_ANSWER',
    });
    expect(rows[1]).toMatchObject({ campaignId: c1.id, campaignName: 'Primeira' });

    expectStatus(await t.call('DELETE', `/campaigns/${c2.id}`, tenant.admin.session), 204);
    expect((await list(tenant.admin.session)).map((row) => row.id)).toEqual([later, untimed]);
    expectError(await patch(tenant.admin.session, sooner, { action: 'REQUEUE' }), 404, 'NOT_FOUND');
  });

  it('returns at most 500 rows, the 500 due first', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const campaign = await createCampaignWithQueue(t, tenant.admin.session);
    await t.db.withTenant(tenant.tenant.id, (tx) =>
      sql`INSERT INTO leads (tenant_id, campaign_id, phone, status, next_attempt_at)
          SELECT ${tenant.tenant.id}::uuid, ${campaign.id}::uuid, '+5511' || (960000000 + n)::text, 'CALLBACK', now() + n * interval '1 minute'
          FROM generate_series(1, 501) AS n`.execute(tx),
    );
    const rows = await list(tenant.admin.session);
    expect(rows).toHaveLength(500);
    expect(rows[0]!.phone).toBe('+5511960000001');
    expect(rows[499]!.phone).toBe('+5511960000500');
  });

  it('needs campaigns.view: an agent is refused', async () => {
    const agent = await createMember(t.app, a.admin.session, 'agent');
    expectError(await t.call('GET', '/leads/callbacks', agent.session), 403, 'FORBIDDEN');
  });
});

describe('PATCH /leads/callbacks/:id', () => {
  it('RESCHEDULE replaces the time (stays CALLBACK), audited as LEAD_CALLBACK_UPDATE with before and after', async () => {
    const due = hours(1);
    const id = await callback(a.tenant.id, campaignA.id, due, phone());
    const next = hours(26);
    const response = await patch(a.admin.session, id, { action: 'RESCHEDULE', nextAttemptAt: next.toISOString() });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ id, campaignId: campaignA.id, campaignName: 'Cobrança', status: 'CALLBACK', nextAttemptAt: next.toISOString() });
    expect(await storedLead(t, id)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: next });
    expect(await auditOf(t, 'LEAD_CALLBACK_UPDATE', id)).toEqual([
      {
        tenantId: a.tenant.id,
        actorUserId: a.admin.id,
        action: 'LEAD_CALLBACK_UPDATE',
        targetType: 'lead',
        targetId: id,
        details: {
          action: 'RESCHEDULE',
          campaignId: campaignA.id,
          before: { status: 'CALLBACK', nextAttemptAt: due.toISOString() },
          after: { status: 'CALLBACK', nextAttemptAt: next.toISOString() },
        },
      },
    ]);
    // A time written with São Paulo's offset is the same instant, answered in UTC.
    const instant = hours(48);
    const written = new Date(instant.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    const offset = await patch(a.admin.session, id, { action: 'RESCHEDULE', nextAttemptAt: written });
    expectStatus(offset, 200);
    expect(offset.json()).toMatchObject({ nextAttemptAt: instant.toISOString() });
  });

  it('REQUEUE moves to READY and CANCEL to DO_NOT_CALL, both clearing the time; CANCEL lists nothing in suppression; then 404', async () => {
    const requeued = await callback(a.tenant.id, campaignA.id, hours(2), phone());
    const cancelledPhone = phone();
    const cancelled = await callback(a.tenant.id, campaignA.id, hours(2), cancelledPhone);
    expect((await patch(a.admin.session, requeued, { action: 'REQUEUE' })).json()).toMatchObject({ status: 'READY', nextAttemptAt: null });
    expect(await storedLead(t, requeued)).toMatchObject({ status: 'READY', nextAttemptAt: null });
    expect((await patch(a.admin.session, cancelled, { action: 'CANCEL' })).json()).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, cancelled)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    const suppressed = await t.call('GET', `/suppression?phone=${encodeURIComponent(cancelledPhone)}`, a.admin.session);
    expect(suppressed.json()).toMatchObject({ total: 0 });
    const audit = await auditOf(t, 'LEAD_CALLBACK_UPDATE', cancelled);
    expect(audit[0]!.details).toMatchObject({ action: 'CANCEL', after: { status: 'DO_NOT_CALL', nextAttemptAt: null } });
    for (const id of [requeued, cancelled]) expectError(await patch(a.admin.session, id, { action: 'REQUEUE' }), 404, 'NOT_FOUND');
  });

  it('refuses bad times and bodies with 400 (before 404), changing nothing', async () => {
    const due = hours(3);
    const id = await callback(a.tenant.id, campaignA.id, due, phone());
    const cases: Array<[object, string]> = [
      [{ action: 'RESCHEDULE' }, 'CALLBACK_TIME_REQUIRED'],
      [{ action: 'RESCHEDULE', nextAttemptAt: hours(-1).toISOString() }, 'CALLBACK_TIME_NOT_IN_FUTURE'],
      [{ action: 'RESCHEDULE', nextAttemptAt: hours(24 * 400).toISOString() }, 'CALLBACK_TIME_TOO_FAR'],
      [{ action: 'REQUEUE', nextAttemptAt: hours(1).toISOString() }, 'CALLBACK_TIME_NOT_ALLOWED'],
      [{ action: 'CANCEL', nextAttemptAt: hours(1).toISOString() }, 'CALLBACK_TIME_NOT_ALLOWED'],
      [{ action: 'RESCHEDULE', nextAttemptAt: 'tomorrow' }, 'VALIDATION_FAILED'],
      [{ action: 'RESCHEDULE', nextAttemptAt: '2026-13-01T10:00:00Z' }, 'VALIDATION_FAILED'],
      // A leap second passes the format but not Date; lower-case T and Z are refused as well.
      [{ action: 'RESCHEDULE', nextAttemptAt: '2026-12-31T23:59:60Z' }, 'VALIDATION_FAILED'],
      [{ action: 'RESCHEDULE', nextAttemptAt: `${hours(5).toISOString().replace('T', 't').replace('Z', 'z')}` }, 'VALIDATION_FAILED'],
      // Without a zone the instant is ambiguous.
      [{ action: 'RESCHEDULE', nextAttemptAt: `${hours(5).toISOString().slice(0, 19)}` }, 'VALIDATION_FAILED'],
      [{ action: 'GIVE_UP' }, 'VALIDATION_FAILED'],
      [{ action: 'REQUEUE', status: 'READY' }, 'VALIDATION_FAILED'],
      [{ action: 'REQUEUE', tenantId: b.tenant.id }, 'VALIDATION_FAILED'],
      [{}, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) expectError(await patch(a.admin.session, id, body), 400, code);
    // The body is judged first: an unknown lead with a past time is a 400 too.
    expectError(await patch(a.admin.session, randomUUID(), { action: 'RESCHEDULE', nextAttemptAt: hours(-1).toISOString() }), 400, 'CALLBACK_TIME_NOT_IN_FUTURE');
    expect(await storedLead(t, id)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: due });
    expect(await auditOf(t, 'LEAD_CALLBACK_UPDATE', id)).toEqual([]);
  });

  it('is a 404 for another tenant’s lead, a lead not in CALLBACK and an unknown id; needs campaigns.update', async () => {
    const theirs = await callback(b.tenant.id, campaignB.id, hours(1), phone());
    const ready = await insertLead(t, a.tenant.id, campaignA.id, { phone: phone() });
    for (const id of [theirs, ready, randomUUID()]) expectError(await patch(a.admin.session, id, { action: 'CANCEL' }), 404, 'NOT_FOUND');
    expect(await storedLead(t, theirs)).toMatchObject({ status: 'CALLBACK' });
    expect(await storedLead(t, ready)).toMatchObject({ status: 'READY' });
    const agent = await createMember(t.app, a.admin.session, 'agent');
    const mine = await callback(a.tenant.id, campaignA.id, hours(1), phone());
    expectError(await patch(agent.session, mine, { action: 'CANCEL' }), 403, 'FORBIDDEN');
    const supervisor = await createMember(t.app, a.admin.session, 'supervisor');
    expectStatus(await patch(supervisor.session, mine, { action: 'CANCEL' }), 200);
  });

  it('parallel REQUEUE and CANCEL of one lead: exactly one wins, the others are 404, one audit row', async () => {
    const id = await callback(a.tenant.id, campaignA.id, hours(1), phone());
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => patch(a.admin.session, id, { action: i % 2 ? 'CANCEL' : 'REQUEUE' })));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 404)).toHaveLength(7);
    const winner = responses.find((response) => response.statusCode === 200)!.json<CallbackLead>();
    expect(await storedLead(t, id)).toMatchObject({ status: winner.status, nextAttemptAt: null });
    expect(await auditOf(t, 'LEAD_CALLBACK_UPDATE', id)).toHaveLength(1);
  });
});
