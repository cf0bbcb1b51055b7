// The lead-import tests' fixtures: a tenant with a campaign, multipart uploads through the app, and
// the invariants an import's answer must keep with the rows behind it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createTenant, type Session, type TenantFixture, type useTestApp } from '../../../test/harness.ts';
import type { ImportResult } from './leads.schema.ts';

export interface Fixture extends TenantFixture {
  session: Session;
  campaignId: string;
}

export function leadImportHelpers(t: ReturnType<typeof useTestApp>) {
  const { call } = t;
  async function tenantWithCampaign(): Promise<Fixture> {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const queueId = await t.createId('/queues', session, { name: 'Vendas' });
    const trunkId = await t.createId('/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' });
    const campaignId = await newCampaign(session, queueId, trunkId);
    return { ...fixture, session, campaignId };
  }

  const newCampaign = async (session: Session, queueId?: string, trunkId?: string) => {
    if (!queueId || !trunkId) {
      const campaigns = (await call('GET', '/campaigns', session)).json<{ queueId: string; trunkId: string }[]>();
      queueId = campaigns[0]!.queueId;
      trunkId = campaigns[0]!.trunkId;
    }
    return t.createId('/campaigns', session, { name: `Campanha ${randomUUID().slice(0, 6)}`, queueId, trunkId, pacingMin: 1, pacingMax: 2 });
  };

  function multipart(content: string | Buffer, options: { field?: string; fileName?: string } = {}) {
    const boundary = `----lead${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.fileName ?? 'leads.csv'}"\r\nContent-Type: text/csv\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  const upload = (session: Session, campaignId: string, content: string | Buffer, options: { field?: string; fileName?: string } = {}) => {
    const { payload, contentType } = multipart(content, options);
    return t.app.inject({ method: 'POST', url: `/campaigns/${campaignId}/leads/import`, headers: { ...session.auth, 'content-type': contentType }, payload });
  };

  async function imported(session: Session, campaignId: string, content: string | Buffer): Promise<ImportResult> {
    const response = await upload(session, campaignId, content);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ImportResult>();
  }

  /** The answer's invariants, and the rows behind them (leads of the import, refused rows). */
  async function expectConsistent(tenantId: string, result: ImportResult) {
    expect(result.total).toBe(result.valid + result.invalid);
    expect(result.valid).toBe(result.imported + result.duplicates);
    expect(result.suppressed).toBeLessThanOrEqual(result.imported);
    const stored = await t.db.withTenant(tenantId, async (tx) => ({
      row: await tx.selectFrom('listImports').selectAll().where('id', '=', result.importId).executeTakeFirstOrThrow(),
      leads: await tx.selectFrom('leads').select(['status']).where('importId', '=', result.importId).execute(),
      rejects: await tx.selectFrom('listImportRejects').select(['reason']).where('importId', '=', result.importId).execute(),
    }));
    expect(stored.row).toMatchObject({ status: 'COMPLETED', errorCode: null, total: result.total, valid: result.valid, invalid: result.invalid, duplicates: result.duplicates, imported: result.imported, suppressed: result.suppressed });
    expect(stored.leads.length).toBe(result.imported);
    expect(stored.leads.filter((lead) => lead.status === 'DO_NOT_CALL').length).toBe(result.suppressed);
    expect(stored.rejects.length).toBe(result.invalid + result.duplicates);
    expect(stored.rejects.filter((reject) => reject.reason === 'DUPLICATE').length).toBe(result.duplicates);
  }

  const leadsOf = (tenantId: string, campaignId: string) =>
    t.db.withTenant(tenantId, (tx) => tx.selectFrom('leads').selectAll().where('campaignId', '=', campaignId).orderBy('phone').execute());

  const rejectedCsv = async (session: Session, campaignId: string, importId: string) => {
    const response = await call('GET', `/campaigns/${campaignId}/imports/${importId}/rejected.csv`, session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    return response.body;
  };

  /** Distinct valid mobile numbers of São Paulo, as people write them. */
  const mobile = (index: number) => `(11) 98${String(index).padStart(3, '0').slice(-3)}-${String(index).padStart(7, '0').slice(-4)}`;
  const mobileE164 = (index: number) => `+551198${String(index).padStart(3, '0').slice(-3)}${String(index).padStart(7, '0').slice(-4)}`;
  /** index < 10,000,000: unique 11 98xxxxxxx numbers. */
  const serial = (index: number) => `1198${String(index).padStart(7, '0')}`;

  return { tenantWithCampaign, newCampaign, multipart, upload, imported, expectConsistent, leadsOf, rejectedCsv, mobile, mobileE164, serial };
}
