// The plan's lead quota in the platform console (decision 0078): set on the plan form in pt-BR,
// shown as leads against the quota in the tenants' usage.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('sets a plan’s lead quota in pt-BR and shows the tenant’s leads against it', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    await page.getByLabel('Language').selectOption('pt-BR');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Planos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Planos' }).waitFor();
    const id = unique('leads');
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const create = page.getByRole('form', { name: 'Criar plano' });
    await create.getByLabel('Identificador').fill(id);
    await create.getByLabel('Nome', { exact: true }).fill('Cobrança');
    await create.getByLabel('Leads', { exact: true }).fill('2.000');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await row(page, id).waitFor();

    const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
    const plans = await call<{ id: string; max_leads: number | null }[]>(baseUrl, '/plans', { token });
    expect(plans.find((plan) => plan.id === id)?.max_leads).toBe(2000);

    const code = unique('cob');
    await call(baseUrl, '/tenants', { method: 'POST', token, body: { code, name: 'Cobrança SA', planId: id, admin: { email: `${code}@example.com` } } });
    await menu.getByRole('link', { name: 'Clientes', exact: true }).click();
    const meter = page.getByRole('meter', { name: `Leads de ${code}: 0 / 2.000` });
    await meter.waitFor();
    expect(await meter.getAttribute('aria-valuemax')).toBe('2000');
  } finally {
    await context.close();
  }
});

it('refuses a lead file past the plan’s quota with the reason, on the page and in the import history', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const plan = await call<{ id: string }>(baseUrl, '/plans', { method: 'POST', token: platformToken, body: { name: unique('Tiny'), max_leads: 2 } });
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'lead-quota');
  await call(baseUrl, `/tenants/${admin.tenantId}`, { method: 'PATCH', token: platformToken, body: { planId: plan.id } });
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  await call(baseUrl, '/campaigns', { method: 'POST', token: admin.token, body: { name: 'Cobrança', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 } });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Cobrança' }).click();
    await page.getByRole('heading', { name: 'Cobrança', level: 1 }).waitFor();
    const file = 'telefone;nome\n(11) 98765-0001;Ana\n(11) 98765-0002;Bia\n(11) 98765-0003;Caio\n';
    await page.getByLabel('File').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const reason = /Your plan allows 2 leads; this file would go over it, so nothing of it was imported\./;
    await page.getByRole('alert').filter({ hasText: reason }).first().waitFor();
    const history = page.getByRole('table', { name: 'Imports' });
    await history.getByRole('row').filter({ hasText: 'leads.csv' }).getByText(reason).waitFor();
    await page.getByText('No leads yet: import a CSV file.').waitFor();
  } finally {
    await context.close();
  }
});
