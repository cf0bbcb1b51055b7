// The plan's lead quota (decision 0078): an import that would take the tenant past it is refused
// whole (403 LEAD_QUOTA_EXCEEDED, the import's history says why), also when two run at once.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTenant, expectError, type Session, useTestApp } from '../../../test/harness.ts';
import { lockLeadQuota } from '../../platform/quotas/quotas.ts';
import type { ListImport } from './leads.schema.ts';

const t = useTestApp();
const { call } = t;

async function tenantOnPlan(maxLeads: number | null): Promise<{ tenantId: string; session: Session; campaigns: string[] }> {
  const plan = (await call('POST', '/plans', t.platform, { name: `Leads ${randomUUID().slice(0, 6)}`, max_campaigns: 5, max_leads: maxLeads })).json<{ id: string; max_leads: number | null }>();
  expect(plan.max_leads).toBe(maxLeads);
  const { tenant, admin } = await createTenant(t.app, t.platform, { planId: plan.id });
  const queueId = await t.createId('/queues', admin.session, { name: 'Vendas' });
  const trunkId = await t.createId('/trunks', admin.session, { name: 'Operadora', host: 'sip.carrier.example' });
  const campaigns = [];
  for (let i = 0; i < 2; i += 1) {
    campaigns.push(await t.createId('/campaigns', admin.session, { name: `Campanha ${i}`, queueId, trunkId, pacingMin: 1, pacingMax: 2 }));
  }
  return { tenantId: tenant.id, session: admin.session, campaigns };
}

/** `count` distinct mobile numbers from `first` on, one per row. */
const leadFile = (first: number, count: number) =>
  `telefone;nome\n${Array.from({ length: count }, (_, i) => `1199${String(first + i).padStart(7, '0')};Lead ${i}`).join('\n')}\n`;

function upload(session: Session, campaignId: string, content: string) {
  const boundary = `----quota${randomUUID()}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url: `/campaigns/${campaignId}/leads/import`, headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const leadCount = (tenantId: string) =>
  t.db.withTenant(tenantId, async (tx) => (await tx.selectFrom('leads').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow()).count);

describe('lead quota per plan', () => {
  it('refuses a file that would go past the quota, whole, and says why in the history; up to the quota is fine', async () => {
    const a = await tenantOnPlan(1500);
    expect((await upload(a.session, a.campaigns[0]!, leadFile(0, 1000))).json()).toMatchObject({ imported: 1000 });
    // 1000 + 600 > 1500, over two batches: the first batch's 600 rows fit, the file goes past.
    const refused = await upload(a.session, a.campaigns[1]!, leadFile(5000, 1100));
    expectError(refused, 403, 'LEAD_QUOTA_EXCEEDED');
    expect(refused.json().params).toEqual({ limit: 1500 });
    expect(await leadCount(a.tenantId)).toBe(1000);
    const history = (await call('GET', `/campaigns/${a.campaigns[1]}/imports`, a.session)).json<ListImport[]>();
    expect(history).toMatchObject([{ status: 'FAILED', errorCode: 'LEAD_QUOTA_EXCEEDED', errorParams: { limit: 1500 }, imported: 0 }]);

    // Numbers the tenant already has add nothing: a file of duplicates passes at the quota.
    expect((await upload(a.session, a.campaigns[1]!, leadFile(5000, 500))).json()).toMatchObject({ imported: 500 });
    expect(await leadCount(a.tenantId)).toBe(1500);
    expect((await upload(a.session, a.campaigns[1]!, leadFile(5000, 500))).json()).toMatchObject({ imported: 0, duplicates: 500 });
    expectError(await upload(a.session, a.campaigns[0]!, leadFile(9000, 1)), 403, 'LEAD_QUOTA_EXCEEDED');
    expect(await leadCount(a.tenantId)).toBe(1500);
  });

  it('never goes past the quota under parallel imports: 4 of 6 files of 250 fit a quota of 1000', async () => {
    const a = await tenantOnPlan(1000);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(a.session, a.campaigns[i % 2]!, leadFile(i * 1000, 250))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expectError(refused, 403, 'LEAD_QUOTA_EXCEEDED');
    expect(await leadCount(a.tenantId)).toBe(1000);
  });

  it('an import waits for a concurrent lead write of the tenant and counts its leads', async () => {
    const a = await tenantOnPlan(1000);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken = () => {};
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    // Another writer (as an import's batch does) holds the quota and 800 uncommitted leads.
    const writer = t.db.withTenant(a.tenantId, async (tx) => {
      expect(await lockLeadQuota(tx)).toBe(1000);
      const phones = Array.from({ length: 800 }, (_, i) => `+551198${String(i).padStart(7, '0')}`);
      await sql`INSERT INTO leads (tenant_id, campaign_id, phone, status, data)
        SELECT ${a.tenantId}::uuid, ${a.campaigns[1]}::uuid, p, 'READY', '{}'::jsonb FROM unnest(${phones}::text[]) AS p`.execute(tx);
      taken();
      await held;
    });
    await lockTaken;
    const importing = upload(a.session, a.campaigns[0]!, leadFile(0, 250));
    // Without the lock the import would count 0 + 250 now, and both would commit 1050 leads.
    await sleep(500);
    release();
    await writer;
    expectError(await importing, 403, 'LEAD_QUOTA_EXCEEDED');
    expect(await leadCount(a.tenantId)).toBe(800);
  });

  it('a plan without a lead quota takes any number; the platform sees leads against the quota', async () => {
    const unlimited = await tenantOnPlan(null);
    expect((await upload(unlimited.session, unlimited.campaigns[0]!, leadFile(0, 1200))).json()).toMatchObject({ imported: 1200 });
    const limited = await tenantOnPlan(50);
    expect((await upload(limited.session, limited.campaigns[0]!, leadFile(0, 20))).statusCode).toBe(201);
    const quotas = (await call('GET', '/platform/quotas', t.platform)).json<{ tenantId: string; usage: { leads: unknown } }[]>();
    expect(quotas.find((row) => row.tenantId === unlimited.tenantId)?.usage.leads).toEqual({ used: 1200, limit: null, tracked: true });
    expect(quotas.find((row) => row.tenantId === limited.tenantId)?.usage.leads).toEqual({ used: 20, limit: 50, tracked: true });
  });

  it('the seed trial plan ships a quota; the field is edited like the other limits and refuses nonsense', async () => {
    const plans = (await call('GET', '/plans', t.platform)).json<{ id: string; max_leads: number | null }[]>();
    expect(plans.find((plan) => plan.id === 'trial')?.max_leads).toBe(100_000);
    const plan = (await call('POST', '/plans', t.platform, { name: `Edit ${randomUUID().slice(0, 6)}` })).json<{ id: string; max_leads: number | null }>();
    expect(plan.max_leads).toBeNull();
    expect((await call('PATCH', `/plans/${plan.id}`, t.platform, { max_leads: 250 })).json()).toMatchObject({ max_leads: 250 });
    expectError(await call('PATCH', `/plans/${plan.id}`, t.platform, { max_leads: -1 }), 400, 'VALIDATION_FAILED');
    expectError(await call('PATCH', `/plans/${plan.id}`, t.platform, { max_leads: 'many' }), 400, 'VALIDATION_FAILED');
    // Past the column's range, a fraction, a key the plan does not have: refused, the plan unchanged.
    for (const body of [{ max_leads: 2 ** 31 }, { max_leads: 1e12 }, { max_leads: 2.5 }, { max_leads: 10, maxLeads: 10 }])
      expectError(await call('PATCH', `/plans/${plan.id}`, t.platform, body), 400, 'VALIDATION_FAILED');
    expect((await call('GET', '/plans', t.platform)).json<{ id: string; max_leads: number | null }[]>().find((one) => one.id === plan.id)?.max_leads).toBe(250);
  });
});
