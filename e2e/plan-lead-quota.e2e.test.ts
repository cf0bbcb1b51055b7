// The plan's lead quota in the platform console (decision 0078): set on the plan form in pt-BR,
// shown as leads against the quota in the tenants' usage.
import { expect, it } from 'vitest';
import { apiLogin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { row, signIn, unique } from './support/console.ts';
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
