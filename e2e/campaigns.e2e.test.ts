// Campaigns in the console: the creation form with its queue, trunk, dial levels and calling
// windows by weekday, a refused body answered in words, the state buttons the status allows, and
// deletion.
import { it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('creates a campaign with its calling windows, refuses a minimum dial level above the maximum, stops and deletes it', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'campaigns');
  await call(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  await call(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByText('No campaigns yet.').waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    // The wizard: name and routing, dialing, calling windows, review.
    await form.getByLabel('Name').fill('Renovação 2027');
    await form.getByLabel('Queue').selectOption({ label: 'Vendas' });
    await form.getByLabel('Trunk').selectOption({ label: 'Operadora' });
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByLabel('Minimum dial level (lines per agent)').fill('3');
    await form.getByLabel('Maximum dial level (lines per agent)').fill('2');
    await form.getByRole('button', { name: 'Next' }).click();
    // Friday off, Saturday mornings on.
    await form.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await form.getByRole('checkbox', { name: 'Saturday' }).check();
    await form.getByLabel('Saturday: until').fill('13:00');
    await form.getByRole('button', { name: 'Next' }).click();
    const review = form.getByRole('definition');
    await review.getByText('Mon–Thu 09:00–18:00, Sat 09:00–13:00').waitFor();
    await review.getByText('Vendas').waitFor();
    await form.getByRole('button', { name: 'Create campaign' }).click();
    // Refused: the wizard goes back to the dialing step, with the reason in words.
    await expectAlert(page, 'The minimum dial level cannot be above the maximum.');
    await form.getByLabel('Maximum dial level (lines per agent)').fill('3.5');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await form.waitFor({ state: 'detached' });

    const campaign = row(page, 'Renovação 2027');
    await campaign.getByText('Draft').waitFor();
    await campaign.getByText('Mon–Thu 09:00–18:00, Sat 09:00–13:00').waitFor();
    await campaign.getByText('Vendas').waitFor();
    // A draft has no leads to dial: the only move it offers is Stop.
    await campaign.getByRole('button', { name: 'Stop' }).click();
    await campaign.getByText('Stopped').waitFor();
    await campaign.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });

    await campaign.getByRole('button', { name: 'Delete' }).click();
    await campaign.getByRole('button', { name: 'Confirm deletion' }).click();
    await page.getByText('Campaign deleted.').waitFor();
    await page.getByText('No campaigns yet.').waitFor();
  } finally {
    await context.close();
  }
});
