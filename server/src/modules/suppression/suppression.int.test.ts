// The suppression list against the real database: numbers normalized like leads, one per tenant,
// the tenant's dialable leads moved with an added number in the same transaction, removal only with
// a reason, both audited in the tenant's own log; isolation between tenants; parallel adds.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, type Session, type TenantFixture, useTestApp } from '../../../test/harness.ts';
import { suppressNumbers } from './suppression.repo.ts';
import type { SuppressionCreated, SuppressionList } from './suppression.schema.ts';
import { auditOf, createCampaignWithQueue, expectStatus, insertLead, storedLead } from './test-support.ts';

const t = useTestApp();

let a: TenantFixture;
let b: TenantFixture;
let campaignsA: [string, string];
let campaignB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  campaignsA = [(await createCampaignWithQueue(t, a.admin.session)).id, (await createCampaignWithQueue(t, a.admin.session)).id];
  campaignB = (await createCampaignWithQueue(t, b.admin.session)).id;
});

/** A number nobody else in this file uses: +55 11 9xxxx-xxxx. */
let serial = 0;
const freshMobile = () => {
  serial += 1;
  const digits = String(10_000_000 + ((Date.now() % 1_000_000) * 37 + serial * 7919) % 89_999_999).slice(0, 8);
  return { e164: `+55119${digits}`, written: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}` };
};

const add = (session: Session, body: object) => t.call('POST', '/suppression', session, body);
const list = async (session: Session, query = '') => {
  const response = await t.call('GET', `/suppression${query}`, session);
  expectStatus(response, 200);
  return response.json<SuppressionList>();
};
const remove = (session: Session, id: string, body?: object) => t.call('DELETE', `/suppression/${id}`, session, body);

describe('POST /suppression', () => {
  it('normalizes the number, moves the tenant’s READY and CALLBACK leads of every campaign to DO_NOT_CALL and says how many, audited', async () => {
    const phone = freshMobile();
    const due = new Date(Date.now() + 3_600_000);
    const ready = await insertLead(t, a.tenant.id, campaignsA[0], { phone: phone.e164 });
    const callback = await insertLead(t, a.tenant.id, campaignsA[1], { phone: phone.e164, status: 'CALLBACK', nextAttemptAt: due });
    const completed = await insertLead(t, a.tenant.id, campaignsA[1], { phone: freshMobile().e164, status: 'COMPLETED' });
    const otherNumber = await insertLead(t, a.tenant.id, campaignsA[0], { phone: freshMobile().e164 });
    const otherTenant = await insertLead(t, b.tenant.id, campaignB, { phone: phone.e164 });

    const response = await add(a.admin.session, { phone: phone.written, note: '  Procon  ' });
    expectStatus(response, 201);
    const created = response.json<SuppressionCreated>();
    expect(created).toMatchObject({ phone: phone.e164, source: 'MANUAL', note: 'Procon', importId: null, createdBy: a.admin.id, leadsMoved: 2 });
    expect(await storedLead(t, ready)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, callback)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, completed)).toMatchObject({ status: 'COMPLETED' });
    expect(await storedLead(t, otherNumber)).toMatchObject({ status: 'READY' });
    expect(await storedLead(t, otherTenant)).toMatchObject({ status: 'READY' });

    const audit = await auditOf(t, 'SUPPRESSION_ADD', created.id);
    expect(audit).toEqual([
      {
        tenantId: a.tenant.id,
        actorUserId: a.admin.id,
        action: 'SUPPRESSION_ADD',
        targetType: 'suppression_entry',
        targetId: created.id,
        details: { phone: phone.e164, source: 'MANUAL', leadsMoved: 2, note: 'Procon' },
      },
    ]);
    // The row is the tenant's own: another tenant's log does not show the number.
    const theirLog = await t.call('GET', '/audit?pageSize=200', b.admin.session);
    expectStatus(theirLog, 200);
    expect(theirLog.body).not.toContain(phone.e164);
    expect((await t.call('GET', '/audit?pageSize=200', a.admin.session)).body).toContain(phone.e164);
  });

  it('a number already listed (any written form) is 409 ALREADY_EXISTS and changes nothing; another tenant may list it', async () => {
    const phone = freshMobile();
    expectStatus(await add(a.admin.session, { phone: phone.e164 }), 201);
    const lead = await insertLead(t, a.tenant.id, campaignsA[0], { phone: phone.e164 });
    const again = await add(a.admin.session, { phone: `0${phone.e164.slice(3)}` });
    expectError(again, 409, 'ALREADY_EXISTS');
    expect(again.json()).toMatchObject({ params: { subject: 'suppressedPhone', value: phone.e164 } });
    expect(await storedLead(t, lead)).toMatchObject({ status: 'READY' });
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phone.e164)}`)).total).toBe(1);
    expectStatus(await add(b.admin.session, { phone: phone.written }), 201);
  });

  it('refuses numbers that are not Brazilian with 400 INVALID_PHONE naming why, and hostile bodies; nothing is written', async () => {
    const before = await list(a.admin.session);
    for (const [phone, reason] of [
      ['abc-def', 'LETTERS'],
      ['+1 212 555 0100', 'FOREIGN'],
      ['1234', 'TOO_SHORT'],
      ['0800 123 4567', 'INVALID'],
      ['   ', 'EMPTY'],
    ] as const) {
      const response = await add(a.admin.session, { phone });
      expectError(response, 400, 'INVALID_PHONE');
      expect(response.json()).toMatchObject({ params: { reason } });
    }
    for (const body of [{}, { phone: freshMobile().e164, tenantId: b.tenant.id }, { phone: freshMobile().e164, source: 'IMPORT' }, { phone: freshMobile().e164, note: 'x'.repeat(501) }, { phone: '1'.repeat(41) }]) {
      expectError(await add(a.admin.session, body), 400, 'VALIDATION_FAILED');
    }
    expect((await list(a.admin.session)).total).toBe(before.total);
  });

  it('every form Brazilians write one number in is the same entry: trunk and carrier prefixes, 0055, dots', async () => {
    const phone = freshMobile();
    const digits = phone.e164.slice(3);
    expectStatus(await add(a.admin.session, { phone: `0 15 ${digits.slice(0, 2)} ${digits.slice(2)}` }), 201);
    for (const written of [phone.written, `0055 ${digits}`, `55${digits}`, `${digits.slice(0, 2)}.${digits.slice(2, 7)}.${digits.slice(7)}`, `+55 (${digits.slice(0, 2)}) ${digits.slice(2)}`]) {
      const again = await add(a.admin.session, { phone: written });
      expectError(again, 409, 'ALREADY_EXISTS');
      expect(again.json(), written).toMatchObject({ params: { value: phone.e164 } });
    }
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(`0${digits}`)}`)).items.map((item) => item.phone)).toEqual([phone.e164]);
  });

  it('parallel adds of one number: exactly one 201, the others 409', async () => {
    const phone = freshMobile();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => add(a.admin.session, { phone: i % 2 ? phone.written : phone.e164 })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phone.written)}`)).total).toBe(1);
  });

  it('needs suppression.manage: an agent is refused (403)', async () => {
    const agent = await createMember(t.app, a.admin.session, 'agent');
    expectError(await add(agent.session, { phone: freshMobile().e164 }), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/suppression', agent.session), 403, 'FORBIDDEN');
    const supervisor = await createMember(t.app, a.admin.session, 'supervisor');
    expectStatus(await add(supervisor.session, { phone: freshMobile().e164 }), 201);
  });
});

describe('GET /suppression', () => {
  it('pages newest first with the contract’s shape, filters by a number in any written form, and shows only the tenant’s own', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const phones = Array.from({ length: 5 }, freshMobile);
    for (const phone of phones) expectStatus(await add(tenant.admin.session, { phone: phone.e164 }), 201);
    const first = await list(tenant.admin.session, '?pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.phone)).toEqual([phones[4]!.e164, phones[3]!.e164]);
    const last = await list(tenant.admin.session, '?pageSize=2&page=3');
    expect(last.items.map((item) => item.phone)).toEqual([phones[0]!.e164]);
    expect(await list(tenant.admin.session)).toMatchObject({ total: 5, page: 1, pageSize: 50 });

    const filtered = await list(tenant.admin.session, `?phone=${encodeURIComponent(phones[2]!.written)}`);
    expect(filtered.items.map((item) => item.phone)).toEqual([phones[2]!.e164]);
    expect(filtered.total).toBe(1);
    // Tenant a's numbers are not tenant's, and the reverse.
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phones[2]!.e164)}`)).total).toBe(0);

    expectError(await t.call('GET', '/suppression?phone=abc', tenant.admin.session), 400, 'INVALID_PHONE');
    for (const query of ['?pageSize=501', '?page=0', '?pageSize=0', '?phone=']) {
      expectError(await t.call('GET', `/suppression${query}`, tenant.admin.session), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('DELETE /suppression/:id', () => {
  it('needs a reason (400 without one), is a 404 for another tenant’s entry, and removes with the reason audited; leads stay DO_NOT_CALL', async () => {
    const phone = freshMobile();
    const lead = await insertLead(t, a.tenant.id, campaignsA[0], { phone: phone.e164 });
    const entry = (await add(a.admin.session, { phone: phone.e164 })).json<SuppressionCreated>();
    expect(entry.leadsMoved).toBe(1);

    expectError(await remove(a.admin.session, entry.id), 400, 'VALIDATION_FAILED');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', id: entry.id }]) {
      expectError(await remove(a.admin.session, entry.id, body), 400, 'VALIDATION_FAILED');
    }
    expectError(await remove(b.admin.session, entry.id, { reason: 'not yours' }), 404, 'NOT_FOUND');
    expectError(await remove(a.admin.session, randomUUID(), { reason: 'unknown' }), 404, 'NOT_FOUND');
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phone.e164)}`)).total).toBe(1);
    expect(await auditOf(t, 'SUPPRESSION_REMOVE', entry.id)).toEqual([]);

    expectStatus(await remove(a.admin.session, entry.id, { reason: ' Customer asked to be called again ' }), 204);
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phone.e164)}`)).total).toBe(0);
    expect(await storedLead(t, lead)).toMatchObject({ status: 'DO_NOT_CALL' });
    expect(await auditOf(t, 'SUPPRESSION_REMOVE', entry.id)).toEqual([
      {
        tenantId: a.tenant.id,
        actorUserId: a.admin.id,
        action: 'SUPPRESSION_REMOVE',
        targetType: 'suppression_entry',
        targetId: entry.id,
        details: { phone: phone.e164, source: 'MANUAL', reason: 'Customer asked to be called again' },
      },
    ]);
    expectError(await remove(a.admin.session, entry.id, { reason: 'again' }), 404, 'NOT_FOUND');
    // Listed again, it is a new entry.
    expectStatus(await add(a.admin.session, { phone: phone.e164 }), 201);
  });

  it('takes the reason from ?reason= on a DELETE with no body and no Content-Type (issue 19, item 29)', async () => {
    const phone = freshMobile();
    const entry = (await add(a.admin.session, { phone: phone.e164 })).json<SuppressionCreated>();
    const bare = (query: string) => t.app.inject({ method: 'DELETE', url: `/suppression/${entry.id}${query}`, headers: a.admin.session.auth });
    for (const query of ['', '?reason=', '?reason=%20%20', `?reason=${'x'.repeat(501)}`]) expectError(await bare(query), 400, 'VALIDATION_FAILED');
    // Both places, saying different things: which one the audit log should keep is not guessed.
    expectError(await remove(a.admin.session, `${entry.id}?reason=one`, { reason: 'two' }), 400, 'VALIDATION_FAILED');
    expect(await auditOf(t, 'SUPPRESSION_REMOVE', entry.id)).toEqual([]);

    const response = await bare(`?reason=${encodeURIComponent('Asked by phone ')}`);
    expectStatus(response, 204);
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(phone.e164)}`)).total).toBe(0);
    expect(await auditOf(t, 'SUPPRESSION_REMOVE', entry.id)).toEqual([expect.objectContaining({ details: { phone: phone.e164, source: 'MANUAL', reason: 'Asked by phone' } })]);
  });
});

describe('suppressNumbers (for the CSV imports)', () => {
  it('adds many numbers in one statement, counts the ones already listed and the leads moved, keeps existing entries as they were', async () => {
    const [one, two, three] = [freshMobile(), freshMobile(), freshMobile()];
    expectStatus(await add(a.admin.session, { phone: one.e164, note: 'kept' }), 201);
    const lead2 = await insertLead(t, a.tenant.id, campaignsA[0], { phone: two.e164, status: 'CALLBACK', nextAttemptAt: new Date(Date.now() + 60_000) });
    const lead3 = await insertLead(t, a.tenant.id, campaignsA[1], { phone: three.e164 });
    const theirs = await insertLead(t, b.tenant.id, campaignB, { phone: three.e164 });
    const result = await t.db.withTenant(a.tenant.id, (tx) =>
      suppressNumbers(tx, a.tenant.id, [one.e164, two.e164, three.e164, two.e164], { source: 'IMPORT', createdBy: a.admin.id }),
    );
    expect(result).toEqual({ added: 2, alreadySuppressed: 1, leadsMoved: 2 });
    expect(await storedLead(t, lead2)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, lead3)).toMatchObject({ status: 'DO_NOT_CALL' });
    expect(await storedLead(t, theirs)).toMatchObject({ status: 'READY' });
    const entries = await list(a.admin.session, `?phone=${encodeURIComponent(one.e164)}`);
    expect(entries.items[0]).toMatchObject({ source: 'MANUAL', note: 'kept' });
    expect((await list(a.admin.session, `?phone=${encodeURIComponent(two.e164)}`)).items[0]).toMatchObject({ source: 'IMPORT', createdBy: a.admin.id });
    await expect(t.db.withTenant(a.tenant.id, (tx) => suppressNumbers(tx, a.tenant.id, ['11987654321'], { source: 'IMPORT' }))).rejects.toThrow(/E\.164/);
    // Parallel batches with the same numbers in opposite orders: no deadlock, each number listed once.
    const batch = Array.from({ length: 1000 }, () => freshMobile().e164);
    const results = await Promise.all(
      [batch, [...batch].reverse(), batch, [...batch].reverse()].map((phones) =>
        t.db.withTenant(a.tenant.id, (tx) => suppressNumbers(tx, a.tenant.id, phones, { source: 'IMPORT' })),
      ),
    );
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(1000);
    expect(await t.db.withTenant(a.tenant.id, (tx) => suppressNumbers(tx, a.tenant.id, [], { source: 'IMPORT' }))).toEqual({ added: 0, alreadySuppressed: 0, leadsMoved: 0 });
  });
});
