// Lead files in the encodings spreadsheets save them in (decision 0065), through the HTTP endpoint
// against the real database: Windows-1252 as Excel in pt-BR writes "CSV", UTF-16 with a BOM
// ("Unicode text"), UTF-8 with a BOM ("CSV UTF-8"); a file that is none of them is refused with
// the offset of its first bad byte, and the import history keeps that value for its message.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTenant, expectError, type Session, useTestApp } from '../../../test/harness.ts';
import type { ImportResult, ListImport } from './leads.schema.ts';

const t = useTestApp();

async function tenantWithCampaign() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queueId = await t.createId('/queues', session, { name: 'Vendas' });
  const trunkId = await t.createId('/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' });
  const campaignId = await t.createId('/campaigns', session, {
    name: `Campanha ${randomUUID().slice(0, 6)}`,
    queueId,
    trunkId,
    pacingMin: 1,
    pacingMax: 2,
  });
  return { tenantId: fixture.tenant.id, session, campaignId };
}

const upload = (session: Session, campaignId: string, content: Buffer) => {
  const boundary = `----lead${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: 'POST',
    url: `/campaigns/${campaignId}/leads/import`,
    headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

const leadsOf = (tenantId: string, campaignId: string) =>
  t.db.withTenant(tenantId, (tx) =>
    tx
      .selectFrom('leads')
      .select(['phone', 'name', 'data'])
      .where('campaignId', '=', campaignId)
      .orderBy('phone')
      .execute(),
  );

const text =
  'Nome;Telefone;Cidade\r\nJosé;11 91234-5678;Conceição do Araguaia\r\nAntônia € Ção;(11) 3333-4444;São Paulo\r\n';
const expected = [
  { phone: '+551133334444', name: 'Antônia € Ção', data: { Cidade: 'São Paulo' } },
  { phone: '+5511912345678', name: 'José', data: { Cidade: 'Conceição do Araguaia' } },
];
const utf16be = (value: string) => Buffer.from(value, 'utf16le').swap16();

describe('lead files in the encodings spreadsheets save', () => {
  const files: [string, Buffer][] = [
    // Excel writes "€" as 0x80 in Windows-1252; ISO-8859-1 has no such character.
    ['Windows-1252 (Excel pt-BR "CSV")', Buffer.from(text.replace('€', '\x80'), 'latin1')],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['UTF-8 without a BOM', Buffer.from(text)],
    ['UTF-16 LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['UTF-16 BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
  ];
  for (const [what, bytes] of files) {
    it(`${what}: imported with every accent`, async () => {
      const a = await tenantWithCampaign();
      const response = await upload(a.session, a.campaignId, bytes);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<ImportResult>()).toMatchObject({ total: 2, valid: 2, imported: 2, invalid: 0 });
      expect(await leadsOf(a.tenantId, a.campaignId)).toEqual(expected);
    });
  }

  it('"José;Conceição" in Latin-1: the first byte (1) already not UTF-8', async () => {
    const a = await tenantWithCampaign();
    const response = await upload(
      a.session,
      a.campaignId,
      Buffer.from('José;Conceição\r\n11912345678;Ana\r\n', 'latin1'),
    );
    // Read as text: the refusal is about the columns (no phone column), never the encoding.
    expectError(response, 400, 'NO_PHONE_COLUMN');
  });

  it('UTF-8 broken after a real UTF-8 character: INVALID_ENCODING at the exact byte, kept for the import history', async () => {
    const a = await tenantWithCampaign();
    const head = Buffer.from('telefone;nome\r\n11912345678;João\r\n11912345679;Jos');
    const response = await upload(
      a.session,
      a.campaignId,
      Buffer.concat([head, Buffer.from([0xe9, 0x0d, 0x0a])]),
    );
    expectError(response, 400, 'INVALID_ENCODING');
    expect(response.json<{ params: unknown }>().params).toEqual({ byte: head.length + 1 });
    const imports = (await t.call('GET', `/campaigns/${a.campaignId}/imports`, a.session)).json<
      ListImport[]
    >();
    expect(imports).toMatchObject([
      { status: 'FAILED', errorCode: 'INVALID_ENCODING', errorParams: { byte: head.length + 1 } },
    ]);
    expect(await leadsOf(a.tenantId, a.campaignId)).toEqual([]);
  });
});
