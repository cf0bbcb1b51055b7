// Callbacks and the do-not-call list in the console: a lead an agent promised to call back is
// rescheduled, put back to dial now or given up; numbers are added, imported in bulk and removed
// with a reason.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { insertCall } from '../server/src/modules/calls/test-support.ts';
import { apiTenantAdmin, call, type TenantAdmin } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

interface Lead {
  id: string;
  phone: string;
  status: string;
}

/** A campaign with leads, imported through the API as the console would. */
async function campaignWithLeads(admin: TenantAdmin, phones: string[]): Promise<{ campaignId: string; leads: Lead[] }> {
  const { baseUrl } = env.platform;
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Cobrança' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Cobrança dezembro', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 },
  });
  const form = new FormData();
  form.append('file', new Blob([`telefone;nome\n${phones.map((phone, i) => `${phone};Cliente ${i}`).join('\n')}\n`], { type: 'text/csv' }), 'leads.csv');
  const response = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
  expect(response.status).toBeLessThan(300);
  const leads = await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaign.id}/leads?pageSize=500`, { token: admin.token });
  return { campaignId: campaign.id, leads: leads.items.sort((a, b) => a.phone.localeCompare(b.phone)) };
}

/** What the dialer and an agent would leave: a call of the lead, classified "call back" at `when`. */
async function promiseCallback(admin: TenantAdmin, campaignId: string, lead: Lead, when: Date): Promise<void> {
  const { baseUrl } = env.platform;
  const dispositions = await call<{ id: string; action: string }[]>(baseUrl, '/dispositions', { token: admin.token });
  const callback =
    dispositions.find((one) => one.action === 'CALLBACK') ??
    (await call<{ id: string }>(baseUrl, '/dispositions', { method: 'POST', token: admin.token, body: { code: 'RETORNAR', name: 'Retornar', action: 'CALLBACK' } }));
  const callId = await insertCall(env.platform, admin.tenantId, { id: randomUUID(), direction: 'OUTBOUND', calledNumber: lead.phone, campaignId, leadId: lead.id });
  await call(baseUrl, `/calls/${callId}/disposition`, {
    method: 'PATCH',
    token: admin.token,
    body: { dispositionId: callback.id, callbackAt: when.toISOString() },
  });
}

it('reschedules, requeues and gives up callbacks', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'callbacks');
  const { campaignId, leads } = await campaignWithLeads(admin, ['11 98888-0001', '11 98888-0002', '11 98888-0003']);
  const inAnHour = new Date(Date.now() + 3_600_000);
  for (const [index, lead] of leads.entries()) await promiseCallback(admin, campaignId, lead, new Date(inAnHour.getTime() + index * 60_000));

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Callbacks');
    const rows = page.getByTestId('callback-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Soonest first.
    expect(await rows.first().innerText()).toContain('(11) 98888-0001');

    // Reschedule the first to tomorrow: it moves to the end of the list.
    const first = row(page, '(11) 98888-0001');
    await first.getByRole('button', { name: 'Reschedule' }).click();
    const tomorrow = new Date(Date.now() + 26 * 3_600_000);
    const local = new Date(tomorrow.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
    await first.getByLabel('New time').fill(local);
    await first.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Callback rescheduled.').waitFor();
    await expect.poll(async () => (await rows.last().innerText()).includes('(11) 98888-0001')).toBe(true);

    // The second goes back to be dialed now; the third is given up.
    await row(page, '(11) 98888-0002').getByRole('button', { name: 'Call now' }).click();
    await page.getByText("Lead back in the campaign's queue.").waitFor();
    const third = row(page, '(11) 98888-0003');
    await third.getByRole('button', { name: 'Give up calling (11) 98888-0003 back' }).click();
    await third.getByRole('button', { name: 'Confirm: do not call' }).click();
    await page.getByText('Callback given up: the lead will not be called.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    const after = await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaignId}/leads?pageSize=500`, { token: admin.token });
    expect(Object.fromEntries(after.items.map((lead) => [lead.phone, lead.status]))).toEqual({
      '+5511988880001': 'CALLBACK',
      '+5511988880002': 'READY',
      '+5511988880003': 'DO_NOT_CALL',
    });
  } finally {
    await context.close();
  }
});

it('adds a number to the do-not-call list, imports a list in bulk, and removes a number with a reason', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'suppression');
  const { campaignId } = await campaignWithLeads(admin, ['11 97777-0001', '11 97777-0002']);

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Do not call');
    await page.getByText('The list is empty.').waitFor();

    const add = page.getByRole('form', { name: 'Add a number' });
    await add.getByLabel('Phone').fill('11 9ABC');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect.poll(async () => (await add.getByRole('alert').count()) > 0).toBe(true);
    await add.getByLabel('Phone').fill('(11) 97777-0001');
    await add.getByLabel('Note').fill('Pediu por telefone');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByText('(11) 97777-0001 will not be called (1 lead stopped).').waitFor();
    await row(page, '(11) 97777-0001').getByText('Added by hand').waitFor();

    // A Não Me Perturbe style list: one number a line.
    const list = ['11 97777-0002', '21 3456-7890', 'not a number', '11 97777-0002'].join('\n');
    await page.getByLabel('File').setInputFiles({ name: 'nao-me-perturbe.txt', mimeType: 'text/plain', buffer: Buffer.from(`${list}\n`) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('count-imported').innerText()).toBe('2');
    expect(await summary.getByTestId('count-invalid').innerText()).toBe('1');
    await row(page, '(21) 3456-7890').getByText('Imported list').waitFor();

    // Both leads of the campaign stopped being dialable.
    const leads = await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaignId}/leads?pageSize=500`, { token: admin.token });
    expect(leads.items.map((lead) => lead.status)).toEqual(['DO_NOT_CALL', 'DO_NOT_CALL']);

    // Removing needs a reason.
    const entry = row(page, '(11) 97777-0001');
    await entry.getByRole('button', { name: 'Remove (11) 97777-0001 from the list' }).click();
    await entry.getByLabel('Why remove (11) 97777-0001?').fill('Cliente voltou a aceitar contato');
    await entry.getByRole('button', { name: 'Remove from the list' }).click();
    await page.getByText('Number removed from the list.').waitFor();
    await entry.waitFor({ state: 'detached' });

    await page.getByLabel('Phone', { exact: true }).last().fill('+55 21 3456-7890');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('suppression-row').count()).toBe(1);
  } finally {
    await context.close();
  }
});

it('says in words why a number cannot be added', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'suppression-bad');
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Do not call');
    const add = page.getByRole('form', { name: 'Add a number' });
    await add.getByLabel('Phone').fill('+1 212 555 1234');
    await add.getByRole('button', { name: 'Add' }).click();
    await expectAlert(page, /Brazil|brasileiro/i);
  } finally {
    await context.close();
  }
});
