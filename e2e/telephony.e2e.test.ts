// A tenant admin sets up telephony (extensions, trunks, queues) and an agent works from the header.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn, signOut, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('a tenant admin manages extensions, trunks and queues, and an agent uses the agent bar', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'tel');

  const { context, page } = await openPage(env.browser);
  try {
    const myAgent = page.waitForResponse((response) => new URL(response.url()).pathname === '/agents/me');
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    // The admin has no Agent: the server answers 404 and, once the console has taken that in (the
    // next page is open), there is no agent bar.
    expect((await myAgent).status()).toBe(404);
    await openMenu(page, 'Extensions');
    expect(await page.getByRole('group', { name: 'Agent' }).count()).toBe(0);

    // Extensions: the SIP password shows once at creation, on reveal and on reset.
    await page.getByText('No extensions yet.').waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'New extension' }).click();
    const extensionForm = page.getByRole('form', { name: 'Create extension' });
    await extensionForm.getByLabel('Number').fill('1001');
    await extensionForm.getByLabel('Caller ID').fill('Recepcao');
    await extensionForm.getByLabel('Call group').fill('sales');
    await extensionForm.getByRole('button', { name: 'Create extension' }).click();
    const created = await page.getByTestId('one-time-password').innerText();
    // The secret is a SIP account's, named as such (not an e-mail).
    await page.getByText('SIP user', { exact: true }).waitFor();
    expect(await page.getByText('E-mail', { exact: true }).count()).toBe(0);
    expect(created.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('one-time-password').count()).toBe(0);
    const extensionRow = row(page, '1001');
    await extensionRow.getByText('Not registered').waitFor();
    expect(await extensionRow.innerText()).toContain('Recepcao');
    expect(await extensionRow.innerText()).not.toContain(created);

    await extensionRow.getByRole('button', { name: 'Reveal password' }).click();
    expect(await page.getByTestId('one-time-password').innerText()).toBe(created);
    await page.getByRole('button', { name: 'Done' }).click();

    await extensionRow.getByRole('button', { name: 'Reset password' }).click();
    await extensionRow.getByRole('button', { name: 'Confirm reset' }).click();
    const reset = await page.getByTestId('one-time-password').innerText();
    expect(reset).not.toBe(created);
    await page.getByRole('button', { name: 'Done' }).click();
    await extensionRow.getByRole('button', { name: 'Reveal password' }).click();
    expect(await page.getByTestId('one-time-password').innerText()).toBe(reset);
    await page.getByRole('button', { name: 'Done' }).click();

    // Trunks: the password is write-only.
    await openMenu(page, 'Trunks');
    await page.getByRole('button', { name: 'New trunk' }).click();
    const trunkForm = page.getByRole('form', { name: 'Create trunk' });
    await trunkForm.getByLabel('Name', { exact: true }).fill('carrier_one');
    await trunkForm.getByLabel('Host').fill('sip.carrier.example');
    await trunkForm.getByLabel('Username').fill('acct42');
    await trunkForm.getByLabel('Password', { exact: true }).fill('trunk-secret-99');
    await trunkForm.getByLabel('Transport').selectOption('tcp');
    await trunkForm.getByLabel('Register', { exact: true }).check();
    await trunkForm.getByLabel('Calls per second (carrier limit)').fill('1000');
    await trunkForm.getByRole('button', { name: 'Create trunk' }).click();
    const trunkRow = row(page, 'carrier_one');
    await trunkRow.waitFor();
    expect(await call<{ name: string; cpsLimit: number | null }[]>(baseUrl, '/trunks', { token: admin.token })).toEqual([
      expect.objectContaining({ name: 'carrier_one', cpsLimit: 1000 }),
    ]);
    // The list shows the carrier's limit, grouped the language's way.
    const trunkHeaders = await page.getByRole('columnheader').allTextContents();
    expect(trunkHeaders).toContain('CPS limit');
    const cpsCell = trunkRow.getByRole('cell').nth(trunkHeaders.indexOf('CPS limit'));
    expect(await cpsCell.innerText()).toBe('1,000');
    expect(await trunkRow.innerText()).toContain('Password stored');
    expect(await trunkRow.innerText()).toContain('TCP');
    expect(await page.content()).not.toContain('trunk-secret-99');

    // An agent for the queue and the agent bar, set up through the API.
    const agentEmail = `${unique('agent')}@example.test`;
    const invited = await call<{ user: { id: string }; password: string }>(baseUrl, '/users', {
      method: 'POST',
      token: admin.token,
      body: { email: agentEmail, role: 'agent', name: 'Ana Agente' },
    });
    const [extension] = await call<{ id: string }[]>(baseUrl, '/extensions', { token: admin.token });
    await call(baseUrl, '/agents', {
      method: 'POST',
      token: admin.token,
      body: { userId: invited.user.id, extensionId: extension?.id, name: 'Ana' },
    });
    await call(baseUrl, '/pause-reasons', {
      method: 'POST',
      token: admin.token,
      body: { code: 'lunch', name: 'Lunch' },
    });

    // Queues: create, then assign the agent and remove it.
    await openMenu(page, 'Queues');
    await page.getByRole('button', { name: 'New queue' }).click();
    const queueForm = page.getByRole('form', { name: 'Create queue' });
    await queueForm.getByLabel('Name', { exact: true }).fill('Suporte');
    await queueForm.getByLabel('Strategy').selectOption('ROUND_ROBIN');
    await queueForm.getByLabel('Max wait time (s)').fill('120');
    await queueForm.getByLabel('Record calls').check();
    await queueForm.getByRole('button', { name: 'Create queue' }).click();
    const queueRow = row(page, 'Suporte');
    await queueRow.getByText('Round robin').waitFor();
    expect(await queueRow.innerText()).toContain('120');
    await queueRow.getByRole('button', { name: 'Agents' }).click();
    const tiers = page.getByRole('region', { name: 'Agents of Suporte' });
    await tiers.getByText('No agents in this queue.').waitFor();
    // Agents are picked by name, the e-mail and extension beside it.
    await tiers.getByRole('combobox').selectOption({ label: `Ana — ${agentEmail}, 1001` });
    await tiers.getByLabel('Level').fill('2');
    await tiers.getByRole('button', { name: 'Assign' }).click();
    const tierRow = tiers.getByRole('row').filter({ hasText: agentEmail });
    await tierRow.waitFor();
    expect((await tierRow.getByRole('cell').allInnerTexts()).slice(0, 3)).toEqual([`Ana ${agentEmail}, 1001`, '2', '1']);
    // A tier's level and position are edited in place (keyboard focus lands on the level).
    await tierRow.getByRole('button', { name: 'Edit level and position: Ana' }).click();
    const level = tiers.getByRole('textbox', { name: 'Level' });
    expect(await level.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await level.inputValue()).toBe('2');
    await level.fill('3');
    await tiers.getByRole('textbox', { name: 'Position' }).fill('5');
    await tiers.getByRole('button', { name: 'Save' }).click();
    await tierRow.getByRole('cell', { name: '5', exact: true }).waitFor();
    expect((await tierRow.getByRole('cell').allInnerTexts()).slice(1, 3)).toEqual(['3', '5']);
    const [queue] = await call<{ id: string }[]>(baseUrl, '/queues', { token: admin.token });
    expect(await call(baseUrl, `/queues/${queue?.id}/agents`, { token: admin.token })).toMatchObject([{ level: 3, position: 5 }]);
    await tierRow.getByRole('button', { name: 'Remove' }).click();
    await tiers.getByText('No agents in this queue.').waitFor();

    // The agents page says how long each agent has been in its state, and keeps counting.
    await openMenu(page, 'Agents');
    const since = row(page, agentEmail).locator('time');
    const first = await since.innerText();
    expect(first).toMatch(/^\d+ (sec|min)\. ago$/);
    expect(await since.getAttribute('title')).toMatch(/\d{1,2}:\d{2}/);
    await expect.poll(() => since.innerText(), { timeout: 15_000 }).not.toBe(first);
    await signOut(page);

    // The agent works from the header.
    await signIn(page, baseUrl, agentEmail, invited.password);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const agentPassword = 'agent-secret-password-3';
    await page.getByLabel('Current password').fill(invited.password);
    await page.getByLabel('New password', { exact: true }).fill(agentPassword);
    await page.getByLabel('Confirm new password').fill(agentPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const bar = page.getByRole('group', { name: 'Agent' });
    const state = bar.getByTestId('agent-state');
    await state.getByText('Logged out').waitFor();
    await bar.getByRole('button', { name: 'Agent login' }).click();
    await state.getByText('Available').waitFor();
    await bar.getByRole('button', { name: 'Pause' }).click();
    await bar.getByLabel('Pause reason').selectOption({ label: 'Lunch' });
    await bar.getByRole('button', { name: 'Confirm pause' }).click();
    await state.getByText(/Paused/).waitFor();
    expect(await state.innerText()).toContain('Lunch');
    // After a reload the bar still names the reason of the pause.
    await page.reload();
    await state.getByText('Paused · Lunch').waitFor();
    await bar.getByRole('button', { name: 'Resume' }).click();
    await state.getByText('Available').waitFor();
    await bar.getByRole('button', { name: 'Agent logout' }).click();
    await state.getByText('Logged out').waitFor();
  } finally {
    await context.close();
  }
});
