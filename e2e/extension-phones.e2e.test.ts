// An extension is fixed in place (Edit), its phone gets what it needs to register (registrar,
// transport), a refused REGISTER shows live on its row, deleting says the number is gone for good,
// and an agent logged in without a registered phone is warned.
import { expect, it } from 'vitest';
import { apiTakeOver, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn, signOut } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment({ withSwitch: true });

interface ExtensionBody {
  id: string;
  domain: string;
  callerId: string | null;
  callGroup: string | null;
  codecs: string[];
  maxRegistrations: number;
}

it('edits an extension, shows the phone setup and refused registrations, and warns an agent without a registered phone', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'phones');

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Extensions');
    await page.getByText('Live', { exact: true }).waitFor();

    // Created: what a phone needs, and no "shown once / change at first access" of user passwords.
    await page.getByRole('button', { name: 'New extension' }).click();
    const createForm = page.getByRole('form', { name: 'Create extension' });
    await createForm.getByLabel('Number').fill('7101');
    await createForm.getByRole('button', { name: 'Create extension' }).click();
    const setup = page.getByRole('status', { name: 'Phone setup for extension 7101' });
    await setup.waitFor();
    const password = await setup.getByTestId('one-time-password').innerText();
    const [created] = await call<ExtensionBody[]>(baseUrl, '/extensions', { token: admin.token });
    const setupText = await setup.innerText();
    for (const expected of ['SIP user', '7101', created!.domain, 'Registrar / proxy', '127.0.0.1:5060', 'Transport', 'UDP']) expect(setupText).toContain(expected);
    expect(setupText).not.toMatch(/only once|first access/i);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Phone setup for extension 7101');
    await setup.getByRole('button', { name: 'Done' }).click();

    // Edit: caller id, call group, codecs (in order) and phones at once, from the keyboard too.
    const extensionRow = row(page, '7101');
    await extensionRow.getByRole('button', { name: 'Edit extension 7101' }).click();
    const editForm = page.getByRole('form', { name: 'Edit extension 7101' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('label')?.innerText.trim())).toBe('Caller ID');
    await editForm.getByLabel('Caller ID').fill('Suporte');
    await editForm.getByLabel('Call group').fill('vendas');
    await editForm.getByLabel('Phones at once').fill('5');
    await editForm.getByLabel('G722').check();
    await editForm.getByLabel('PCMA').uncheck();
    await editForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Extension 7101 saved.').waitFor();
    expect(await extensionRow.innerText()).toContain('Suporte');
    expect(await extensionRow.innerText()).toContain('vendas');
    const [edited] = await call<ExtensionBody[]>(baseUrl, '/extensions', { token: admin.token });
    expect(edited).toMatchObject({ callerId: 'Suporte', callGroup: 'vendas', codecs: ['PCMU', 'G722'], maxRegistrations: 5 });
    // Esc closes the form without saving.
    await extensionRow.getByRole('button', { name: 'Edit extension 7101' }).click();
    await editForm.getByLabel('Caller ID').fill('Not saved');
    await page.keyboard.press('Escape');
    expect(await editForm.count()).toBe(0);
    expect((await call<ExtensionBody[]>(baseUrl, '/extensions', { token: admin.token }))[0]?.callerId).toBe('Suporte');

    // A phone registers, then one with a wrong password is refused: the row says so, live.
    await expect.poll(() => simulator().control.register({ user: '7101', domain: created!.domain, password }).ok, { timeout: 10_000 }).toBe(true);
    await extensionRow.getByText(/^Registered · since/).waitFor();
    expect(await extensionRow.getByTestId('registration-failure').count()).toBe(0);
    simulator().control.unregister('7101', created!.domain);
    expect(simulator().control.register({ user: '7101', domain: created!.domain, password: 'wrong', networkIp: '192.0.2.9' }).ok).toBe(false);
    await extensionRow.getByTestId('registration-failure').getByText(/^Registration refused .* from 192\.0\.2\.9$/).waitFor();
    // …and stays after a reload (stored on the extension).
    await page.reload();
    await row(page, '7101').getByTestId('registration-failure').getByText(/from 192\.0\.2\.9/).waitFor();

    // Deleting asks twice and says the number can never come back.
    await row(page, '7101').getByRole('button', { name: 'Delete' }).click();
    await row(page, '7101').getByRole('alert').getByText('Number 7101 can never be used again, not even for a new extension.').waitFor();
    await row(page, '7101').getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);

    // An agent whose phone is not registered is warned at login; the warning goes once it registers.
    const email = `agent-phones-${Date.now().toString(36)}@example.test`;
    const invited = await call<{ user: { id: string }; password: string }>(baseUrl, '/users', {
      method: 'POST',
      token: admin.token,
      body: { email, role: 'agent', name: 'Bia' },
    });
    await call(baseUrl, '/agents', { method: 'POST', token: admin.token, body: { userId: invited.user.id, extensionId: created!.id } });
    const agentPassword = 'agent-phones-secret-4';
    await apiTakeOver(baseUrl, { email, generatedPassword: invited.password, newPassword: agentPassword, tenantId: admin.tenantId });
    await signIn(page, baseUrl, email, agentPassword);
    const bar = page.getByRole('group', { name: 'Agent' });
    await bar.getByRole('button', { name: 'Agent login' }).click();
    await bar.getByTestId('agent-state').getByText('Available').waitFor();
    await bar.getByRole('alert').getByText('Your phone (extension 7101) is not registered: calls cannot reach you until it is.').waitFor();
    expect(simulator().control.register({ user: '7101', domain: created!.domain, password }).ok).toBe(true);
    await expect.poll(async () => (await call<{ phoneRegistered: boolean }[]>(baseUrl, '/agents', { token: admin.token }))[0]?.phoneRegistered).toBe(true);
    await page.reload();
    await bar.getByTestId('agent-state').getByText('Available').waitFor();
    expect(await bar.getByTestId('phone-not-registered').count()).toBe(0);
  } finally {
    await context.close();
  }
});
