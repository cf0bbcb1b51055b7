// A platform admin chooses a tenant's plan by name and changes it only after saying so.
import { expect, it } from 'vitest';
import { apiCreateTenant, apiLogin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, openTenantForm, row, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it("names the new tenant's plan, and asks before a plan change applies", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const plan = await call<{ id: string }>(baseUrl, '/plans', { method: 'POST', token, body: { name: unique('Pro plan') } });
  const code = unique('plans');
  const { tenantId } = await apiCreateTenant(baseUrl, token, { code, name: 'Planos Ltda', adminEmail: `${unique('admin')}@example.test` });
  const planOf = async () => (await call<{ planId: string }>(baseUrl, `/tenants/${tenantId}`, { token })).planId;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    // The form says which plan a new tenant gets, instead of a silent "default".
    const form = await openTenantForm(page);
    const planSelect = form.getByLabel('Plan');
    expect(await planSelect.inputValue()).toBe('trial');
    expect(await planSelect.locator('option:checked').innerText()).toBe('Trial');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await openMenu(page, 'Tenants');
    const select = page.getByLabel(`Plan of ${code}`);
    await select.selectOption(plan.id);
    const tenantRow = row(page, code);
    // Nothing changes until confirmed; keeping the plan puts the select back.
    await tenantRow.getByRole('button', { name: 'Keep Trial' }).click();
    expect(await select.inputValue()).toBe('trial');
    expect(await planOf()).toBe('trial');

    await select.selectOption(plan.id);
    await tenantRow.getByRole('button', { name: 'Change plan' }).click();
    await expect.poll(planOf).toBe(plan.id);
    await page.getByRole('status').filter({ hasText: 'Tenant updated.' }).waitFor();
  } finally {
    await context.close();
  }
});

it('words the shipped plan in Portuguese for a pt-BR console', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  await apiCreateTenant(baseUrl, token, { code: unique('avaliacao'), name: 'Avaliação Ltda', adminEmail: `${unique('admin')}@example.test` });
  const { context, page } = await openPage(env.browser, 'pt-BR');
  try {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail').fill(platformAdmin.email);
    await page.getByLabel('Senha').fill(platformAdmin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const usage = page.getByRole('region', { name: 'Uso em relação aos planos' });
    await usage.getByRole('cell', { name: 'Avaliação' }).first().waitFor();
    expect(await usage.getByRole('cell', { name: 'Trial', exact: true }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
