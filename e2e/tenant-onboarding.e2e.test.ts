// The first journey of every customer: the platform creates the tenant, its admin takes over.
import { expect, it } from 'vitest';
import { apiBaseDomain, apiLogin } from './support/api.ts';
import { openPage } from './support/browser.ts';
import {
  createTenantInUi,
  expectAlert,
  menuEntries,
  openMenu,
  row,
  signIn,
  signOut,
  TENANT_ADMIN_MENU,
  unique,
} from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

/** The login answer itself (the session helpers keep only the tokens). */
async function apiLoginBody(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { user: { mustChangePassword: boolean } };
}

it('a platform admin creates a tenant whose admin changes the password and manages the team', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const baseDomain = await apiBaseDomain(
    baseUrl,
    await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password),
  );
  const { context, page } = await openPage(env.browser);
  try {
    // The platform admin creates the tenant and receives the admin's one-time password.
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    const tenant = await createTenantInUi(page, 'Acme Cobranças');
    expect(tenant.suggestedDomain).toBe(`${tenant.code}.${baseDomain}`);
    expect(tenant.adminPassword.length).toBeGreaterThanOrEqual(10);
    // By its domain: the usage table below names the tenant's code too.
    const tenantRow = row(page, tenant.suggestedDomain);
    await tenantRow.getByText('Active', { exact: true }).waitFor();
    expect(await tenantRow.innerText()).toContain(tenant.code);
    await signOut(page);

    // The tenant admin must replace the generated password before anything else.
    await signIn(page, baseUrl, tenant.adminEmail, tenant.adminPassword);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.goto(`${baseUrl}/tenant/users`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    const newPassword = 'a-much-better-secret-42';
    await page.getByLabel('Current password').fill(tenant.adminPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    // Inside the tenant: only tenant entries, no platform ones.
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await menuEntries(page)).toEqual(TENANT_ADMIN_MENU);
    expect(await page.getByText('Acme Cobranças').first().isVisible()).toBe(true);

    // Invite a supervisor and read the generated password once.
    await openMenu(page, 'Users');
    const supervisorEmail = `${unique('supervisor')}@example.test`;
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('form', { name: 'Invite a user' });
    await form.getByLabel('E-mail').fill(supervisorEmail);
    await form.getByLabel('Name').fill('Sofia Supervisora');
    await form.getByLabel('Role').selectOption('supervisor');
    await form.getByRole('button', { name: 'Invite', exact: true }).click();
    const generated = await page.getByTestId('one-time-password').innerText();
    expect(generated.length).toBeGreaterThanOrEqual(10);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await page.getByTestId('one-time-password').count()).toBe(0);

    // Change the supervisor's role; the list shows what the server stored.
    const roleSelect = page.getByLabel(`Role of ${supervisorEmail}`);
    expect(await roleSelect.inputValue()).toBe('supervisor');
    await roleSelect.selectOption('agent');
    await page
      .getByRole('status')
      .filter({ hasText: `${supervisorEmail} is now Agent.` })
      .waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(`Role of ${supervisorEmail}`).inputValue()).toBe('agent');

    // A forgotten password: the admin resets it (asked twice) and reads the new one once; it works,
    // and the user must replace it at once.
    await row(page, supervisorEmail).getByRole('button', { name: `Reset the password of ${supervisorEmail}` }).click();
    await row(page, supervisorEmail).getByRole('button', { name: `Confirm: new password for ${supervisorEmail}` }).click();
    const resetPassword = await page.getByTestId('one-time-password').innerText();
    expect(resetPassword).not.toBe(generated);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect((await apiLoginBody(baseUrl, supervisorEmail, resetPassword)).user.mustChangePassword).toBe(true);
    // Never offered for one's own account.
    expect(await row(page, tenant.adminEmail).getByRole('button', { name: /^Reset the password/ }).count()).toBe(0);

    // Remove the supervisor.
    await row(page, supervisorEmail).getByRole('button', { name: 'Remove' }).click();
    await row(page, supervisorEmail).getByRole('button', { name: 'Confirm removal' }).click();
    await page.getByRole('status').filter({ hasText: 'User removed from the tenant.' }).waitFor();
    await expect.poll(() => row(page, supervisorEmail).count()).toBe(0);

    // Removing oneself is refused by the server, and the console says so.
    await row(page, tenant.adminEmail).getByRole('button', { name: 'Remove' }).click();
    await row(page, tenant.adminEmail).getByRole('button', { name: 'Confirm removal' }).click();
    await expectAlert(page, 'You cannot remove yourself from the tenant');
    expect(await row(page, tenant.adminEmail).count()).toBe(1);
  } finally {
    await context.close();
  }
});
