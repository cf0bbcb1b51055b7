// Each role's home page: platform (tenants, health, usage against plans), tenant admin (setup
// checklist, live phone registrations, live agents by state), agent (its bar and queues); and the
// usage bars of the platform's tenants page.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment({ withSwitch: true });

it("shows the platform admin the tenants, the components' health and each tenant's usage against its plan", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'usage');
  await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '3001' } });
  await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '3002' } });
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const tenants = await call<{ id: string; code: string; status: string }[]>(baseUrl, '/tenants', {
    token: platformToken,
  });
  const code = tenants.find((tenant) => tenant.id === admin.tenantId)!.code;

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, platformAdmin.email, platformAdmin.password, { landing: true });
    const summary = page.getByRole('region', { name: 'Tenants' });
    await expect
      .poll(() => summary.getByRole('definition').allInnerTexts())
      .toEqual([String(tenants.length), String(tenants.filter((t) => t.status === 'ACTIVE').length), '0']);

    const health = page.getByRole('list', { name: 'Health' });
    await expect
      .poll(() => health.getByRole('listitem').allInnerTexts())
      .toEqual(['Database: OK', 'Cache: OK', 'Telephony switch: OK']);

    const usage = page.getByRole('region', { name: 'Usage against plans' });
    const usageRow = usage.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
    // Columns: plan, extensions, agents, trunks, queues, campaigns, leads, calls this month, storage.
    expect((await usageRow.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Trial',
      '2 / 5',
      '0 / 5',
      '0 / 1',
      '0 / 2',
      '0 / 2',
      '0 / 100,000',
      '0 / 1,000',
      '0 / 1',
    ]);

    // The tenants page shows the same usage, as bars a screen reader reads.
    await openMenu(page, 'Tenants');
    const bar = page.getByRole('meter', { name: `Extensions of ${code}: 2 / 5` });
    expect(await bar.getAttribute('aria-valuenow')).toBe('2');
    expect(await bar.getAttribute('aria-valuemax')).toBe('5');
    await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number: '3003' } });
    await page.reload();
    await page.getByRole('meter', { name: `Extensions of ${code}: 3 / 5` }).waitFor();
  } finally {
    await context.close();
  }
});

it('shows a tenant admin the setup checklist, phone registrations and agents by state, live', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'home');
  const agent = await apiAgent(baseUrl, admin, { queues: ['Suporte'] });
  const phone = await call<{ domain: string; sipPassword: string }>(baseUrl, '/extensions', {
    method: 'POST',
    token: admin.token,
    body: { number: '4001' },
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    const checklist = page.getByRole('list', { name: 'Setup checklist' });
    const item = (name: string) => checklist.getByRole('listitem').filter({ hasText: name });
    await item('Create extensions for the phones').getByText('Done').waitFor();
    await item('Add a trunk to a carrier').getByText('To do').waitFor();
    await item('Route an inbound number (DID)').getByText('To do').waitFor();
    await item('Create a queue').getByText('Done').waitFor();
    await item('Make members agents').getByText('Done').waitFor();
    await page.getByText('3 of 5 steps done').waitFor();

    const registrations = page.getByTestId('registrations');
    await registrations.getByText('0 of 2 phones registered').waitFor();
    await expect
      .poll(
        () =>
          simulator().control.register({ user: '4001', domain: phone.domain, password: phone.sipPassword })
            .ok,
        { timeout: 10_000 },
      )
      .toBe(true);
    await registrations.getByText('1 of 2 phones registered').waitFor();

    const agents = page.getByRole('list', { name: 'Agents by state' });
    await agents.getByTestId('agents-LOGGED_OUT').getByText('1').waitFor();
    await page.getByRole('region', { name: 'Agents by state' }).getByText('Live', { exact: true }).waitFor();
    await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
    await agents.getByTestId('agents-AVAILABLE').getByText('1').waitFor();
    expect(await agents.getByTestId('agents-LOGGED_OUT').count()).toBe(0);

    // Each step links to its page.
    await item('Add a trunk to a carrier').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Trunks' }).waitFor();
  } finally {
    await context.close();
  }
});

it('shows an agent its bar and its queues on the home page, and the bar in the header elsewhere', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'agent-home');
  const agent = await apiAgent(baseUrl, admin, { queues: ['Vendas', 'Retenção'] });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, agent.email, agent.password, { landing: true });
    const mine = page.getByRole('region', { name: 'Your agent' });
    const bar = mine.getByRole('group', { name: 'Agent' });
    await bar.getByTestId('agent-state').getByText('Logged out').waitFor();
    expect(await page.getByRole('group', { name: 'Agent' }).count()).toBe(1);
    const queues = mine.getByRole('list', { name: 'Your queues' }).getByRole('listitem');
    await expect
      .poll(() => queues.allInnerTexts())
      .toEqual(['Retenção (level 1, position 1)', 'Vendas (level 1, position 1)']);
    await bar.getByRole('button', { name: 'Agent login' }).click();
    await bar.getByTestId('agent-state').getByText('Available').waitFor();

    await openMenu(page, 'Dispositions');
    const header = page.getByRole('banner');
    await header.getByRole('group', { name: 'Agent' }).getByText('Available').waitFor();
  } finally {
    await context.close();
  }
});
