// Which columns are a lead's phones (decision 0066), through the HTTP endpoint against the real
// database: the names people give them found without help, several per lead, and the mapping the
// console sends as multipart fields before the file (schema-checked: an unknown field writes nothing).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTenant, expectError, type Session, useTestApp } from '../../../test/harness.ts';
import type { ImportResult, ListImport } from './leads.schema.ts';

const t = useTestApp();

async function tenantWithQueue() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queueId = await t.createId('/queues', session, { name: 'Vendas' });
  const trunkId = await t.createId('/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' });
  const campaign = () =>
    t.createId('/campaigns', session, {
      name: `Campanha ${randomUUID().slice(0, 6)}`,
      queueId,
      trunkId,
      pacingMin: 1,
      pacingMax: 2,
    });
  return { tenantId: fixture.tenant.id, session, campaign };
}

/** A multipart body: text fields (in order, before the file), then the file. */
const upload = (session: Session, campaignId: string, content: string, fields: [string, string][] = []) => {
  const boundary = `----lead${randomUUID()}`;
  const parts = fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/campaigns/${campaignId}/leads/import`,
    headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: parts + file,
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

describe('the phone column found by its name', () => {
  it('celular, telefone1, fone, mobile, whatsapp, tel, Móvel, TELEFONE 2: each is the phone column', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const aliases = ['celular', 'telefone1', 'fone', 'mobile', 'whatsapp', 'tel', 'Móvel', 'TELEFONE 2'];
    // One campaign (the plan allows two): each file brings its own number.
    for (const [index, alias] of aliases.entries()) {
      const response = await upload(
        a.session,
        campaignId,
        `Nome;${alias};Cidade\r\nAna;11 91234-567${index};Rio\r\n`,
      );
      expect(response.statusCode, `${alias}: ${response.body}`).toBe(201);
      expect(response.json<ImportResult>(), alias).toMatchObject({ imported: 1, invalid: 0 });
    }
    const leads = await leadsOf(a.tenantId, campaignId);
    expect(leads.map((lead) => lead.phone)).toEqual(aliases.map((_, index) => `+55119123456${70 + index}`));
    expect(
      leads.every((lead) => lead.name === 'Ana' && JSON.stringify(lead.data) === '{"Cidade":"Rio"}'),
    ).toBe(true);
  });

  it('several phone columns: the first with a value is dialed, the others stay in the lead’s data', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const result = (
      await upload(
        a.session,
        campaignId,
        'nome;celular;telefone\r\nAna;11 91234-5678;11 3333-4444\r\nBia;;11 3333-5555\r\nCid;;\r\n',
      )
    ).json<ImportResult>();
    expect(result).toMatchObject({ total: 3, valid: 2, invalid: 1, imported: 2 });
    expect(await leadsOf(a.tenantId, campaignId)).toEqual([
      { phone: '+551133335555', name: 'Bia', data: { telefone: '11 3333-5555' } },
      { phone: '+5511912345678', name: 'Ana', data: { telefone: '11 3333-4444' } },
    ]);
  });
});

describe('the numbers the dialer tries in turn (leads.phones)', () => {
  it('keeps every phone column’s number that parses, in the mapping’s order, the dialed one first, each once', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const response = await upload(
      a.session,
      campaignId,
      'nome;fixo;celular;recado\r\nAna;(11) 3333-4444;11 91234-5678;ligar depois\r\nBia;;11 91234-0000;(21) 3456-7890\r\nCid;11 3333-1111;11 3333-1111;\r\n',
      [
        ['phoneColumns', 'celular'],
        ['phoneColumns', 'fixo'],
        ['phoneColumns', 'recado'],
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const leads = await t.db.withTenant(a.tenantId, (tx) =>
      tx.selectFrom('leads').select(['name', 'phone', 'phones']).where('campaignId', '=', campaignId).orderBy('name').execute(),
    );
    expect(leads).toEqual([
      { name: 'Ana', phone: '+5511912345678', phones: ['+5511912345678', '+551133334444'] },
      { name: 'Bia', phone: '+5511912340000', phones: ['+5511912340000', '+552134567890'] },
      { name: 'Cid', phone: '+551133331111', phones: ['+551133331111'] },
    ]);
  });
});

describe('the mapping sent beside the file', () => {
  it('phoneColumns picks columns by name (any name, in the order to try), others stay data', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const response = await upload(
      a.session,
      campaignId,
      'Nome,Contato principal,Celular\r\nAna,(11) 3333-4444,11 91234-5678\r\nBia,,11 91234-0000\r\n',
      [
        ['phoneColumns', 'Contato principal'],
        ['phoneColumns', 'celular'],
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await leadsOf(a.tenantId, campaignId)).toEqual([
      { phone: '+551133334444', name: 'Ana', data: { Celular: '11 91234-5678' } },
      { phone: '+5511912340000', name: 'Bia', data: { Celular: '11 91234-0000' } },
    ]);
  });

  it('an unknown field, an empty name or a column not in the file: 400, and no import is written', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const file = 'nome;celular\r\nAna;11 91234-5678\r\n';
    const unknown = await upload(a.session, campaignId, file, [['delimiter', ';']]);
    expectError(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.json<{ details: unknown }>().details).toEqual([
      { path: 'delimiter', message: 'is not a field of a lead import' },
    ]);
    expectError(await upload(a.session, campaignId, file, [['phoneColumns', '']]), 400, 'VALIDATION_FAILED');
    expect((await t.call('GET', `/campaigns/${campaignId}/imports`, a.session)).json<ListImport[]>()).toEqual(
      [],
    );
    expectError(await upload(a.session, campaignId, file, [['phoneColumns', 'fax']]), 400, 'NO_PHONE_COLUMN');
    expect(await leadsOf(a.tenantId, campaignId)).toEqual([]);
  });
});

describe('the written forms of a number (one rule with suppression, @callcenter/rules/phone)', () => {
  it('one number written six ways is one lead (the rest DUPLICATE), and suppressing it in a seventh blocks it', async () => {
    const a = await tenantWithQueue();
    const campaignId = await a.campaign();
    const listed = await t.call('POST', '/suppression', a.session, { phone: '0 21 11 91234-5678' });
    expect(listed.statusCode, listed.body).toBe(201);
    const forms = ['(11) 91234-5678', '+55 11 91234-5678', '0055 11 91234 5678', '011 91234-5678', '11.91234.5678', '5511912345678'];
    const file = `nome;celular\r\n${forms.map((form, index) => `P${index};${form}`).join('\r\n')}\r\nFixo;(21) 3456-7890\r\nGringo;+1 212 555 0100\r\n`;
    const response = await upload(a.session, campaignId, file);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportResult>()).toMatchObject({ total: 8, valid: 7, invalid: 1, duplicates: 5, imported: 2, suppressed: 1 });
    const leads = await t.db.withTenant(a.tenantId, (tx) =>
      tx.selectFrom('leads').select(['phone', 'status']).where('campaignId', '=', campaignId).orderBy('phone').execute(),
    );
    expect(leads).toEqual([
      { phone: '+5511912345678', status: 'DO_NOT_CALL' },
      { phone: '+552134567890', status: 'READY' },
    ]);
  });
});
