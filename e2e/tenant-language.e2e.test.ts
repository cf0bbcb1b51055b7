// A tenant is created in a chosen language: its starter pause reasons come in it.
import { expect, it } from 'vitest';
import { apiLogin, apiTakeOver, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openTenantForm, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('creates a tenant in Portuguese from an English console', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    const form = await openTenantForm(page);
    const code = unique('t');
    const adminEmail = `${unique('admin')}@example.test`;
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name', { exact: true }).fill('Loja Paulista');
    const language = form.getByLabel('Language', { exact: true });
    expect(await language.inputValue()).toBe('en');
    await language.selectOption({ label: 'Português (Brasil)' });
    await form.getByLabel('Administrator e-mail').fill(adminEmail);
    await form.getByRole('button', { name: 'Create tenant' }).click();
    const adminPassword = await page.getByTestId('one-time-password').innerText();

    const { tenantId } = (
      await call<{ id: string; code: string }[]>(baseUrl, '/tenants', {
        token: await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password),
      })
    )
      .map((tenant) => ({ tenantId: tenant.id, code: tenant.code }))
      .find((tenant) => tenant.code === code)!;
    const token = await apiTakeOver(baseUrl, {
      email: adminEmail,
      generatedPassword: adminPassword,
      newPassword: 'tenant-admin-secret-4',
      tenantId,
    });
    expect(await call(baseUrl, '/tenant-settings', { token })).toMatchObject({ locale: 'pt-BR' });
    const reasons = await call<{ name: string }[]>(baseUrl, '/pause-reasons', { token });
    expect(reasons.map((reason) => reason.name)).toContain('Almoço');
  } finally {
    await context.close();
  }
});
