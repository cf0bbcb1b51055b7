// A new tenant starts with pause reasons and dispositions in its language, as ordinary entries.
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { createAgent } from '../agents/test-support.ts';

const t = useTestApp();
const { call } = t;

type Entry = { id: string; code: string; name: string; action?: string; enabled: boolean };
const list = async (url: string, session: Parameters<typeof call>[2]) => (await call('GET', url, session)).json<Entry[]>();
const byCode = (entries: Entry[]) => Object.fromEntries(entries.map((entry) => [entry.code, entry.action ? `${entry.name} (${entry.action})` : entry.name]));

describe('starter pause reasons and dispositions', () => {
  it('a new tenant (pt-BR by default) has them in Portuguese, and its agent can pause at once', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    expect(tenant).toMatchObject({ locale: 'pt-BR' });
    expect(byCode(await list('/pause-reasons', admin.session))).toEqual({
      ALMOCO: 'Almoço',
      INTERVALO: 'Intervalo',
      BANHEIRO: 'Banheiro',
      TREINAMENTO: 'Treinamento',
      REUNIAO: 'Reunião',
      PAUSA_TECNICA: 'Pausa técnica',
    });
    expect(byCode(await list('/dispositions', admin.session))).toEqual({
      VENDA: 'Venda (SUCCESS)',
      RESOLVIDO: 'Atendimento resolvido (NONE)',
      SEM_INTERESSE: 'Sem interesse (NONE)',
      RETORNAR: 'Retornar depois (CALLBACK)',
      NUMERO_ERRADO: 'Número errado (DO_NOT_CALL)',
      NAO_LIGAR: 'Não ligar mais (DO_NOT_CALL)',
    });

    const member = await createMember(t.app, admin.session, 'agent');
    await createAgent(t, admin.session, tenant.id, member.id);
    const reasons = await list('/agents/me/pause-reasons', member.session);
    expect(reasons.map((reason) => reason.code)).toContain('ALMOCO');
    expect((await call('POST', '/agents/me/login', member.session)).statusCode).toBe(200);
    const lunch = reasons.find((reason) => reason.code === 'ALMOCO')!;
    expect((await call('POST', '/agents/me/pause', member.session, { pauseReasonId: lunch.id })).statusCode).toBe(200);
  });

  it('a tenant created in English has them in English', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform, { locale: 'en' });
    expect(tenant).toMatchObject({ locale: 'en' });
    expect(byCode(await list('/pause-reasons', admin.session))).toMatchObject({ LUNCH: 'Lunch', RESTROOM: 'Restroom', TECHNICAL: 'Technical break' });
    expect(byCode(await list('/dispositions', admin.session))).toMatchObject({ SALE: 'Sale (SUCCESS)', CALL_BACK: 'Call back later (CALLBACK)', WRONG_NUMBER: 'Wrong number (DO_NOT_CALL)' });
  });

  it('refuses a language the platform does not speak', async () => {
    expectError(await call('POST', '/tenants', t.platform, { code: 'lang-x', name: 'X', locale: 'fr', admin: { email: 'x@example.test' } }), 400, 'VALIDATION_FAILED');
  });

  it('the starter entries are edited and deleted like any other, and are seeded only at creation', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const reasons = await list('/pause-reasons', admin.session);
    const restroom = reasons.find((reason) => reason.code === 'BANHEIRO')!;
    const renamed = await call('PATCH', `/pause-reasons/${restroom.id}`, admin.session, { name: 'Pausa pessoal', code: 'PESSOAL' });
    expect(renamed.json()).toMatchObject({ id: restroom.id, code: 'PESSOAL', name: 'Pausa pessoal' });
    const meeting = reasons.find((reason) => reason.code === 'REUNIAO')!;
    expect((await call('DELETE', `/pause-reasons/${meeting.id}`, admin.session)).statusCode).toBe(204);
    const sale = (await list('/dispositions', admin.session)).find((item) => item.code === 'VENDA')!;
    expect((await call('PATCH', `/dispositions/${sale.id}`, admin.session, { action: 'NONE' })).json()).toMatchObject({ action: 'NONE' });

    // Changing the tenant's language later leaves the lists as the administrator made them.
    expect((await call('PATCH', '/tenant-settings', admin.session, { locale: 'en' })).statusCode).toBe(200);
    const after = (await list('/pause-reasons', admin.session)).map((reason) => reason.code);
    expect(after).toContain('PESSOAL');
    expect(after).not.toContain('REUNIAO');
    expect(after).not.toContain('LUNCH');
    expect(after).toHaveLength(5);
  });
});
