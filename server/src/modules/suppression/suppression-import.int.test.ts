// Whole do-not-call lists through POST /suppression/import against the real database (decision
// 0046): a file of bare numbers, a `;` CSV with a telefone and a ddd column, BOM and CRLF, in-file
// duplicates across the batch boundary and numbers already listed, the tenant's leads of two
// campaigns moved to DO_NOT_CALL, refused files leaving no entry (the leads they moved stay
// DO_NOT_CALL), tenant isolation of imports and entries, the rejected-rows CSV, and
// LIST_IMPORT_PROGRESS (kind SUPPRESSION) on the tenant's socket only.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, type Session, type TenantFixture, useTestApp } from '../../../test/harness.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ListImportProgressPayload } from '../../platform/realtime/import-event-schemas.ts';
import type { ImportResult, ListImport } from '../list-imports/list-imports.schema.ts';
import { SuppressionImportService } from './suppression-import.service.ts';
import { auditOf, createCampaignWithQueue, expectStatus, insertLead, multipartFile, storedLead } from './test-support.ts';
import { expectProgressByBatch } from '../list-imports/test-support.ts';

const t = useTestApp();

const post = async (session: Session, content: string | Buffer, options: { field?: string; fileName?: string } = {}) => {
  const { payload, contentType } = await multipartFile(content, options);
  return t.app.inject({ method: 'POST', url: '/suppression/import', headers: { ...session.auth, 'content-type': contentType }, payload });
};

async function imported(session: Session, content: string | Buffer): Promise<ImportResult> {
  const response = await post(session, content);
  expectStatus(response, 201);
  return response.json<ImportResult>();
}

/** The answer's invariants and the rows behind them: entries of the import, refused rows, the import row. */
async function expectConsistent(tenantId: string, result: ImportResult) {
  expect(result.total).toBe(result.valid + result.invalid);
  expect(result.valid).toBe(result.imported + result.duplicates);
  const stored = await t.db.withTenant(tenantId, async (tx) => ({
    row: await tx.selectFrom('listImports').selectAll().where('id', '=', result.importId).executeTakeFirstOrThrow(),
    entries: await tx.selectFrom('suppressionEntries').select(['source']).where('importId', '=', result.importId).execute(),
    rejects: await tx.selectFrom('listImportRejects').select(['reason']).where('importId', '=', result.importId).execute(),
  }));
  const { importId: _id, ...counters } = result;
  expect(stored.row).toMatchObject({ kind: 'SUPPRESSION', campaignId: null, status: 'COMPLETED', errorCode: null, ...counters });
  expect(stored.entries.length).toBe(result.imported);
  expect(stored.entries.every((entry) => entry.source === 'IMPORT')).toBe(true);
  expect(stored.rejects.length).toBe(result.invalid + result.duplicates);
  expect(stored.rejects.filter((reject) => reject.reason === 'DUPLICATE').length).toBe(result.duplicates);
}

const entriesOf = (tenantId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('suppressionEntries').select(['phone', 'source', 'importId', 'createdBy']).orderBy('phone').execute());

const rejectedCsv = async (session: Session, importId: string) => {
  const response = await t.call('GET', `/suppression/imports/${importId}/rejected.csv`, session);
  expectStatus(response, 200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="rejected-${importId}.csv"`);
  return response.body;
};

const importsOf = async (session: Session) => {
  const response = await t.call('GET', '/suppression/imports', session);
  expectStatus(response, 200);
  return response.json<ListImport[]>();
};

/** index < 10,000,000: distinct São Paulo mobiles 11 97xxxxxxx. */
const numberAt = (index: number) => `1197${String(index).padStart(7, '0')}`;
const e164At = (index: number) => `+55${numberAt(index)}`;

describe('POST /suppression/import', () => {
  it('a file of bare numbers, one a line and no header: the first line is a number like the others', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const tenantId = tenant.id;
    const result = await imported(admin.session, '11 97000-0001\n(11) 97000-0002\n+55 11 97000-0003\n\nabc\n0800 123 4567\n');
    expect(result).toMatchObject({ total: 5, valid: 3, invalid: 2, duplicates: 0, imported: 3, suppressed: 0 });
    await expectConsistent(tenantId, result);
    expect(await entriesOf(tenantId)).toEqual(
      ['+5511970000001', '+5511970000002', '+5511970000003'].map((phone) => ({ phone, source: 'IMPORT', importId: result.importId, createdBy: admin.id })),
    );
    expect(await rejectedCsv(admin.session, result.importId)).toBe('\uFEFFabc;Telefone com letras (linha 5)\r\n0800 123 4567;Telefone inválido (linha 6)\r\n');
    // The entries are the tenant's list like any other: GET /suppression shows them.
    const listed = await t.call('GET', '/suppression', admin.session);
    const list = listed.json<{ total: number; items: { importId: string }[] }>();
    expect(list.total).toBe(3);
    expect(list.items.map((item) => item.importId)).toEqual([result.importId, result.importId, result.importId]);
  });

  it('a `;` CSV with a BOM, CRLF, a Telefone header and a DDD column for numbers written without their area code', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const tenantId = tenant.id;
    const file = [
      '\uFEFFDDD;Telefone;Data de inclusão',
      '11;97000-1001;01/02/2026',
      '21;2555-1234;01/02/2026',
      '31;11 97000-1002;01/02/2026',
      ';97000-1003;01/02/2026',
      '11;"=HYPERLINK(1)";x',
      '',
    ].join('\r\n');
    const result = await imported(admin.session, file);
    expect(result).toMatchObject({ total: 5, valid: 3, invalid: 2, duplicates: 0, imported: 3 });
    await expectConsistent(tenantId, result);
    expect((await entriesOf(tenantId)).map((entry) => entry.phone)).toEqual(['+5511970001001', '+5511970001002', '+552125551234']);
    expect(await rejectedCsv(admin.session, result.importId)).toBe("\uFEFFDDD;Telefone;Data de inclusão;Motivo da recusa\r\n;97000-1003;01/02/2026;Telefone inválido (linha 5)\r\n11;'=HYPERLINK(1);x;Telefone com letras (linha 6)\r\n");
  });

  it('the same list saved by Excel pt-BR as Windows-1252 (decision 0065): read, with its accented header', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const file = Buffer.from('DDD;Telefone;Observação\r\n11;97000-2001;Não ligar\r\n21;2555-2002;Reclamação\r\n', 'latin1');
    const result = await imported(admin.session, file);
    expect(result).toMatchObject({ total: 2, valid: 2, imported: 2, invalid: 0 });
    expect((await entriesOf(tenant.id)).map((entry) => entry.phone)).toEqual(['+5511970002001', '+552125552002']);
  });

  it('in-file duplicates on each side of the batch boundary (rows 1000/1001) and numbers already listed are duplicates; a second import is all duplicates', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const tenantId = tenant.id;
    expectStatus(await t.call('POST', '/suppression', admin.session, { phone: numberAt(7), note: 'manual' }), 201);
    expectStatus(await t.call('POST', '/suppression', admin.session, { phone: numberAt(2000) }), 201);
    // Data rows 1..2500 on lines 2..2501; rows 1000 and 1001 share a number, as do 5 and 2400.
    const numbers = Array.from({ length: 2500 }, (_, index) => numberAt(index + 1));
    numbers[1000] = numbers[999]!;
    numbers[2399] = numbers[4]!;
    const file = `numero\n${numbers.join('\n')}\n`;
    const first = await imported(admin.session, file);
    expect(first).toMatchObject({ total: 2500, valid: 2500, invalid: 0, duplicates: 4, imported: 2496, suppressed: 0 });
    await expectConsistent(tenantId, first);
    expect(await rejectedCsv(admin.session, first.importId)).toBe(
      `\uFEFFnumero;Motivo da recusa\r\n${numberAt(7)};Número repetido (linha 8)\r\n${numberAt(1000)};Número repetido (linha 1002)\r\n${numberAt(2000)};Número repetido (linha 2001)\r\n${numberAt(5)};Número repetido (linha 2401)\r\n`,
    );
    // The entries listed before keep their own source and note.
    const manual = (await entriesOf(tenantId)).find((entry) => entry.phone === e164At(7));
    expect(manual).toMatchObject({ source: 'MANUAL', importId: null });
    expect((await entriesOf(tenantId)).length).toBe(2498);

    const again = await imported(admin.session, file);
    expect(again).toMatchObject({ total: 2500, valid: 2500, invalid: 0, duplicates: 2500, imported: 0, suppressed: 0 });
    await expectConsistent(tenantId, again);
    expect((await entriesOf(tenantId)).length).toBe(2498);
  });

  it('moves the tenant’s READY and CALLBACK leads of every campaign to DO_NOT_CALL, counted as suppressed, audited', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const other = await createTenant(t.app, t.platform);
    const tenantId = tenant.id;
    const [one, two] = [await createCampaignWithQueue(t, admin.session), await createCampaignWithQueue(t, admin.session)];
    const theirCampaign = await createCampaignWithQueue(t, other.admin.session);
    const due = new Date(Date.now() + 3_600_000);
    const ready = await insertLead(t, tenantId, one.id, { phone: e164At(1) });
    const callback = await insertLead(t, tenantId, two.id, { phone: e164At(1), status: 'CALLBACK', nextAttemptAt: due });
    const secondNumber = await insertLead(t, tenantId, two.id, { phone: e164At(2) });
    const completed = await insertLead(t, tenantId, one.id, { phone: e164At(2), status: 'COMPLETED' });
    const notListed = await insertLead(t, tenantId, one.id, { phone: e164At(3) });
    const theirs = await insertLead(t, other.tenant.id, theirCampaign.id, { phone: e164At(1) });
    // Listed already, yet its lead is still READY (imported in the same instant): the import moves it too.
    await t.db.withTenant(tenantId, (tx) => tx.insertInto('suppressionEntries').values({ tenantId, phone: e164At(4), source: 'MANUAL' }).execute());
    const lateLead = await insertLead(t, tenantId, one.id, { phone: e164At(4) });

    const result = await imported(admin.session, `celular\n${numberAt(1)}\n${numberAt(2)}\n${numberAt(4)}\n`);
    expect(result).toMatchObject({ total: 3, valid: 3, invalid: 0, duplicates: 1, imported: 2, suppressed: 4 });
    await expectConsistent(tenantId, result);
    for (const id of [ready, callback, secondNumber, lateLead]) expect(await storedLead(t, id)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, completed)).toMatchObject({ status: 'COMPLETED' });
    expect(await storedLead(t, notListed)).toMatchObject({ status: 'READY' });
    expect(await storedLead(t, theirs)).toMatchObject({ status: 'READY' });

    const { importId, ...counters } = result;
    expect(await auditOf(t, 'SUPPRESSION_IMPORTED', importId)).toEqual([
      { tenantId, actorUserId: admin.id, action: 'SUPPRESSION_IMPORTED', targetType: 'list_import', targetId: importId, details: counters },
    ]);
  });

  it('needs suppression.manage; a body that is not multipart or has no `file` field is FILE_REQUIRED and writes nothing', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await post(agent.session, '11970000001\n'), 403, 'FORBIDDEN');
    for (const path of ['/suppression/imports', `/suppression/imports/${randomUUID()}`, `/suppression/imports/${randomUUID()}/rejected.csv`]) {
      expectError(await t.call('GET', path, agent.session), 403, 'FORBIDDEN');
    }
    expectError(await t.call('POST', '/suppression/import', admin.session, { file: '11970000001' }), 400, 'FILE_REQUIRED');
    expectError(await post(admin.session, '11970000001\n', { field: 'csv' }), 400, 'FILE_REQUIRED');
    expect(await importsOf(admin.session)).toEqual([]);
    expectError(await t.call('GET', '/suppression/imports/not-a-uuid', admin.session), 400, 'VALIDATION_FAILED');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expectStatus(await post(supervisor.session, '11970000001\n'), 201);
  });
});

describe('refused files: 400 with their code, nothing of them listed', () => {
  const cases: [string, string | Buffer, string][] = [
    ['empty', '', 'EMPTY_FILE'],
    ['a BOM and blank lines', '\uFEFF\r\n\r\n', 'EMPTY_FILE'],
    ['a header only', 'telefone\r\n', 'NO_DATA_ROWS'],
    ['neither a header nor a number first', 'nome;cidade\nAna;Rio\n', 'NO_PHONE_COLUMN'],
    ['two number columns', 'telefone,celular\n11970000001,11970000002\n', 'DUPLICATE_COLUMN'],
    ['a NUL byte (binary)', Buffer.concat([Buffer.from('11970000001\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00])]), 'BINARY_FILE'],
    ['UTF-8 broken after a UTF-8 character', Buffer.concat([Buffer.from('número\n11970000001\n'), Buffer.from([0xe9, 0x0a])]), 'INVALID_ENCODING'],
    ['a row with more fields than the first', '11970000001\n11970000002,extra\n', 'INVALID_CSV'],
  ];
  for (const [what, content, code] of cases) {
    it(`${what}: ${code}`, async () => {
      const { admin, tenant } = await createTenant(t.app, t.platform);
      expectError(await post(admin.session, content), 400, code);
      expect(await entriesOf(tenant.id)).toEqual([]);
      const imports = await importsOf(admin.session);
      expect(imports).toMatchObject([{ kind: 'SUPPRESSION', campaignId: null, status: 'FAILED', errorCode: code, total: 0, imported: 0, suppressed: 0, fileName: 'lista.csv' }]);
      expect(imports[0]!.finishedAt).not.toBeNull();
    });
  }

  it('too large after batches were committed: their entries are deleted, the leads they moved stay DO_NOT_CALL and the FAILED import says how many', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const tenantId = tenant.id;
    const campaign = await createCampaignWithQueue(t, admin.session);
    const lead = await insertLead(t, tenantId, campaign.id, { phone: e164At(3) });
    const listedBefore = await insertLead(t, tenantId, campaign.id, { phone: e164At(9_000) });
    expectStatus(await t.call('POST', '/suppression', admin.session, { phone: numberAt(9_000) }), 201);
    const events: Record<string, unknown>[] = [];
    const realtime = { publish: async (_tenant: string, _type: string, payload: Record<string, unknown>) => void events.push(payload) };
    const service = new SuppressionImportService({ db: t.db, realtime, log: { warn: () => undefined } }, { maxBytes: 64 * 1024 });
    const stream = Readable.from(Array.from({ length: 6000 }, (_, index) => Buffer.from(`${numberAt(index)}\n`)));
    const actor = { userId: admin.id, tenantId, ip: '127.0.0.1', requestId: randomUUID() };
    const refused = await service.importList(actor, async () => ({ fileName: 'procon.csv', stream, bytesExpected: null })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect((await entriesOf(tenantId)).map((entry) => entry.phone)).toEqual([e164At(9_000)]);
    expect(await storedLead(t, lead)).toMatchObject({ status: 'DO_NOT_CALL' });
    expect(await storedLead(t, listedBefore)).toMatchObject({ status: 'DO_NOT_CALL' });
    const [row] = await importsOf(admin.session);
    expect(row).toMatchObject({ status: 'FAILED', errorCode: 'FILE_TOO_LARGE', fileName: 'procon.csv', total: 0, valid: 0, duplicates: 0, imported: 0, suppressed: 1 });
    expect(await rejectedCsv(admin.session, row!.id)).toBe('\uFEFF');
    expect(events.filter((event) => event.status === 'RUNNING').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ kind: 'SUPPRESSION', campaignId: null, status: 'FAILED', errorCode: 'FILE_TOO_LARGE', imported: 0, suppressed: 1 });
    expect(await auditOf(t, 'SUPPRESSION_IMPORTED', row!.id)).toEqual([]);
  });
});

describe('tenant isolation and reads', () => {
  let a: TenantFixture;
  let b: TenantFixture;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  });

  it('lists newest first with the campaign imports’ shape; another tenant’s imports and entries are invisible, its import a 404 on every route', async () => {
    const first = await imported(a.admin.session, 'telefone\n11970000001\nabc\n');
    const second = await imported(a.admin.session, '11970000002\n');
    const mine = await importsOf(a.admin.session);
    expect(mine.map((row) => row.id)).toEqual([second.importId, first.importId]);
    expect(Object.keys(mine[1]!).sort()).toEqual(
      ['campaignId', 'createdAt', 'createdBy', 'duplicates', 'errorCode', 'errorParams', 'fileName', 'finishedAt', 'id', 'imported', 'invalid', 'kind', 'status', 'suppressed', 'total', 'valid'].sort(),
    );
    expect(mine[1]).toMatchObject({ kind: 'SUPPRESSION', campaignId: null, fileName: 'lista.csv', status: 'COMPLETED', errorCode: null, total: 2, valid: 1, invalid: 1, imported: 1, createdBy: a.admin.id });
    const one = await t.call('GET', `/suppression/imports/${first.importId}`, a.admin.session);
    expectStatus(one, 200);
    expect(one.json()).toEqual(mine[1]);
    expect(await rejectedCsv(a.admin.session, first.importId)).toBe('\uFEFFtelefone;Motivo da recusa\r\nabc;Telefone com letras (linha 3)\r\n');

    expect(await importsOf(b.admin.session)).toEqual([]);
    expect(await entriesOf(b.tenant.id)).toEqual([]);
    for (const importId of [first.importId, randomUUID()]) {
      expectError(await t.call('GET', `/suppression/imports/${importId}`, b.admin.session), 404, 'NOT_FOUND');
      expectError(await t.call('GET', `/suppression/imports/${importId}/rejected.csv`, b.admin.session), 404, 'NOT_FOUND');
    }
    // The same number on both lists: each tenant's import lists its own.
    expect(await imported(b.admin.session, '11970000001\n')).toMatchObject({ imported: 1, duplicates: 0 });
  });

  it('a campaign’s lead import is not read as a suppression import, and the reverse', async () => {
    const campaign = await createCampaignWithQueue(t, a.admin.session);
    const { payload, contentType } = await multipartFile('phone\n11 96000-0001\n');
    const leads = await t.app.inject({ method: 'POST', url: `/campaigns/${campaign.id}/leads/import`, headers: { ...a.admin.session.auth, 'content-type': contentType }, payload });
    expectStatus(leads, 201);
    const leadImport = leads.json<ImportResult>().importId;
    expectError(await t.call('GET', `/suppression/imports/${leadImport}`, a.admin.session), 404, 'NOT_FOUND');
    expect((await importsOf(a.admin.session)).map((row) => row.id)).not.toContain(leadImport);
    const [latest] = await importsOf(a.admin.session);
    expectError(await t.call('GET', `/campaigns/${campaign.id}/imports/${latest!.id}`, a.admin.session), 404, 'NOT_FOUND');
  });
});

describe('LIST_IMPORT_PROGRESS of a suppression import', () => {
  const sockets: Socket[] = [];
  let url: string;
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sockets.forEach((socket) => socket.disconnect()));

  /** The LIST_IMPORT_PROGRESS events a tenant's socket receives. */
  async function progressOf(session: Session): Promise<Record<string, unknown>[]> {
    const socket = connect(url, { auth: { token: session.accessToken }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const received: Record<string, unknown>[] = [];
    socket.on('LIST_IMPORT_PROGRESS', (event: Record<string, unknown>) => received.push(event));
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    return received;
  }

  it('one per committed batch then COMPLETED, kind SUPPRESSION and no campaign, to the tenant’s room only', async () => {
    const [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
    const [mine, theirs] = await Promise.all([progressOf(a.admin.session), progressOf(b.admin.session)]);
    const result = await imported(a.admin.session, `${Array.from({ length: 2100 }, (_, index) => numberAt(index)).join('\n')}\nabc\n`);
    for (let waited = 0; waited < 5000 && !mine.some((event) => event.status === 'COMPLETED'); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const { type: _type, tenantId: _tenant, at: _at, ...payload } of mine) expect(Value.Check(ListImportProgressPayload, payload), JSON.stringify(payload)).toBe(true);
    expectProgressByBatch(mine, [1000, 1000, 101], { total: 2101, imported: 2100 });
    expect(mine.at(-1)).toMatchObject({ tenantId: a.tenant.id, importId: result.importId, kind: 'SUPPRESSION', campaignId: null, rowsRead: 2101, invalid: 1, errorCode: null });
    expect(theirs).toEqual([]);
  });
});
