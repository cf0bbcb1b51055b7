// The agent's mod_callcenter settings are set and edited in the console, in either language.
import { expect, it } from 'vitest';
import { apiTakeOver, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('creates an agent with its switch settings, refuses one out of range, and edits them in pt-BR', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'agentset');
  await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '3001' } });
  const email = `bia-${Date.now().toString(36)}@example.test`;
  const invited = await call<{ user: { id: string }; password: string }>(baseUrl, '/users', {
    method: 'POST',
    token: admin.token,
    body: { email, role: 'agent', name: 'Bia' },
  });
  await apiTakeOver(baseUrl, {
    email,
    generatedPassword: invited.password,
    newPassword: 'agent-secret-password-7',
    tenantId: admin.tenantId,
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Agents');
    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('form', { name: 'Create agent' });
    const user = form.getByLabel('User', { exact: true });
    const bia = user.getByRole('option', { name: new RegExp(email) });
    await bia.waitFor({ state: 'attached' });
    await user.selectOption({ label: (await bia.textContent()) ?? '' });
    // The agent's name starts as the member's.
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Bia');
    await form.getByLabel('Extension', { exact: true }).selectOption({ index: 1 });
    expect(await form.getByLabel('Wrap-up (s)').inputValue()).toBe('10');
    const noAnswers = form.getByLabel('Unanswered offers before a break');
    await noAnswers.fill('101');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByText('Enter 100 or less.').waitFor();
    await noAnswers.fill('3');
    await form.getByLabel('Pause after a rejected offer (s)').fill('5');
    await form.getByLabel('Pause after an unanswered offer (s)').fill('15');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.waitFor({ state: 'detached' });
    const [created] = await call<Record<string, unknown>[]>(baseUrl, '/agents', { token: admin.token });
    expect(created).toMatchObject({
      wrapUpSeconds: 10,
      maxNoAnswer: 3,
      rejectDelaySeconds: 5,
      busyDelaySeconds: 0,
      noAnswerDelaySeconds: 15,
    });

    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Agentes' }).waitFor();
    await row(page, email).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('form', { name: 'Editar agente' });
    expect(await edit.getByLabel('Espera após não atender (s)').inputValue()).toBe('15');
    await edit.getByLabel('Espera após telefone ocupado (s)').fill('30');
    await edit.getByLabel('Pós-atendimento (s)').fill('2,5');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.getByText('Informe um número inteiro.').waitFor();
    await edit.getByLabel('Pós-atendimento (s)').fill('20');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    const [edited] = await call<Record<string, unknown>[]>(baseUrl, '/agents', { token: admin.token });
    expect(edited).toMatchObject({
      wrapUpSeconds: 20,
      maxNoAnswer: 3,
      busyDelaySeconds: 30,
      noAnswerDelaySeconds: 15,
    });
  } finally {
    await context.close();
  }
});
