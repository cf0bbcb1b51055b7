// The console words the server's refusals in the user's language, from the error's code and the
// values it names, never in the server's English.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { alertText, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('in pt-BR, a duplicate extension is refused in Portuguese, naming the number', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'errors');
  await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '1003' } });

  const { context, page } = await openPage(env.browser, 'en-US');
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Ramais', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ramais' }).waitFor();
    await page.getByRole('button', { name: 'Novo ramal' }).click();
    const form = page.getByRole('form', { name: 'Criar ramal' });
    await form.getByLabel('Número').fill('1003');
    await form.getByRole('button', { name: 'Criar ramal' }).click();
    const text = await alertText(page);
    expect(text).toBe('O ramal 1003 já existe (números nunca são reutilizados).');
    expect(text).not.toContain('already exists');
  } finally {
    await context.close();
  }
});
