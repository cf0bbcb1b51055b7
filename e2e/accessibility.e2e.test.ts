// Every page of the console passes axe-core without serious or critical violations, for each kind
// of user, and works from the keyboard: skip link, focus into an opened form, Escape, the result.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiTenantAdmin } from './support/api.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openPage } from './support/browser.ts';
import { menuEntries, openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment();

/** Checks the home page, then each page of the side menu, then the change-password page. */
async function checkEveryPage(page: Page, who: string): Promise<number> {
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  // Home's sections load their data; check once they did.
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, `${who}: home`);
  const entries = (await menuEntries(page)).filter((entry) => entry !== 'Home');
  for (const entry of entries) {
    await openMenu(page, entry);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `${who}: ${entry}`);
  }
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await expectAccessible(page, `${who}: change password`);
  return entries.length;
}

it('the login page has no serious accessibility violations', async () => {
  const { context, page } = await openPage(env.browser);
  try {
    await page.goto(`${env.platform.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'login');
  } finally {
    await context.close();
  }
});

it("every platform admin's page has no serious accessibility violations", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password);
    expect(await checkEveryPage(page, 'platform admin')).toBe(5);
  } finally {
    await context.close();
  }
});

it("every tenant admin's page has no serious accessibility violations", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'a11y');
  await apiAgent(baseUrl, admin, { queues: ['Suporte'] });
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    expect(await checkEveryPage(page, 'tenant admin')).toBeGreaterThanOrEqual(11);
  } finally {
    await context.close();
  }
});

it("every agent's page has no serious accessibility violations", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'a11y-agent');
  const agent = await apiAgent(baseUrl, admin, { queues: ['Vendas'] });
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, agent.email, agent.password);
    await page.getByRole('group', { name: 'Agent' }).waitFor();
    expect(await checkEveryPage(page, 'agent')).toBeGreaterThanOrEqual(1);
  } finally {
    await context.close();
  }
});

it('works from the keyboard: skip link, focus into a form, Escape closes it, focus on the one-time secret', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const { context, page } = await openPage(env.browser);
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      return {
        tag: element?.tagName ?? '',
        id: element?.id ?? '',
        label:
          element?.getAttribute('aria-label') ??
          (element as HTMLInputElement | null)?.labels?.[0]?.innerText ??
          '',
      };
    });
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    // The first Tab stop is the skip link; following it puts focus on the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused()).id).toBe('content');

    await openMenu(page, 'Tenants');
    await page.getByRole('button', { name: 'New tenant' }).click();
    const form = page.getByRole('form', { name: 'Create tenant' });
    await form.waitFor();
    await expect.poll(async () => (await focused()).label).toMatch(/^Code/);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    // Back on the button that opened it.
    await expect.poll(async () => (await focused()).tag).toBe('BUTTON');
    expect(
      await page.getByRole('button', { name: 'New tenant' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);

    await page.keyboard.press('Enter');
    await form.waitFor();
    const code = `kb-${Date.now().toString(36)}`;
    await page.keyboard.type(code);
    await form.getByLabel('Name', { exact: true }).fill('Keyboard Ltda');
    await form.getByLabel('Administrator e-mail').fill(`${code}@example.test`);
    await form.getByLabel('Administrator e-mail').press('Enter');
    const secret = page.getByRole('region', { name: 'Generated password' });
    await secret.waitFor();
    await expect.poll(() => secret.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await secret.getByRole('status').innerText()).toContain(
      await page.getByTestId('one-time-password').innerText(),
    );
  } finally {
    await context.close();
  }
});
