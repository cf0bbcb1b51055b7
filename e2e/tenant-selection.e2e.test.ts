// Someone working for several tenants picks one after login and can switch from the header.
import { expect, it } from 'vitest';
import { apiCreateTenant, apiLogin } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { menuEntries, openMenu, signIn, TENANT_ADMIN_MENU, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('picks a tenant after login, switches from the header, and edits the tenant settings', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const email = `${unique('multi')}@example.test`;
  const north = `Norte ${unique('n')}`;
  const south = `Sul ${unique('s')}`;
  // The second tenant reuses the account, so only the first one yields a password.
  const { adminPassword } = await apiCreateTenant(baseUrl, token, {
    code: unique('n'),
    name: north,
    adminEmail: email,
  });
  await apiCreateTenant(baseUrl, token, { code: unique('s'), name: south, adminEmail: email });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, email, adminPassword);
    const password = 'another-long-secret-7';
    await page.getByLabel('Current password').fill(adminPassword);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByRole('heading', { name: 'Choose a tenant' }).waitFor();
    await page.getByRole('button', { name: new RegExp(south) }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await page.getByText(`You are working in ${south} as Tenant admin.`).isVisible()).toBe(true);
    expect(await menuEntries(page)).toEqual(TENANT_ADMIN_MENU);

    const switcher = page.getByLabel('Tenant', { exact: true });
    await switcher.selectOption({ label: north });
    await page.getByText(`You are working in ${north} as Tenant admin.`).waitFor();

    await openMenu(page, 'Settings');
    // The plan by its name (the starter plan "trial" is called "Trial"), not its id.
    expect(await page.locator('dt:text-is("Plan") + dd').innerText()).toBe('Trial');
    // The zone is chosen from the IANA list, not typed.
    const zone = page.getByLabel('Time zone');
    expect(await zone.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await zone.locator('option').count()).toBeGreaterThan(300);
    await zone.selectOption('Asia/Tokyo');
    // The short-call threshold in percent (stored as a fraction), 60 % until changed.
    const shortCalls = page.getByLabel('Short-call threshold (%)');
    expect(await shortCalls.inputValue()).toBe('60');
    await shortCalls.fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByText('(Asia/Tokyo)').waitFor();
    await openMenu(page, 'Settings');
    expect(await page.getByLabel('Short-call threshold (%)').inputValue()).toBe('45');

    await switcher.selectOption({ label: south });
    await page.getByText(`You are working in ${south} as Tenant admin.`).waitFor();
    expect(await page.getByText('(Asia/Tokyo)').count()).toBe(0);
  } finally {
    await context.close();
  }
});
