// A tenant admin routes DIDs into the tenant and versions the dialplan: rules checked by the
// server, a version compared with the active one, activated, then rolled back.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

/** A Brazilian DID nobody holds yet: 55 11 and eight digits. */
// A São Paulo landline (area 11, eight digits from 3): valid, so the console formats it.
const did = () => `55113${Math.floor(1e6 + Math.random() * 9e6)}`;

it('routes one of its numbers to an extension, then to a queue; another tenant’s number is not offered', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'routing');
  await call(baseUrl, '/extensions', {
    method: 'POST',
    token: admin.token,
    body: { number: '2001', callerId: 'Recepcao' },
  });
  const queue = await call<{ id: string }>(baseUrl, '/queues', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Suporte' },
  });
  const menu = await call<{ id: string }>(baseUrl, '/ivr-menus', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Menu principal', context: 'menu-principal' },
  });
  const other = await apiTenantAdmin(baseUrl, platformAdmin, 'routing-other');
  await call(baseUrl, '/extensions', { method: 'POST', token: other.token, body: { number: '3001' } });
  const taken = did();
  const mine = did();
  // The platform assigns numbers (decision 0063); a tenant routes only its own.
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  for (const [tenantId, number] of [
    [other.tenantId, taken],
    [admin.tenantId, mine],
  ] as const) {
    await call(baseUrl, `/tenants/${tenantId}/numbers`, {
      method: 'POST',
      token: platformToken,
      body: { number },
    });
  }
  await call(baseUrl, '/inbound-routes', {
    method: 'POST',
    token: other.token,
    body: { didNumber: taken, destinationType: 'EXTENSION', destinationNumber: '3001' },
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(page, 'Inbound routes');
    await page.getByText('No inbound routes yet.').waitFor();

    // Picked among the tenant's own numbers, shown the way Brazilians write them.
    await page.getByRole('button', { name: 'New inbound route' }).click();
    const create = page.getByRole('form', { name: 'Create inbound route' });
    const shown = `(${mine.slice(2, 4)}) ${mine.slice(4, 8)}-${mine.slice(8)}`;
    const offered = () => create.getByLabel('DID number').locator('option').allInnerTexts();
    await expect.poll(async () => (await offered()).slice(1)).toEqual([shown]);
    await create.getByLabel('DID number').selectOption({ label: shown });
    await create.getByLabel('Extension', { exact: true }).selectOption({ label: '2001 — Recepcao' });
    await create.getByLabel('Description').fill('Linha principal');
    await create.getByRole('button', { name: 'Create route' }).click();
    const route = row(page, shown);
    await route.getByText('2001 — Recepcao').waitFor();
    expect(await route.innerText()).toContain('Extension');

    // The destination picker follows the type: queues are listed by name.
    await route.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit inbound route' });
    await edit.getByLabel('Destination type').selectOption({ label: 'Queue' });
    await edit.getByLabel('Queue', { exact: true }).selectOption({ label: 'Suporte' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await route.getByText('Suporte').waitFor();
    expect(await route.innerText()).not.toContain('2001');
    const stored = await call<
      { didNumber: string; destinationType: string; destinationNumber: string; description: string }[]
    >(baseUrl, '/inbound-routes', { token: admin.token });
    expect(stored).toEqual([
      expect.objectContaining({
        didNumber: `+${mine}`,
        destinationType: 'QUEUE',
        destinationNumber: queue.id,
        description: 'Linha principal',
      }),
    ]);

    // An IVR menu is picked by name and stored by its id, as a queue is (decision 0074).
    await route.getByRole('button', { name: 'Edit' }).click();
    await edit.getByLabel('Destination type').selectOption({ label: 'IVR menu' });
    await edit.getByLabel('IVR menu', { exact: true }).selectOption({ label: 'Menu principal' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await route.getByText('Menu principal').waitFor();
    const toMenu = await call<{ destinationType: string; destinationNumber: string }[]>(baseUrl, '/inbound-routes', {
      token: admin.token,
    });
    expect(toMenu).toEqual([expect.objectContaining({ destinationType: 'IVR', destinationNumber: menu.id })]);
  } finally {
    await context.close();
  }
});

it('creates a rule, refuses hostile data, activates a new version and rolls it back', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'dialplan');
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(page, 'Dialplan');
    const rules = page.getByRole('table', { name: 'Rules' });
    const versions = page.getByRole('table', { name: 'Versions' });
    const version = (number: number) => versions.getByRole('row').filter({ hasText: `v${number}` });
    await rules.getByRole('row').filter({ hasText: 'internal-extensions' }).waitFor();
    await version(1).getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'Create rule' });
    await form.getByLabel('Name', { exact: true }).fill('e2e-reception');
    await form.getByLabel('Expression').fill('^7000$');
    const action = (n: number) => form.getByRole('group', { name: `Action ${n}`, exact: true });
    await action(1).getByLabel('Application').selectOption('answer');
    await form.getByRole('button', { name: 'Add action' }).click();
    await action(2).getByLabel('Application').selectOption('set');
    await action(2).getByLabel('Data').fill('api_hangup_hook=system id');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expectAlert(page, 'Not allowed: the switch would read part of this text as a command.');
    const problems = form.getByRole('list', { name: 'What the server refused' });
    expect(await problems.innerText()).toContain('Action 2 · Data: setting api_hangup_hook is not allowed');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('e2e-reception');

    // Fixed, plus a log line moved up before the bridge.
    await action(2).getByLabel('Application').selectOption('bridge');
    await action(2).getByLabel('Data').fill('user/2001@${domain_name}');
    await form.getByRole('button', { name: 'Add action' }).click();
    await action(3).getByLabel('Application').selectOption('log');
    await action(3).getByLabel('Data').fill('INFO e2e reception');
    await action(3).getByRole('button', { name: 'Move up' }).click();
    expect(await action(2).getByLabel('Data').inputValue()).toBe('INFO e2e reception');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await rules.getByRole('row').filter({ hasText: 'e2e-reception' }).waitFor();
    const saved = await call<{ name: string; actions: { application: string }[] }[]>(
      baseUrl,
      '/dialplan/rules',
      {
        token: admin.token,
      },
    );
    expect(saved.find((rule) => rule.name === 'e2e-reception')?.actions.map((a) => a.application)).toEqual([
      'answer',
      'log',
      'bridge',
    ]);

    // A new version shows what it adds to the active one.
    await page.getByRole('button', { name: 'Generate version' }).click();
    await version(2).getByText('Draft', { exact: true }).waitFor();
    const diff = page.getByRole('region', { name: 'Version 2' });
    await diff.getByRole('insertion').filter({ hasText: 'e2e-reception' }).waitFor();
    expect(
      await diff.getByRole('insertion').filter({ hasText: 'user/2001@${domain_name}' }).innerText(),
    ).toMatch(/^\+/);
    expect(await diff.getByRole('deletion').count()).toBe(0);
    expect(await diff.innerText()).toContain('Compared with the active version v1');

    await version(2).getByRole('button', { name: 'Activate' }).click();
    await version(2).getByRole('button', { name: 'Confirm activation' }).click();
    await version(2).getByText('Active', { exact: true }).waitFor();
    await version(1).getByText('Superseded', { exact: true }).waitFor();

    // Rollback: re-activating version 1.
    await version(1).getByRole('button', { name: 'Roll back to this version' }).click();
    await version(1).getByRole('button', { name: 'Confirm rollback' }).click();
    await version(1).getByText('Active', { exact: true }).waitFor();
    await version(2).getByText('Superseded', { exact: true }).waitFor();
    const statuses = await call<{ number: number; status: string }[]>(
      baseUrl,
      '/dialplan/versions?context=default',
      {
        token: admin.token,
      },
    );
    expect(Object.fromEntries(statuses.map((v) => [v.number, v.status]))).toEqual({
      1: 'ACTIVE',
      2: 'SUPERSEDED',
    });

    // The same page in pt-BR.
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Plano de discagem' }).waitFor();
    const versoes = page.getByRole('table', { name: 'Versões' });
    await versoes.getByRole('row').filter({ hasText: 'v1' }).getByText('Ativa', { exact: true }).waitFor();
    await versoes
      .getByRole('row')
      .filter({ hasText: 'v2' })
      .getByText('Substituída', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Gerar versão' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('table', { name: 'Regras' })
        .getByRole('columnheader', { name: 'Aplicações' })
        .count(),
    ).toBe(1);
  } finally {
    await context.close();
  }
});
