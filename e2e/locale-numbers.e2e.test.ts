// Numbers are typed the way the console's language writes them: "2,5" in pt-BR is 2.5, never 25.
import { expect, it } from 'vitest';
import { apiLogin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { row, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('saves "2,5" GB typed in pt-BR as 2.5, shows it back as "2,5", and refuses garbage with a translated error', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    await page.getByLabel('Language').selectOption('pt-BR');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Planos', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Planos' }).waitFor();
    const id = unique('plan');
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const create = page.getByRole('form', { name: 'Criar plano' });
    await create.getByLabel('Identificador').fill(id);
    await create.getByLabel('Nome', { exact: true }).fill('Gravações');
    const storage = create.getByLabel('Armazenamento de gravações (GB)');
    expect(await storage.getAttribute('inputmode')).toBe('decimal');

    // Garbage (an English decimal point in pt-BR) is a field error in Portuguese and is not sent.
    await storage.fill('2.5');
    await storage.blur();
    await create.getByText('Não é um número. Escreva como 2,5.').waitFor();
    expect(await storage.getAttribute('aria-invalid')).toBe('true');
    await create.getByRole('button', { name: 'Salvar' }).click();
    expect(await create.isVisible()).toBe(true);

    await storage.fill('2,5');
    await create.getByLabel('Agentes').fill('1.500');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await row(page, id).waitFor();

    const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
    const plans = await call<
      { id: string; maxRecordingStorageGb: number | null; max_agents: number | null }[]
    >(baseUrl, '/plans', { token });
    const saved = plans.find((plan) => plan.id === id);
    expect(saved?.maxRecordingStorageGb).toBe(2.5);
    expect(saved?.max_agents).toBe(1500);

    // Pre-filled values are shown the pt-BR way, and in English after a language switch.
    await row(page, id).getByRole('button', { name: 'Editar Gravações' }).click();
    const edit = page.getByRole('form', { name: 'Editar plano Gravações' });
    expect(await edit.getByLabel('Armazenamento de gravações (GB)').inputValue()).toBe('2,5');
    await page.getByLabel('Idioma').selectOption('en');
    expect(
      await page
        .getByRole('form', { name: 'Edit plan Gravações' })
        .getByLabel('Recording storage (GB)')
        .inputValue(),
    ).toBe('2.5');
  } finally {
    await context.close();
  }
});
