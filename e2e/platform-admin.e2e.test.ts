// The platform admin's own pages: plans, users across tenants, and the audit trail.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiCreateTenant, apiLogin } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn, signOut, unique } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

async function withPlatformAdmin(test: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(
      page,
      env.platform.baseUrl,
      env.platform.platformAdmin.email,
      env.platform.platformAdmin.password,
      { landing: true },
    );
    await test(page);
  } finally {
    await context.close();
  }
}

async function tenantWithAdmin(): Promise<{ code: string; adminEmail: string; adminPassword: string }> {
  const { baseUrl, platformAdmin } = env.platform;
  const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const code = unique('t');
  const adminEmail = `${unique('admin')}@example.test`;
  const { adminPassword } = await apiCreateTenant(baseUrl, token, {
    code,
    name: `Tenant ${code}`,
    adminEmail,
  });
  return { code, adminEmail, adminPassword };
}

it('creates a plan with unlimited limits and edits it', async () => {
  await withPlatformAdmin(async (page) => {
    await openMenu(page, 'Plans');
    const id = unique('plan');
    await page.getByRole('button', { name: 'New plan' }).click();
    const create = page.getByRole('form', { name: 'Create plan' });
    await create.getByLabel('Identifier').fill(id);
    await create.getByLabel('Name').fill('Starter');
    await create.getByLabel('Agents').fill('25');
    await create.getByLabel('Recording retention (days)').fill('90');
    await create.getByRole('button', { name: 'Save' }).click();

    // Columns: id, name, extensions, agents, trunks, queues, campaigns, cps, concurrent calls,
    // monthly calls, leads, storage GB, retention days, AI; blank limits read as unlimited.
    const U = 'Unlimited';
    const planCells = async () => (await row(page, id).getByRole('cell').allInnerTexts()).slice(0, 14);
    await row(page, id).waitFor();
    expect(await planCells()).toEqual([id, 'Starter', U, '25', U, U, U, U, U, U, U, U, '90', 'No']);

    await row(page, id).getByRole('button', { name: 'Edit Starter' }).click();
    const edit = page.getByRole('form', { name: 'Edit plan Starter' });
    await edit.getByLabel('Name').fill('Starter Plus');
    await edit.getByLabel('Agents').fill('');
    await edit.getByLabel('Concurrent calls').fill('1500');
    await edit.getByLabel('AI features enabled').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Starter Plus').waitFor();
    expect(await planCells()).toEqual([id, 'Starter Plus', U, U, U, U, U, U, '1,500', U, U, U, '90', 'Yes']);
  });
});

it('moves a tenant to another plan, then refuses to delete that plan while in use', async () => {
  const tenant = await tenantWithAdmin();
  await withPlatformAdmin(async (page) => {
    await openMenu(page, 'Plans');
    const id = unique('plan');
    await page.getByRole('button', { name: 'New plan' }).click();
    const create = page.getByRole('form', { name: 'Create plan' });
    await create.getByLabel('Identifier').fill(id);
    await create.getByLabel('Name').fill(`Gold ${id}`);
    await create.getByRole('button', { name: 'Save' }).click();
    await row(page, id).waitFor();

    await openMenu(page, 'Tenants');
    await page.getByLabel(`Plan of ${tenant.code}`).selectOption(id);
    // A plan change asks first: its limits apply at once.
    await row(page, tenant.code).getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('status').filter({ hasText: 'Tenant updated.' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(`Plan of ${tenant.code}`).inputValue()).toBe(id);

    await openMenu(page, 'Plans');
    await row(page, id).getByRole('button', { name: 'Delete' }).click();
    await row(page, id).getByRole('button', { name: 'Confirm deletion' }).click();
    await expectAlert(page, 'The plan is used by 1 tenant(s)');
    expect(await row(page, id).count()).toBe(1);
  });
});

it('suspends a tenant only once confirmed, and reactivates it', async () => {
  const tenant = await tenantWithAdmin();
  await withPlatformAdmin(async (page) => {
    await openMenu(page, 'Tenants');
    const tenantRow = row(page, tenant.code);
    await page.getByRole('button', { name: `Suspend ${tenant.code}` }).click();
    await tenantRow.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await tenantRow.getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Suspend ${tenant.code}` }).click();
    await tenantRow.getByRole('button', { name: `Confirm: suspend ${tenant.code}` }).click();
    await tenantRow.getByText('Suspended', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Reactivate ${tenant.code}` }).click();
    await row(page, tenant.code).getByText('Active', { exact: true }).waitFor();
  });
});

it('disables a user only once confirmed, never yourself; their next login is refused with the disabled message', async () => {
  const tenant = await tenantWithAdmin();
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(
      page,
      env.platform.baseUrl,
      env.platform.platformAdmin.email,
      env.platform.platformAdmin.password,
    );
    await openMenu(page, 'Platform users');
    const userRow = row(page, tenant.adminEmail);
    expect(await userRow.innerText()).toContain(tenant.code);
    // Your own row has nothing to disable (the server would refuse it: CANNOT_DISABLE_SELF).
    const ownRow = row(page, env.platform.platformAdmin.email);
    await ownRow.getByText('You', { exact: true }).waitFor();
    expect(await ownRow.getByRole('button').count()).toBe(0);

    await userRow.getByRole('button', { name: `Disable ${tenant.adminEmail}` }).click();
    await userRow.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await userRow.getByText('Active', { exact: true }).waitFor();

    await userRow.getByRole('button', { name: `Disable ${tenant.adminEmail}` }).click();
    await userRow.getByRole('button', { name: `Confirm: disable ${tenant.adminEmail}` }).click();
    await userRow.getByText('Disabled', { exact: true }).waitFor();
    await userRow.getByRole('button', { name: `Enable ${tenant.adminEmail}` }).waitFor();
    await signOut(page);

    await signIn(page, env.platform.baseUrl, tenant.adminEmail, tenant.adminPassword);
    await expectAlert(page, 'This account is disabled. Contact your administrator.');
    expect(page.url()).toMatch(/\/login$/);
  } finally {
    await context.close();
  }
});

it('shows the tenant creation in the audit log with localized dates', async () => {
  const tenant = await tenantWithAdmin();
  await withPlatformAdmin(async (page) => {
    await openMenu(page, 'Audit log');
    const entry = page
      .getByRole('row')
      .filter({ hasText: 'Tenant created' })
      .filter({ hasText: `code: ${tenant.code}` });
    await entry.waitFor();
    const [when, tenantName, actor] = await entry.getByRole('cell').allInnerTexts();
    expect(tenantName).toBe(`Tenant ${tenant.code}`);
    expect(actor).toContain(env.platform.platformAdmin.email);
    expect(when).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);

    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    const entrada = page.getByRole('row').filter({ hasText: 'Empresa criada' }).filter({ hasText: `code: ${tenant.code}` });
    await entrada.waitFor();
    const [quando] = await entrada.getByRole('cell').allInnerTexts();
    expect(quando).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  });
});

it('shows the health of the platform components and its configuration flags', async () => {
  await withPlatformAdmin(async (page) => {
    await openMenu(page, 'System');
    await row(page, 'Database').getByText('OK', { exact: true }).waitFor();
    await row(page, 'Cache').getByText('OK', { exact: true }).waitFor();
    await page.getByText('Base domain').waitFor();
  });
});
