// The rejected-rows file (decision 0080) through the HTTP endpoints against the real database: the
// refused rows as written plus a reason in the reader's language, with the separator and encoding
// Excel in that language opens; fixed in place, the same file imports again as is.
import { randomUUID } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createTenant, type Session, useTestApp } from '../../../test/harness.ts';
import type { ImportResult } from './leads.schema.ts';

const t = useTestApp();

async function tenantWithCampaign() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queueId = await t.createId('/queues', session, { name: 'Vendas' });
  const trunkId = await t.createId('/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' });
  const campaignId = await t.createId('/campaigns', session, { name: `Campanha ${randomUUID().slice(0, 6)}`, queueId, trunkId, pacingMin: 1, pacingMax: 2 });
  return { tenantId: fixture.tenant.id, userId: fixture.admin.id, session, campaignId };
}

const upload = async (session: Session, campaignId: string, content: Buffer): Promise<ImportResult> => {
  const boundary = `----lead${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/campaigns/${campaignId}/leads/import`,
    headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportResult>();
};

const download = async (session: Session, campaignId: string, importId: string, language?: string) => {
  const headers = language ? { ...session.auth, 'accept-language': language } : session.auth;
  const response = await t.app.inject({ method: 'GET', url: `/campaigns/${campaignId}/imports/${importId}/rejected.csv`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { bytes: response.rawPayload, contentType: response.headers['content-type'] };
};

const leadsOf = (tenantId: string, campaignId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('leads').select(['phone', 'name', 'data']).where('campaignId', '=', campaignId).orderBy('phone').execute());

describe('the rejected-rows file', () => {
  it('pt-BR, from a Windows-1252 file: every column and cell as written, `;`, reasons in Portuguese, Windows-1252; fixed, it imports as is', async () => {
    const a = await tenantWithCampaign();
    const source = ['Nome;Celular;Observação', 'Ana;11 91234-5678;Ligar à tarde', 'João;11 9123A-0000;Não ligar cedo', 'Zé;;Sem número', 'Bia;11 91234-5678;Repetida', ''].join('\r\n');
    const first = await upload(a.session, a.campaignId, iconv.encode(source, 'windows-1252'));
    expect(first).toMatchObject({ total: 4, imported: 1, invalid: 2, duplicates: 1 });

    const rejected = await download(a.session, a.campaignId, first.importId);
    expect(rejected.contentType).toBe('text/csv; charset=windows-1252');
    const text = iconv.decode(rejected.bytes, 'windows-1252');
    expect(text).toBe(
      [
        'Nome;Celular;Observação;Motivo da recusa',
        'João;11 9123A-0000;Não ligar cedo;Telefone com letras (linha 3)',
        'Zé;;Sem número;Telefone vazio (linha 4)',
        'Bia;11 91234-5678;Repetida;Número repetido (linha 5)',
        '',
      ].join('\r\n'),
    );

    // The console in English (its Accept-Language) gets the English form of the same rows.
    const english = iconv.decode((await download(a.session, a.campaignId, first.importId, 'en-US,en;q=0.9')).bytes, 'windows-1252');
    expect(english.split('\r\n').slice(0, 2)).toEqual(['Nome,Celular,Observação,Rejection reason', 'João,11 9123A-0000,Não ligar cedo,Phone has letters (line 3)']);

    // The user fixes the numbers in Excel and saves (same encoding, same columns, reason column kept).
    const fixed = text.replace('11 9123A-0000', '11 91230-0000').replace('Zé;;', 'Zé;(21) 3456-7890;').replace('Bia;11 91234-5678', 'Bia;11 91234-9999');
    const again = await upload(a.session, a.campaignId, iconv.encode(fixed, 'windows-1252'));
    expect(again).toMatchObject({ total: 3, imported: 3, invalid: 0, duplicates: 0 });
    expect(await leadsOf(a.tenantId, a.campaignId)).toEqual([
      { phone: '+5511912300000', name: 'João', data: { Observação: 'Não ligar cedo' } },
      { phone: '+5511912345678', name: 'Ana', data: { Observação: 'Ligar à tarde' } },
      { phone: '+5511912349999', name: 'Bia', data: { Observação: 'Repetida' } },
      { phone: '+552134567890', name: 'Zé', data: { Observação: 'Sem número' } },
    ]);
  });

  it('en user: `,`, reasons in English, UTF-8 with a BOM; a number kept as text (`\'+1…`) fixed in place imports', async () => {
    const a = await tenantWithCampaign();
    await t.db.withPlatform((tx) => tx.updateTable('users').set({ locale: 'en' }).where('id', '=', a.userId).execute());
    const first = await upload(a.session, a.campaignId, Buffer.from('phone,name,city\r\n+1 212 555 0100,Foreign,"New York, NY"\r\n0800 123 4567,Service,São Paulo\r\n'));
    expect(first).toMatchObject({ total: 2, imported: 0, invalid: 2 });

    const rejected = await download(a.session, a.campaignId, first.importId);
    expect(rejected.contentType).toBe('text/csv; charset=utf-8');
    expect([...rejected.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = rejected.bytes.toString('utf8');
    expect(text).toBe(
      [
        '\uFEFFphone,name,city,Rejection reason',
        '\'+1 212 555 0100,Foreign,"New York, NY",Phone is not Brazilian (line 2)',
        '0800 123 4567,Service,São Paulo,Phone is not valid (line 3)',
        '',
      ].join('\r\n'),
    );
    const fixed = text.replace("'+1 212 555 0100", "'+55 11 91234-0001").replace('0800 123 4567', '11 3456-0002');
    const again = await upload(a.session, a.campaignId, Buffer.from(fixed));
    expect(again).toMatchObject({ total: 2, imported: 2, invalid: 0 });
    expect(await leadsOf(a.tenantId, a.campaignId)).toEqual([
      { phone: '+551134560002', name: 'Service', data: { city: 'São Paulo' } },
      { phone: '+5511912340001', name: 'Foreign', data: { city: 'New York, NY' } },
    ]);
  });
});
