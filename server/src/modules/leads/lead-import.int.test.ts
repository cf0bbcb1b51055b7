// Lead imports through the HTTP endpoint against the real database (decision 0042): every written
// form of a number, the file's shapes (BOM, CRLF, `;`, quotes, blank lines), duplicates inside the
// file across a batch boundary and against the campaign, suppressed numbers, refused files with
// nothing left behind (one refused after batches were committed), tenant isolation, the imports
// list, the rejected-rows CSV and the leads page (LIST_IMPORT_PROGRESS: lead-import-progress.int.test.ts).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMember, expectError, useTestApp } from '../../../test/harness.ts';
import { LeadImportService } from './lead-import.service.ts';
import type { ListImport } from './leads.schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { leadImportHelpers } from './lead-import.test-support.ts';

const t = useTestApp();
const { call } = t;

const { tenantWithCampaign, newCampaign, upload, imported, expectConsistent, leadsOf, rejectedCsv, mobile, mobileE164, serial } = leadImportHelpers(t);


describe('POST /campaigns/:id/leads/import', () => {
  it('imports every written form of a Brazilian number, refuses the rest with their reason, keeps name and other columns', async () => {
    const a = await tenantWithCampaign();
    const file = [
      '\uFEFFTelefone;Nome;Cidade;CPF',
      '+55 11 91234-5678;"Silva; Ana";São Paulo;123',
      '(11) 92222-3333;Bruno;"Rio; RJ";',
      '',
      '11 93333 4444;Carla;;',
      '021 11 94444-5555;Davi;Campinas;',
      '(11) 3333-4444;Loja;Centro;',
      '21 2555-1234;Escritório;Rio;',
      'abc;Letras;;',
      '+1 212 555 0100;Foreign;;',
      '12345;Curto;;',
      ';Sem número;;',
      '0800 123 4567;Serviço;;',
      '=1+1;Fórmula;;',
      '',
    ].join('\r\n');
    const result = await imported(a.session, a.campaignId, file);
    expect(result).toMatchObject({ total: 12, valid: 6, invalid: 6, duplicates: 0, imported: 6, suppressed: 0 });
    await expectConsistent(a.tenant.id, result);
    const leads = await leadsOf(a.tenant.id, a.campaignId);
    expect(leads.map((lead) => lead.phone)).toEqual(['+551133334444', '+5511912345678', '+5511922223333', '+5511933334444', '+5511944445555', '+552125551234']);
    const ana = leads.find((lead) => lead.phone === '+5511912345678')!;
    expect(ana).toMatchObject({ name: 'Silva; Ana', status: 'READY', attempts: 0, data: { Cidade: 'São Paulo', CPF: '123' }, importId: result.importId });
    expect(leads.find((lead) => lead.phone === '+5511922223333')!.data).toEqual({ Cidade: 'Rio; RJ', CPF: '' });
    // Row numbers are lines of the file (the header is 1, the blank line 4 counts).
    expect(await rejectedCsv(a.session, a.campaignId, result.importId)).toBe(
      [
        '\uFEFFTelefone;Nome;Cidade;CPF;Motivo da recusa',
        'abc;Letras;;;Telefone com letras (linha 9)',
        "'+1 212 555 0100;Foreign;;;Telefone fora do Brasil (linha 10)",
        '12345;Curto;;;Telefone curto demais (linha 11)',
        ';Sem número;;;Telefone vazio (linha 12)',
        '0800 123 4567;Serviço;;;Telefone inválido (linha 13)',
        "'=1+1;Fórmula;;;Telefone inválido (linha 14)",
        '',
      ].join('\r\n'),
    );
  });

  it('duplicates inside the file on each side of a batch boundary (rows 1000/1001) and against the campaign’s leads; a second import is all duplicates', async () => {
    const a = await tenantWithCampaign();
    // Data rows 1..2500 on lines 2..2501; data row 1000 and 1001 share a number, as do 5 and 2400.
    const numbers = Array.from({ length: 2500 }, (_, index) => mobile(index + 1));
    numbers[1000] = numbers[999]!;
    numbers[2399] = numbers[4]!;
    const file = `phone,name\n${numbers.map((number, index) => `${number},Lead ${index + 1}`).join('\n')}\n`;
    const first = await imported(a.session, a.campaignId, file);
    expect(first).toMatchObject({ total: 2500, valid: 2500, invalid: 0, duplicates: 2, imported: 2498, suppressed: 0 });
    await expectConsistent(a.tenant.id, first);
    expect(await rejectedCsv(a.session, a.campaignId, first.importId)).toBe(`\uFEFFphone;name;Motivo da recusa\r\n${numbers[999]};Lead 1001;Número repetido (linha 1002)\r\n${numbers[4]};Lead 2400;Número repetido (linha 2401)\r\n`);
    // The first of each pair was kept, with its own name.
    const kept = (await leadsOf(a.tenant.id, a.campaignId)).filter((lead) => lead.phone === mobileE164(1000) || lead.phone === mobileE164(5));
    expect(kept.map((lead) => lead.name).sort()).toEqual(['Lead 1000', 'Lead 5']);

    const again = await imported(a.session, a.campaignId, file);
    expect(again).toMatchObject({ total: 2500, valid: 2500, invalid: 0, duplicates: 2500, imported: 0, suppressed: 0 });
    await expectConsistent(a.tenant.id, again);
    expect((await leadsOf(a.tenant.id, a.campaignId)).length).toBe(2498);

    // The same number written another way is the same lead.
    const otherForm = await imported(a.session, a.campaignId, `telefone\n+55 11 98001-0001\n5511980010001\n(11) 3000-0000\n`);
    expect(otherForm).toMatchObject({ total: 3, duplicates: 2, imported: 1 });
  });

  it('numbers on the tenant’s suppression list come in as DO_NOT_CALL and are counted as suppressed', async () => {
    const a = await tenantWithCampaign();
    const b = await tenantWithCampaign();
    await t.db.withTenant(a.tenant.id, (tx) => tx.insertInto('suppressionEntries').values({ tenantId: a.tenant.id, phone: '+5511912345678', source: 'MANUAL' }).execute());
    // Another tenant's list does not apply here.
    await t.db.withTenant(b.tenant.id, (tx) => tx.insertInto('suppressionEntries').values({ tenantId: b.tenant.id, phone: '+5511922223333', source: 'MANUAL' }).execute());
    const result = await imported(a.session, a.campaignId, 'phone\n11 91234-5678\n11 92222-3333\n');
    expect(result).toMatchObject({ total: 2, valid: 2, imported: 2, suppressed: 1 });
    await expectConsistent(a.tenant.id, result);
    const statuses = Object.fromEntries((await leadsOf(a.tenant.id, a.campaignId)).map((lead) => [lead.phone, lead.status]));
    expect(statuses).toEqual({ '+5511912345678': 'DO_NOT_CALL', '+5511922223333': 'READY' });
  });

  it('moves a DRAFT campaign to READY (audited, published) and takes leads into a COMPLETED one; a STOPPED one refuses them', async () => {
    const a = await tenantWithCampaign();
    expect((await call('GET', `/campaigns/${a.campaignId}`, a.session)).json<{ status: string }>().status).toBe('DRAFT');
    await imported(a.session, a.campaignId, 'phone\n11 91234-5678\n');
    expect((await call('GET', `/campaigns/${a.campaignId}`, a.session)).json<{ status: string }>().status).toBe('READY');
    const audit = await t.db.withTenant(a.tenant.id, (tx) => tx.selectFrom('auditLog').select(['action', 'details']).where('targetId', '=', a.campaignId).orderBy('createdAt').execute());
    expect(audit.map((row) => row.action).sort()).toEqual(['CAMPAIGN_CREATED', 'CAMPAIGN_STATUS_CHANGED', 'LEADS_IMPORTED']);
    expect(audit.find((row) => row.action === 'CAMPAIGN_STATUS_CHANGED')!.details).toEqual({ from: 'DRAFT', to: 'READY', cause: 'leads' });

    // Only suppressed numbers: nothing to dial, the campaign stays a DRAFT (the plan allows 2 campaigns a tenant).
    const draft = await newCampaign(a.session);
    await t.db.withTenant(a.tenant.id, (tx) => tx.insertInto('suppressionEntries').values({ tenantId: a.tenant.id, phone: '+5511955556666', source: 'MANUAL' }).execute());
    await imported(a.session, draft, 'phone\n11 95555-6666\n');
    expect((await call('GET', `/campaigns/${draft}`, a.session)).json<{ status: string }>().status).toBe('DRAFT');

    const b = await tenantWithCampaign();
    await t.db.withTenant(b.tenant.id, (tx) => tx.updateTable('campaigns').set({ status: 'COMPLETED' }).where('id', '=', b.campaignId).execute());
    await imported(b.session, b.campaignId, 'phone\n11 91234-5678\n');
    expect((await call('GET', `/campaigns/${b.campaignId}`, b.session)).json<{ status: string }>().status).toBe('READY');

    const stopped = await newCampaign(b.session);
    expect((await call('POST', `/campaigns/${stopped}/stop`, b.session)).statusCode).toBe(200);
    expectError(await upload(b.session, stopped, 'phone\n11 91234-5678\n'), 400, 'CAMPAIGN_STOPPED');
    expect(await leadsOf(b.tenant.id, stopped)).toEqual([]);
    expect((await call('GET', `/campaigns/${stopped}/imports`, b.session)).json()).toEqual([]);
  });
});

describe('refused files: 400 with their code and nothing imported', () => {
  const cases: [string, string | Buffer, string][] = [
    ['empty', '', 'EMPTY_FILE'],
    ['only a BOM and blank lines', '\uFEFF\r\n\r\n', 'EMPTY_FILE'],
    ['a header only', 'phone,name\r\n\r\n', 'NO_DATA_ROWS'],
    ['no phone column', 'nome;cidade\nAna;Rio\n', 'NO_PHONE_COLUMN'],
    ['a column twice', 'phone,Phone\n1,2\n', 'DUPLICATE_COLUMN'],
    ['more than 50 columns', `phone,${Array.from({ length: 50 }, (_, index) => `c${index}`).join(',')}\n11912345678\n`, 'TOO_MANY_COLUMNS'],
    ['a value over 1000 characters', `phone,obs\n11912345678,${'x'.repeat(1001)}\n`, 'FIELD_TOO_LONG'],
    ['a NUL byte (binary)', Buffer.concat([Buffer.from('phone\n11912345678\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]), 'BINARY_FILE'],
    ['UTF-8 broken after a UTF-8 character', Buffer.concat([Buffer.from('phone,nome\n11912345678,José\n11912345679,Jos'), Buffer.from([0xe9, 0x0a])]), 'INVALID_ENCODING'],
    ['an unclosed quote', `phone,nome\n11912345678,"Ana\n${'11912345678,x\n'.repeat(6000)}`, 'INVALID_CSV'],
    ['a row with more fields than the header', 'phone,nome\n11912345678,Ana,extra\n', 'INVALID_CSV'],
  ];
  for (const [what, content, code] of cases) {
    it(`${what}: ${code}`, async () => {
      const a = await tenantWithCampaign();
      const response = await upload(a.session, a.campaignId, content);
      expectError(response, 400, code);
      expect(await leadsOf(a.tenant.id, a.campaignId)).toEqual([]);
      const imports = (await call('GET', `/campaigns/${a.campaignId}/imports`, a.session)).json<ListImport[]>();
      expect(imports).toMatchObject([{ status: 'FAILED', errorCode: code, total: 0, imported: 0, fileName: 'leads.csv' }]);
      expect(imports[0]!.finishedAt).not.toBeNull();
      const rejects = await t.db.withTenant(a.tenant.id, (tx) => tx.selectFrom('listImportRejects').select('rowNumber').where('importId', '=', imports[0]!.id).execute());
      expect(rejects).toEqual([]);
    });
  }

  it('not multipart, or the file in another field: FILE_REQUIRED, no import row', async () => {
    const a = await tenantWithCampaign();
    expectError(await call('POST', `/campaigns/${a.campaignId}/leads/import`, a.session, { file: 'phone\n1' }), 400, 'FILE_REQUIRED');
    expectError(await upload(a.session, a.campaignId, 'phone\n11912345678\n', { field: 'csv' }), 400, 'FILE_REQUIRED');
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/campaigns/${a.campaignId}/leads/import`,
      headers: { ...a.session.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nphone\n11912345678\n',
    });
    expect(truncated.statusCode).toBe(400);
    expect(await leadsOf(a.tenant.id, a.campaignId)).toEqual([]);
  });

  it('a file larger than the limit: FILE_TOO_LARGE after its first batches were committed, and they are gone', async () => {
    const a = await tenantWithCampaign();
    const events: Record<string, unknown>[] = [];
    const realtime = { publish: async (_tenant: string, _type: string, payload: Record<string, unknown>) => void events.push(payload) };
    const service = new LeadImportService({ db: t.db, realtime, log: { warn: () => undefined } }, { maxBytes: 64 * 1024 });
    const rows = Array.from({ length: 6000 }, (_, index) => `${serial(index)}\n`);
    const stream = Readable.from([Buffer.from('phone\n'), ...rows.map((row) => Buffer.from(row))]);
    const actor = { userId: a.admin.id, tenantId: a.tenant.id, ip: '127.0.0.1', requestId: randomUUID() };
    const refused = await service.importLeads(actor, a.campaignId, async () => ({ fileName: 'big.csv', stream, bytesExpected: null })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FILE_TOO_LARGE', params: { limitMb: 0.0625 } });
    expect(await leadsOf(a.tenant.id, a.campaignId)).toEqual([]);
    const [row] = (await call('GET', `/campaigns/${a.campaignId}/imports`, a.session)).json<ListImport[]>();
    expect(row).toMatchObject({ status: 'FAILED', errorCode: 'FILE_TOO_LARGE', fileName: 'big.csv' });
    expect(events.filter((event) => event.status === 'RUNNING').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ status: 'FAILED', errorCode: 'FILE_TOO_LARGE', imported: 0 });
  });
});

describe('tenant isolation and reads', () => {
  it('another tenant’s or an unknown campaign is 404 on every route; its leads and imports are invisible', async () => {
    const a = await tenantWithCampaign();
    const b = await tenantWithCampaign();
    const result = await imported(a.session, a.campaignId, 'phone\n11 91234-5678\nabc\n');
    for (const campaignId of [a.campaignId, randomUUID()]) {
      expectError(await upload(b.session, campaignId, 'phone\n11 92222-3333\n'), 404, 'NOT_FOUND');
      expectError(await call('GET', `/campaigns/${campaignId}/leads`, b.session), 404, 'NOT_FOUND');
      expectError(await call('GET', `/campaigns/${campaignId}/imports`, b.session), 404, 'NOT_FOUND');
      expectError(await call('GET', `/campaigns/${campaignId}/imports/${result.importId}`, b.session), 404, 'NOT_FOUND');
      expectError(await call('GET', `/campaigns/${campaignId}/imports/${result.importId}/rejected.csv`, b.session), 404, 'NOT_FOUND');
    }
    // An import of a campaign read through another campaign of the same tenant: not found either.
    expectError(await call('GET', `/campaigns/${b.campaignId}/imports/${result.importId}`, b.session), 404, 'NOT_FOUND');
    expect(await leadsOf(b.tenant.id, a.campaignId)).toEqual([]);
    expect(await t.db.withTenant(b.tenant.id, (tx) => tx.selectFrom('listImports').select('id').execute())).toEqual([]);
    expect((await leadsOf(a.tenant.id, a.campaignId)).length).toBe(1);
  });

  it('permissions: an agent may not import or read; a supervisor may read', async () => {
    const a = await tenantWithCampaign();
    const agent = await createMember(t.app, a.session, 'agent');
    expectError(await upload(agent.session, a.campaignId, 'phone\n11 91234-5678\n'), 403, 'FORBIDDEN');
    expectError(await call('GET', `/campaigns/${a.campaignId}/leads`, agent.session), 403, 'FORBIDDEN');
    const supervisor = await createMember(t.app, a.session, 'supervisor');
    expect((await call('GET', `/campaigns/${a.campaignId}/leads`, supervisor.session)).statusCode).toBe(200);
  });

  it('GET /campaigns/:id/leads pages (default 50, at most 500) and filters by status; imports are listed newest first', async () => {
    const a = await tenantWithCampaign();
    await t.db.withTenant(a.tenant.id, (tx) => tx.insertInto('suppressionEntries').values({ tenantId: a.tenant.id, phone: '+5511980000003', source: 'MANUAL' }).execute());
    const first = await imported(a.session, a.campaignId, `phone,name,uf\n${Array.from({ length: 120 }, (_, index) => `${serial(index)},N${index},SP`).join('\n')}\n`);
    const second = await imported(a.session, a.campaignId, 'phone\n11 91234-5678\n');
    const page = await call('GET', `/campaigns/${a.campaignId}/leads`, a.session);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ items: Record<string, unknown>[]; total: number; page: number; pageSize: number }>();
    expect(body).toMatchObject({ total: 121, page: 1, pageSize: 50 });
    expect(body.items.length).toBe(50);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['attempts', 'campaignId', 'data', 'id', 'lastOutcome', 'name', 'nextAttemptAt', 'phone', 'status']);
    expect(body.items[0]).toMatchObject({ phone: '+5511912345678', data: {}, nextAttemptAt: null, lastOutcome: null, attempts: 0 });
    const third = (await call('GET', `/campaigns/${a.campaignId}/leads?page=3&pageSize=50`, a.session)).json<{ items: unknown[] }>();
    expect(third.items.length).toBe(21);
    const blocked = (await call('GET', `/campaigns/${a.campaignId}/leads?status=DO_NOT_CALL`, a.session)).json<{ items: { phone: string; data: unknown }[]; total: number }>();
    expect(blocked).toMatchObject({ total: 1, items: [{ phone: '+5511980000003', data: { uf: 'SP' } }] });
    for (const query of ['pageSize=501', 'page=0', 'status=NEW', 'pageSize=x']) {
      expectError(await call('GET', `/campaigns/${a.campaignId}/leads?${query}`, a.session), 400, 'VALIDATION_FAILED');
    }
    const imports = (await call('GET', `/campaigns/${a.campaignId}/imports`, a.session)).json<ListImport[]>();
    expect(imports.map((row) => row.id)).toEqual([second.importId, first.importId]);
    expect(imports[1]).toMatchObject({ kind: 'LEADS', campaignId: a.campaignId, status: 'COMPLETED', errorCode: null, total: 120, imported: 120, suppressed: 1, createdBy: a.admin.id, fileName: 'leads.csv' });
    const one = await call('GET', `/campaigns/${a.campaignId}/imports/${first.importId}`, a.session);
    expect(one.json()).toEqual(imports[1]);
    expect(await rejectedCsv(a.session, a.campaignId, first.importId)).toBe('\uFEFFphone;name;uf;Motivo da recusa\r\n');
    expectError(await call('GET', `/campaigns/${a.campaignId}/imports/${randomUUID()}`, a.session), 404, 'NOT_FOUND');
  });
});
