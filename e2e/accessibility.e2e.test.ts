// Every page of the console passes axe-core without serious or critical violations, for each kind
// of user, and works from the keyboard: skip link, focus into an opened form, Escape, the result.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openPage } from './support/browser.ts';
import { menuEntries, openMenu, row, signIn, waitForLoaded } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent, apiMyUserId } from './support/people.ts';

const env = useE2eEnvironment();

/** Checks the home page, then each page of the side menu, then the change-password page. */
async function checkEveryPage(page: Page, who: string): Promise<number> {
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  await waitForLoaded(page);
  await expectAccessible(page, `${who}: home`);
  const entries = (await menuEntries(page)).filter((entry) => entry !== 'Home');
  for (const entry of entries) {
    await openMenu(page, entry);
    await waitForLoaded(page);
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

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not rendered');
  return found;
};
const sameRow = (a: Box, b: Box) => Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < a.height / 2;
const WIDTH = 1366;

it('at 1366x768 the plans table keeps its Edit and Delete buttons in view', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const token = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const name = `Enterprise ${Date.now().toString(36)}`;
  await call(baseUrl, '/plans', {
    method: 'POST',
    token,
    body: {
      name,
      max_extensions: 100000,
      max_agents: 100000,
      max_trunks: 100000,
      max_queues: 100000,
      max_campaigns: 100000,
      max_cps: 100000,
      max_concurrent_calls: 100000,
      maxMonthlyCalls: 10000000,
      maxRecordingStorageGb: 100000.5,
      aiEnabled: true,
    },
  });
  const { context, page } = await openPage(env.browser);
  try {
    await page.setViewportSize({ width: WIDTH, height: 768 });
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    await openMenu(page, 'Plans');
    const planRow = row(page, name);
    for (const button of [
      planRow.getByRole('button', { name: `Edit ${name}` }),
      planRow.getByRole('button', { name: 'Delete' }),
    ]) {
      const { x, width } = await box(button);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(WIDTH);
    }
    // The page itself never scrolls sideways; only the table's own container may.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  } finally {
    await context.close();
  }
});

it("at 1366x768 the header keeps the agent's controls apart from the account's", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'header-with-a-long-code');
  // The tenant admin is an agent too: the fullest header there is.
  await apiAgent(baseUrl, admin, { existingUserId: await apiMyUserId(baseUrl, admin.token) });
  const { context, page } = await openPage(env.browser);
  try {
    await page.setViewportSize({ width: WIDTH, height: 768 });
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(page, 'Agents');
    const header = page.getByRole('banner');
    const bar = header.getByRole('group', { name: 'Agent' });
    await bar.getByRole('button', { name: 'Agent login' }).click();
    const agentLogout = bar.getByRole('button', { name: 'Agent logout' });
    await agentLogout.waitFor();

    const controls = header.locator('a:visible, button:visible, select:visible');
    for (const control of await controls.all()) {
      const { x, width } = await box(control);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(WIDTH);
    }
    const logout = await box(header.getByRole('button', { name: 'Log out' }));
    const changePassword = await box(header.getByRole('link', { name: 'Change password' }));
    const language = await box(header.getByLabel('Language'));
    const leaveAsAgent = await box(agentLogout);
    // The account's controls share one line, in order.
    expect(sameRow(logout, changePassword) && sameRow(logout, language)).toBe(true);
    expect(language.x).toBeLessThan(changePassword.x);
    expect(changePassword.x).toBeLessThan(logout.x);
    // The agent's controls end before the account's begin, or sit on a line of their own.
    if (sameRow(leaveAsAgent, logout)) expect(leaveAsAgent.x + leaveAsAgent.width).toBeLessThan(language.x);
    else expect(leaveAsAgent.y + leaveAsAgent.height).toBeLessThanOrEqual(logout.y);
  } finally {
    await context.close();
  }
});
