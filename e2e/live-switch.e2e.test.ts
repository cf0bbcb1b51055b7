// The console follows the switch live: a phone registering on the (simulated) switch turns its
// extension's badge without a reload, and a new trunk's status follows its gateway's state.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment({ withSwitch: true });

it('shows registrations and trunk status as the switch reports them', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'live');
  const extension = await call<{ domain: string; sipPassword: string }>(baseUrl, '/extensions', {
    method: 'POST',
    token: admin.token,
    body: { number: '7001' },
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Extensions');
    await page.getByText('Live', { exact: true }).waitFor();
    const badge = row(page, '7001').getByTestId('registration');
    await badge.getByText('Not registered').waitFor();

    // The directory reaches the switch in the background; the phone registers once it is there.
    await expect
      .poll(
        () =>
          simulator().control.register({
            user: '7001',
            domain: extension.domain,
            password: extension.sipPassword,
          }).ok,
        { timeout: 10_000 },
      )
      .toBe(true);
    await badge.getByText(/^Registered · since/).waitFor();
    expect(simulator().control.unregister('7001', extension.domain)).toBe(true);
    await badge.getByText('Not registered').waitFor();

    await openMenu(page, 'Trunks');
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'New trunk' }).click();
    const trunkForm = page.getByRole('form', { name: 'Create trunk' });
    await trunkForm.getByLabel('Name', { exact: true }).fill('operadora');
    await trunkForm.getByLabel('Host').fill('sip.operadora.example');
    await trunkForm.getByLabel('Username').fill('conta');
    await trunkForm.getByLabel('Password', { exact: true }).fill('trunk-secret-7');
    await trunkForm.getByLabel('Register', { exact: true }).check();
    await trunkForm.getByRole('button', { name: 'Create trunk' }).click();
    const trunkRow = row(page, 'operadora');
    await trunkRow.waitFor();
    // The gateway registers with the carrier: the badge turns Up without a reload.
    await trunkRow.getByText('Up', { exact: true }).waitFor({ timeout: 15_000 });
    const [trunk] = await call<{ status: string }[]>(baseUrl, '/trunks', { token: admin.token });
    expect(trunk?.status).toBe('UP');
    // Created without a carrier limit: the list says so.
    const trunkHeaders = await page.getByRole('columnheader').allTextContents();
    const cpsCell = trunkRow.getByRole('cell').nth(trunkHeaders.indexOf('CPS limit'));
    expect(await cpsCell.innerText()).toBe('Unlimited');

    // Fixed in place: a provider whose SIP domain is not its proxy, and a new password.
    await trunkRow.getByRole('button', { name: 'Edit operadora' }).click();
    const editForm = page.getByRole('form', { name: 'Edit trunk operadora' });
    await editForm.getByLabel('Name', { exact: true }).fill('Operadora SP-01');
    await editForm.getByLabel('From domain').fill('operadora.example');
    await editForm.getByLabel('Registration expiry (seconds)').fill('600');
    await editForm.getByLabel('Password', { exact: true }).fill('trunk-secret-8');
    await editForm.getByRole('button', { name: 'Save trunk' }).click();
    await page.getByText('Trunk saved').waitFor();
    await row(page, 'Operadora SP-01').waitFor();
    const [edited] = await call<{ id: string; name: string; fromDomain: string; expireSeconds: number }[]>(baseUrl, '/trunks', { token: admin.token });
    expect(edited).toMatchObject({ name: 'Operadora SP-01', fromDomain: 'operadora.example', expireSeconds: 600 });
    expect(JSON.stringify(edited)).not.toContain('trunk-secret-8');
  } finally {
    await context.close();
  }
});

it('says on the system page which switch the platform drives and that it is connected', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password);
    await openMenu(page, 'System');
    const facts = page.locator('dl.facts');
    await facts.getByText(/^FreeSWITCH at 127\.0\.0\.1:\d+$/).waitFor();
    await facts.getByText('Connected', { exact: true }).waitFor();
    // What the switch said that matched no tenant is counted, for this instance.
    await page.getByRole('heading', { name: 'Switch activity of this instance, since it started' }).waitFor();
    const before = Number((await page.getByTestId('unattributed-events').innerText()).replace(/\D/g, ''));
    env.platform.simulator!().control.inbound({ did: '5599900000002', callerIdNumber: '5511987650000' });
    await expect
      .poll(
        async () => {
          await page.reload();
          return Number((await page.getByTestId('unattributed-events').innerText()).replace(/\D/g, ''));
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(before);
  } finally {
    await context.close();
  }
});
