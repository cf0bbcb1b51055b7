// A tenant admin keeps the call center's lists (pause reasons, dispositions) and its agents, and
// watches an agent's state change live.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiTakeOver, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, signIn, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

interface Item {
  id: string;
  code: string;
  name: string;
  action?: string;
}

const tableRow = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

it('keeps pause reasons, dispositions and agents, and shows agent states live', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'lists');
  const token = admin.token;

  // Members and extensions are not what this test is about: set them up through the API.
  const invite = (name: string) =>
    call<{ user: { id: string; email: string }; password: string }>(baseUrl, '/users', {
      method: 'POST',
      token,
      body: { email: `${unique('agent')}@example.test`, role: 'agent', name },
    });
  const extension = (number: string, callerId: string) =>
    call<{ id: string }>(baseUrl, '/extensions', { method: 'POST', token, body: { number, callerId } });
  const bruna = await invite('Bruna Agente');
  const carlos = await invite('Carlos Agente');
  await extension('2001', 'Vendas');
  // Carlos had an agent once on 2009: deleted agents keep their member and extension for good.
  const spare = await extension('2009', 'Antigo');
  const old = await call<{ id: string }>(baseUrl, '/agents', {
    method: 'POST',
    token,
    body: { userId: carlos.user.id, extensionId: spare.id },
  });
  await call(baseUrl, `/agents/${old.id}`, { method: 'DELETE', token });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });

    // Pause reasons: create two, rename one, delete one and enable it again.
    await openMenu(page, 'Pause reasons');
    // A new tenant starts with pause reasons in its language (pt-BR here), editable like any other.
    await tableRow(page, 'Pause reasons', 'Almoço').waitFor();
    for (const [code, name] of [
      ['LUNCH', 'Lunch'],
      ['BREAK', 'Coffee break'],
    ] as const) {
      await page.getByRole('button', { name: 'New pause reason' }).click();
      const form = page.getByRole('form', { name: 'Create pause reason' });
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Create pause reason' }).click();
      await tableRow(page, 'Pause reasons', code).waitFor();
    }
    await tableRow(page, 'Pause reasons', 'BREAK').getByRole('button', { name: 'Edit' }).click();
    const editForm = page.getByRole('form', { name: 'Edit pause reason' });
    expect(await editForm.getByLabel('Code').inputValue()).toBe('BREAK');
    await editForm.getByLabel('Name', { exact: true }).fill('Short break');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await tableRow(page, 'Pause reasons', 'Short break').waitFor();

    // Deleting disables: the row stays for the admin, marked, with only the way back.
    const lunchRow = tableRow(page, 'Pause reasons', 'LUNCH');
    await lunchRow.getByRole('button', { name: 'Delete' }).click();
    await lunchRow.getByRole('button', { name: 'Confirm deletion' }).click();
    await page.getByRole('status').filter({ hasText: 'Pause reason deleted' }).waitFor();
    await lunchRow.getByText('Disabled', { exact: true }).waitFor();
    expect(await lunchRow.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // Enabled reasons: the renamed one beside the six a new tenant starts with (LUNCH is disabled).
    const reasons = await call<Item[]>(baseUrl, '/pause-reasons', { token });
    expect(reasons.map(({ code, name }) => ({ code, name }))).toEqual(expect.arrayContaining([{ code: 'BREAK', name: 'Short break' }]));
    expect(reasons.map(({ code }) => code)).not.toContain('LUNCH');
    expect(reasons).toHaveLength(1 + 6);

    await lunchRow.getByRole('button', { name: 'Enable' }).click();
    await lunchRow.getByText('Enabled', { exact: true }).waitFor();
    expect(
      (await call<Item[]>(baseUrl, '/pause-reasons', { token })).map((item) => item.code).sort(),
    ).toEqual(expect.arrayContaining(['BREAK', 'LUNCH']));

    // Dispositions: the action is explained, and a code is unique (the server's 409 shows in the form).
    await openMenu(page, 'Dispositions');
    const createDisposition = async (code: string, name: string, action: string) => {
      const form = page.getByRole('form', { name: 'Create disposition' });
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Action on the lead').selectOption({ label: action });
      await form.getByRole('button', { name: 'Create disposition' }).click();
      return form;
    };
    await page.getByRole('button', { name: 'New disposition' }).click();
    await createDisposition('SALE', 'Sale', 'Success');
    await tableRow(page, 'Dispositions', 'SALE').getByText('Success').waitFor();

    await page.getByRole('button', { name: 'New disposition' }).click();
    const duplicate = await createDisposition('SALE', 'Call me later', 'Call back');
    await expectAlert(page, 'A disposition with code SALE already exists');
    expect(await duplicate.getByLabel('Name', { exact: true }).inputValue()).toBe('Call me later');
    expect(await duplicate.getByText('The lead is scheduled to be called again.').isVisible()).toBe(true);
    await duplicate.getByLabel('Code').fill('CALLBACK');
    await duplicate.getByRole('button', { name: 'Create disposition' }).click();
    await tableRow(page, 'Dispositions', 'Call me later').getByText('Call back').waitFor();
    const dispositions = await call<Item[]>(baseUrl, '/dispositions', { token });
    expect(dispositions.map(({ code, action }) => ({ code, action }))).toEqual(
      expect.arrayContaining([
        { code: 'SALE', action: 'SUCCESS' },
        { code: 'CALLBACK', action: 'CALLBACK' },
      ]),
    );
    // The two created here beside the six a new tenant starts with.
    expect(dispositions).toHaveLength(2 + 6);

    // Agents: the member and the extension come from the tenant's lists.
    await openMenu(page, 'Agents');
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByText('No agents yet.').waitFor();
    await page.getByRole('button', { name: 'New agent' }).click();
    const agentForm = page.getByRole('form', { name: 'Create agent' });
    const userPicker = agentForm.getByLabel('User', { exact: true });
    await userPicker
      .getByRole('option', { name: `Bruna Agente <${bruna.user.email}>` })
      .waitFor({ state: 'attached' });
    expect(await userPicker.innerText()).not.toContain(carlos.user.email);
    await userPicker.selectOption({ label: `Bruna Agente <${bruna.user.email}>` });
    await agentForm.getByLabel('Name', { exact: true }).fill('Bruna');
    // The old extension is still offered; the server refuses it and the form keeps what was typed.
    await agentForm.getByLabel('Extension', { exact: true }).selectOption({ label: '2009 — Antigo' });
    await agentForm.getByRole('button', { name: 'Create agent' }).click();
    await expectAlert(page, 'This extension serves another agent already');
    expect(await agentForm.getByLabel('Name', { exact: true }).inputValue()).toBe('Bruna');
    await agentForm.getByLabel('Extension', { exact: true }).selectOption({ label: '2001 — Vendas' });
    await agentForm.getByRole('button', { name: 'Create agent' }).click();
    const agentRow = tableRow(page, 'Agents', 'Bruna');
    const state = agentRow.getByTestId('agent-state');
    await state.getByText('Logged out', { exact: true }).waitFor();
    expect(await agentRow.innerText()).toContain(bruna.user.email);
    expect(await agentRow.innerText()).toContain('2001');
    const [stored] = await call<{ userId: string; name: string; state: string }[]>(baseUrl, '/agents', {
      token,
    });
    expect(stored).toMatchObject({ userId: bruna.user.id, name: 'Bruna', state: 'LOGGED_OUT' });

    // The agent logs in and pauses from their own session: the admin's open page follows, no reload.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const agentToken = await apiTakeOver(baseUrl, {
      email: bruna.user.email,
      generatedPassword: bruna.password,
      newPassword: 'agent-secret-password-5',
      tenantId: admin.tenantId,
    });
    await call(baseUrl, '/agents/me/login', { method: 'POST', token: agentToken });
    await state.getByText('Available', { exact: true }).waitFor();
    const shortBreak = reasons.find((reason) => reason.code === 'BREAK')!;
    await call(baseUrl, '/agents/me/pause', {
      method: 'POST',
      token: agentToken,
      body: { pauseReasonId: shortBreak.id },
    });
    await state.getByText('Paused · Short break').waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // The same pages in pt-BR.
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Agentes' }).waitFor();
    await tableRow(page, 'Agentes', 'Bruna')
      .getByTestId('agent-state')
      .getByText('Em pausa · Short break')
      .waitFor();
    expect(await page.getByRole('columnheader', { name: 'Ramal' }).isVisible()).toBe(true);
    expect(await page.getByText('Ao vivo', { exact: true }).isVisible()).toBe(true);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Tabulações', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tabulações' }).waitFor();
    await tableRow(page, 'Tabulações', 'SALE').getByText('Sucesso').waitFor();
    await tableRow(page, 'Tabulações', 'CALLBACK').getByText('Retornar ligação').waitFor();
    expect(await page.getByRole('button', { name: 'Nova tabulação' }).isVisible()).toBe(true);
  } finally {
    await context.close();
  }
});
