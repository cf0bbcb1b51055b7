// The platform's number inventory (decision 0063): a platform user assigns numbers to a tenant on
// the tenants page, written as people write them; the tenant routes one of them by picking it.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

/** A block of São Paulo landlines nobody holds yet: (11) 2xxx-xxx0 and the next ones. */
const block = () => 551120000000 + Math.floor(Math.random() * 999_000) * 10;
const national = (n: number) => `(11) ${String(n).slice(4, 8)}-${String(n).slice(8)}`;

it('a platform user assigns a number and a block to a tenant, releases one; the tenant routes one it picks', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'numbers');
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const { code } = await call<{ code: string }>(baseUrl, `/tenants/${admin.tenantId}`, {
    token: platformToken,
  });
  await call(baseUrl, '/extensions', {
    method: 'POST',
    token: admin.token,
    body: { number: '2001', callerId: 'Recepcao' },
  });
  const first = block();

  const platform = await openPage(env.browser);
  try {
    await signIn(platform.page, baseUrl, platformAdmin.email, platformAdmin.password);
    await openMenu(platform.page, 'Tenants');
    await platform.page.getByRole('button', { name: `Phone numbers of ${code}` }).click();
    const panel = platform.page.getByRole('region', { name: `Phone numbers of ${code}` });
    await panel.getByText('No numbers assigned to this tenant yet.').waitFor();
    // One number, written nationally; then a block of three written in two other forms.
    await panel.getByLabel('Number', { exact: true }).fill(national(first));
    await panel.getByRole('button', { name: 'Assign' }).click();
    await panel.getByText('1 number assigned.').waitFor();
    await panel
      .getByLabel('Number', { exact: true })
      .fill(`+55 11 ${String(first + 1).slice(4, 8)}-${String(first + 1).slice(8)}`);
    await panel.getByLabel('Up to (for a block)').fill(String(first + 3));
    await panel.getByRole('button', { name: 'Assign' }).click();
    await panel.getByText('3 numbers assigned.').waitFor();
    // The same number again: the server's refusal, in words.
    await panel.getByLabel('Number', { exact: true }).fill(String(first));
    await panel.getByRole('button', { name: 'Assign' }).click();
    await expectAlert(platform.page, `The number +${first} is already assigned to a tenant.`);
    await row(platform.page, national(first + 3))
      .getByRole('button', { name: `Release ${national(first + 3)}` })
      .click();
    await platform.page.getByRole('button', { name: `Confirm release of ${national(first + 3)}` }).click();
    await expect.poll(() => panel.getByRole('row').count()).toBe(4); // heading row and three numbers
  } finally {
    await platform.context.close();
  }
  const held = await call<{ number: string }[]>(baseUrl, '/numbers', { token: admin.token });
  expect(held.map((one) => one.number)).toEqual([0, 1, 2].map((offset) => `+${first + offset}`));

  const tenant = await openPage(env.browser);
  try {
    await signIn(tenant.page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(tenant.page, 'Inbound routes');
    await tenant.page.getByRole('heading', { name: 'My numbers' }).waitFor();
    await tenant.page.getByRole('button', { name: 'New inbound route' }).click();
    const create = tenant.page.getByRole('form', { name: 'Create inbound route' });
    await create.getByLabel('DID number').selectOption({ label: national(first + 1) });
    await create.getByLabel('Extension', { exact: true }).selectOption({ label: '2001 — Recepcao' });
    await create.getByRole('button', { name: 'Create route' }).click();
    await row(tenant.page, national(first + 1))
      .getByText('2001 — Recepcao')
      .waitFor();
    const stored = await call<{ didNumber: string }[]>(baseUrl, '/inbound-routes', { token: admin.token });
    expect(stored.map((route) => route.didNumber)).toEqual([`+${first + 1}`]);
  } finally {
    await tenant.context.close();
  }
});
