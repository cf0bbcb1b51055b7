// Brazilian call centers first: the console speaks pt-BR or English, switchable at any time.
import { expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { menuEntries, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('starts in the browser language', async () => {
  const { context, page } = await openPage(env.browser, 'pt-BR');
  try {
    await page.goto(`${env.platform.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await page.getByLabel('Senha').count()).toBe(1);
  } finally {
    await context.close();
  }
});

it('flips the visible text between English and pt-BR, and remembers the choice', async () => {
  const { context, page } = await openPage(env.browser, 'en-US');
  try {
    await signIn(
      page,
      env.platform.baseUrl,
      env.platform.platformAdmin.email,
      env.platform.platformAdmin.password,
      { landing: true },
    );
    expect(await menuEntries(page)).toContain('Tenants');

    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { name: /^Bem-vindo/ }).waitFor();
    expect(await menuEntries(page)).toContain('Clientes');
    expect(await page.getByRole('button', { name: 'Sair' }).isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: /^Bem-vindo/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(await page.title()).toBe('Console da Central');

    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await menuEntries(page)).toContain('Audit log');
  } finally {
    await context.close();
  }
});
