// Details of the console a manager met on a 1440 px screen: the calls table fits with its details
// button in view, and the wallboard says why a paused agent is paused.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment();

it('the calls table fits a 1440 × 900 screen with every details button in view', async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'calls-1440');
  const agent = await apiAgent(baseUrl, admin, { name: 'Maria Aparecida dos Santos Oliveira', queues: ['Cobrança de acordos atrasados'] });
  const codes = await call<{ code: string; name: string }[]>(baseUrl, '/dispositions', { token: admin.token });
  const now = Date.now();
  await db.withTenant(admin.tenantId, (tx) =>
    tx
      .insertInto('calls')
      .values({
        id: randomUUID(),
        tenantId: admin.tenantId,
        direction: 'INBOUND',
        callerNumber: '+5511987654321',
        calledNumber: '+551130002000',
        queueId: agent.queueIds[0]!,
        agentId: agent.agentId,
        createdAt: new Date(now - 120_000),
        answerAt: new Date(now - 110_000),
        bridgedAt: new Date(now - 100_000),
        endedAt: new Date(now - 10_000),
        hangupCause: 'NORMAL_TEMPORARY_FAILURE',
        disposition: codes.reduce((a, b) => (a.name.length >= b.name.length ? a : b)).code,
      })
      .execute(),
  );

  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Chamadas', exact: true }).click();
    const details = page.getByTestId('call-row').getByRole('button', { name: /Detalhes/ });
    await details.waitFor();
    const box = (await details.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    // Neither the page nor the table scrolls sideways to reach it.
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector('.calls-page .table-scroll')!;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
    await details.click();
    await page.getByRole('region', { name: 'Detalhes da chamada' }).waitFor();
  } finally {
    await context.close();
  }
});

it("the wallboard shows a paused agent's pause reason", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'wallboard-pause');
  const agent = await apiAgent(baseUrl, admin, { name: 'Bruna', queues: ['Suporte'] });
  const reasons = await call<{ id: string; code: string }[]>(baseUrl, '/pause-reasons', { token: admin.token });
  const lunch = reasons.find((reason) => reason.code === 'ALMOCO' || reason.code === 'LUNCH')!;
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
  await call(baseUrl, '/agents/me/pause', { method: 'POST', token: agent.token, body: { pauseReasonId: lunch.id } });

  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Wallboard');
    const row = page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: 'Bruna' });
    await row.getByTestId('agent-state').getByText(/^Paused · (Almoço|Lunch)$/).waitFor();
  } finally {
    await context.close();
  }
});

it("a call's detail names its legs as people read them (the switch's names behind the toggle) and says which setting recorded it", async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'call-legs');
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const callId = randomUUID();
  const now = Date.now();
  const tenantId = admin.tenantId;
  await db.withTenant(tenantId, async (tx) => {
    await tx
      .insertInto('calls')
      .values({ id: callId, tenantId, direction: 'OUTBOUND', callerNumber: '+551130002000', calledNumber: '+5511987654321', createdAt: new Date(now - 60_000), answerAt: new Date(now - 50_000), endedAt: new Date(now - 10_000), hangupCause: 'NORMAL_CLEARING' })
      .execute();
    await tx
      .insertInto('callLegs')
      .values([
        { id: randomUUID(), tenantId, callId, direction: 'outbound', channelName: `sofia/gateway/gw-${trunk.id}/5511987654321`, createdAt: new Date(now - 60_000) },
        { id: randomUUID(), tenantId, callId, direction: 'outbound', channelName: 'sofia/internal/1001@call-legs.pbx.localhost', createdAt: new Date(now - 50_000) },
      ])
      .execute();
    await tx.insertInto('recordings').values({ tenantId, callId, status: 'FAILED', failureReason: 'missing', reason: 'CAMPAIGN' }).execute();
  });

  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Calls');
    await page.getByTestId('call-row').getByRole('button', { name: /Details/ }).click();
    const detail = page.getByRole('region', { name: 'Call details' });
    const legs = detail.getByRole('table', { name: 'Legs' });
    await legs.getByRole('cell', { name: '(11) 98765-4321 via Operadora', exact: true }).waitFor();
    await legs.getByRole('cell', { name: 'Extension 1001', exact: true }).waitFor();
    expect(await legs.getByText('sofia/').count()).toBe(0);
    await detail.getByTestId('recording-reason').getByText("recorded by the campaign's setting").waitFor();
    await detail.getByRole('button', { name: 'Show switch events' }).click();
    await legs.getByText('sofia/internal/1001@call-legs.pbx.localhost').waitFor();

    await page.getByLabel('Language').selectOption('pt-BR');
    const detalhe = page.getByRole('region', { name: 'Detalhes da chamada' });
    await detalhe.getByText('Ramal 1001').waitFor();
    await detalhe.getByText('(11) 98765-4321 pelo tronco Operadora').waitFor();
    await detalhe.getByTestId('recording-reason').getByText('gravada pela configuração da campanha').waitFor();
  } finally {
    await context.close();
  }
});

it("a campaign's leads table follows imports live, and an agent's home lists a queue it was just added to", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'live-lists');
  const agent = await apiAgent(baseUrl, admin, { name: 'Eva', queues: ['Suporte'] });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Renegociação', queueId: agent.queueIds[0], trunkId: trunk.id, pacingMin: 1, pacingMax: 2 },
  });
  const importLeads = async (csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    const response = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    expect(response.status).toBeLessThan(300);
  };
  await importLeads('telefone;nome\n(11) 97300-0001;Ana\n');

  const supervisor = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const desk = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  supervisor.setDefaultTimeout(10_000);
  desk.setDefaultTimeout(10_000);
  try {
    const page = await supervisor.newPage();
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Renegociação' }).click();
    const leads = page.getByRole('table', { name: 'Leads' });
    await leads.getByText('(11) 97300-0001').waitFor();
    // A second file, imported elsewhere: the open table shows its lead without a reload (the page
    // is live, so it does not poll: only the events bring it).
    await importLeads('telefone;nome\n(11) 97300-0002;Bia\n');
    await leads.getByText('(11) 97300-0002').waitFor({ timeout: 8_000 });

    const home = await desk.newPage();
    await signIn(home, baseUrl, agent.email, agent.password);
    const queues = home.getByRole('list', { name: 'Your queues' });
    await queues.getByText('Suporte').waitFor();
    const second = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
    await call(baseUrl, `/queues/${second.id}/agents`, { method: 'POST', token: admin.token, body: { agentId: agent.agentId } });
    await queues.getByText('Vendas').waitFor({ timeout: 10_000 });
  } finally {
    await supervisor.close();
    await desk.close();
  }
});
