// The tenant form suggests a telephony domain that is a valid host name, and a domain typed by hand
// that is not one is refused with the translated reason, creating nothing.
import { expect, it } from 'vitest';
import { apiLogin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openTenantForm, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

it('suggests a valid telephony domain and refuses an invalid one typed by hand', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    const form = await openTenantForm(page);
    const code = unique('t');
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name', { exact: true }).fill('Loja Paulista');
    await form.getByLabel('Administrator e-mail').fill(`${unique('admin')}@example.test`);
    const domain = form.getByLabel('Telephony domain');
    const suggested = await domain.inputValue();
    expect(suggested.startsWith(`${code}.`)).toBe(true);
    expect(suggested).toMatch(HOST_NAME);

    await domain.fill('loja_sp.pbx.localhost');
    await form.getByRole('button', { name: 'Create tenant' }).click();
    await expectAlert(page, 'The telephony domain is not a valid host name');
    const tenants = await call<{ code: string }[]>(baseUrl, '/tenants', {
      token: await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password),
    });
    expect(tenants.map((tenant) => tenant.code)).not.toContain(code);
  } finally {
    await context.close();
  }
});
