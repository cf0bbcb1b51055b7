// The audit log reads in the user's language: translated actions, names instead of ids, changes as
// "before → after", filtered from the keyboard.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('in pt-BR, filters the tenant log by action and shows the label and the user’s e-mail, not ids', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'audit');
  const email = `agent-${Date.now().toString(36)}@example.test`;
  const invited = await call<{ user: { id: string } }>(baseUrl, '/users', { method: 'POST', token: admin.token, body: { email, role: 'agent' } });
  await call(baseUrl, `/users/${invited.user.id}/role`, { method: 'PATCH', token: admin.token, body: { role: 'supervisor' } });
  await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '2701' } });

  const { context, page } = await openPage(env.browser, 'en-US');
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Auditoria', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Auditoria' }).waitFor();

    const filters = page.getByRole('form', { name: 'Filtros' });
    await filters.getByLabel('Ação').selectOption({ label: 'Papel do usuário alterado' });
    await filters.getByLabel('Autor (nome ou e-mail)').press('Enter');

    const rows = page.getByRole('row').filter({ hasText: 'Papel do usuário alterado' });
    await page.getByText('1–1 de 1').waitFor();
    expect(await rows.count()).toBe(1);
    const [, actor, action, target, details] = await rows.first().getByRole('cell').allInnerTexts();
    expect(actor).toContain(admin.email);
    expect(action).toBe('Papel do usuário alterado');
    expect(target).toBe(`Usuário ${email}`);
    expect(target).not.toContain(invited.user.id.slice(0, 8));
    expect(details).toBe('agent → supervisor');
    // The filter narrowed the list: the extension's creation is not on it.
    expect(await page.getByRole('row').filter({ hasText: 'Ramal criado' }).count()).toBe(0);

    await filters.getByRole('button', { name: 'Limpar' }).click();
    await page.getByRole('row').filter({ hasText: 'Ramal criado' }).filter({ hasText: '2701' }).waitFor();
  } finally {
    await context.close();
  }
});
