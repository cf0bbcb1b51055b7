// What a person does in the console, as reusable steps. Locators use roles and labels, so a test
// that passes also says the pages are usable with assistive technology.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Signs in from the login page; with `landing`, also waits for the home page it lands on. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  options: { landing?: boolean } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.landing) await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

export async function openMenu(page: Page, entry: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: entry, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

/**
 * Waits until every section of the page has its data: nothing on it still says "Loading…".
 * (Not the network going idle: live pages keep a socket and may poll, so idle is a race.)
 */
export async function waitForLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
}

export function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** What a tenant admin's side menu lists, in English. */
export const TENANT_ADMIN_MENU = [
  'Home',
  'Wallboard',
  'Calls',
  'Dashboard',
  'Queue report',
  'Agent report',
  'Campaign report',
  'Usage',
  'Users',
  'Extensions',
  'Trunks',
  'Queues',
  'Agents',
  'Campaigns',
  'Callbacks',
  'Do not call',
  'Pause reasons',
  'Dispositions',
  'Inbound routes',
  'IVR menus',
  'Dialplan',
  'Settings',
  'Audit log',
];

/** The side menu's entries, in whatever language the console currently speaks. */
export async function menuEntries(page: Page): Promise<string[]> {
  return page.getByRole('navigation').getByRole('link').allInnerTexts();
}

export async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

export async function expectAlert(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: text }).count()).toBeGreaterThan(0);
}

export interface CreatedTenantInUi {
  code: string;
  adminEmail: string;
  adminPassword: string;
  suggestedDomain: string;
}

let sequence = 0;
export function unique(label: string): string {
  sequence += 1;
  return `${label}-${Date.now().toString(36)}${sequence}`;
}

/** Opens the tenant creation form from the Tenants page (a platform admin is signed in). */
export async function openTenantForm(page: Page): Promise<Locator> {
  await openMenu(page, 'Tenants');
  await page.getByRole('button', { name: 'New tenant' }).click();
  return page.getByRole('form', { name: 'Create tenant' });
}

/** Fills the tenant form as a platform admin and reads the one-time password off the page. */
export async function createTenantInUi(page: Page, name: string): Promise<CreatedTenantInUi> {
  const code = unique('t');
  const adminEmail = `${unique('admin')}@example.test`;
  await openMenu(page, 'Tenants');
  await page.getByRole('button', { name: 'New tenant' }).click();
  const form = page.getByRole('form', { name: 'Create tenant' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name', { exact: true }).fill(name);
  const domain = form.getByLabel('Telephony domain');
  await expect.poll(() => domain.inputValue()).toMatch(new RegExp(`^${code}\\.`));
  const suggestedDomain = await domain.inputValue();
  await form.getByLabel('Administrator e-mail').fill(adminEmail);
  await form.getByLabel('Administrator name').fill(`${name} Admin`);
  await form.getByRole('button', { name: 'Create tenant' }).click();
  const adminPassword = await page.getByTestId('one-time-password').innerText();
  await page.getByRole('button', { name: 'I have saved it' }).click();
  return { code, adminEmail, adminPassword, suggestedDomain };
}
