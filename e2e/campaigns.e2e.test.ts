// Campaigns in the console: the creation form with its queue, trunk, dial levels, the dialer's
// settings (CPS, abandon target in percent, retries, state calling-hour laws) and calling windows by
// weekday, a refused body answered in words, an edit, the state buttons the status allows, and
// deletion.
import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('creates a campaign with its calling windows and dialer settings, refuses a minimum dial level above the maximum, edits, stops and deletes it', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'campaigns');
  // A caller ID is one of the tenant's own numbers, assigned by the platform (issue 19, item 21).
  await call(baseUrl, `/tenants/${admin.tenantId}/numbers`, {
    method: 'POST',
    token: await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password),
    body: { number: '(11) 4004-0000' },
  });
  await call(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  await call(baseUrl, '/trunks', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Operadora', host: 'sip.carrier.example' },
  });
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
    await form.getByLabel('Caller ID (optional)').selectOption('+551140040000');
    await form.getByRole('button', { name: 'Next' }).click();
    // The dialer's modes: predictive (the default) asks for its dial levels; preview is not offered.
    const mode = form.getByLabel('Dialing mode');
    expect(await mode.locator('option').allTextContents()).toEqual(['Progressive', 'Predictive']);
    expect(await mode.inputValue()).toBe('PREDICTIVE');
    // The API takes dial levels in hundredths: a third decimal is a field error here, the step stays.
    const minimum = form.getByLabel('Minimum dial level (lines per agent)');
    await minimum.fill('1.155');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText('Enter at most 2 decimal places.').waitFor();
    expect(await minimum.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[aria-current="step"]').textContent()).toBe('2. Dialing');
    await minimum.fill('3');
    await form.getByLabel('Maximum dial level (lines per agent)').fill('2');
    // The dialer's settings: percent on screen, a fraction in the API; a blank retry keeps its default.
    await form.getByLabel('Calls per second (this campaign)').fill('20');
    await form.getByLabel('Abandon rate target (%)').fill('2.5');
    await form.getByLabel('Abandoned after (seconds)').fill('3');
    await form.getByLabel('Busy: retry after (minutes)').fill('10');
    await form.getByRole('button', { name: 'Next' }).click();
    // Friday off, Saturday mornings on.
    await form.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await form.getByRole('checkbox', { name: 'Saturday' }).check();
    await form.getByLabel('Saturday: until').fill('13:00');
    await form.getByRole('checkbox', { name: 'São Paulo debt collection' }).check();
    await form.getByRole('button', { name: 'Next' }).click();
    const review = form.getByRole('definition');
    await review.getByText('Mon–Thu 09:00–18:00, Sat 09:00–13:00').waitFor();
    await review.getByText('Vendas').waitFor();
    // Every field, caller ID and mode included.
    await review.getByText('551140040000').waitFor();
    await review.getByText('Predictive').waitFor();
    await review.getByText('America/Sao_Paulo').waitFor();
    await review.getByText('Busy 10 min, No answer 60 min, Failed 30 min, Abandoned 60 min').waitFor();
    await review.getByText('São Paulo debt collection').waitFor();
    await form.getByRole('button', { name: 'Create campaign' }).click();
    // Refused: the wizard goes back to the dialing step, with the reason in words.
    await expectAlert(page, 'The minimum dial level cannot be above the maximum.');
    await form.getByLabel('Maximum dial level (lines per agent)').fill('3.5');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await form.waitFor({ state: 'detached' });

    // Its row by the exact name: its copy's row will hold the name too.
    const campaign = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Renovação 2027', exact: true }) });
    await campaign.getByText('Draft').waitFor();
    const stored = async () =>
      (await call<Record<string, unknown>[]>(baseUrl, '/campaigns', { token: admin.token })).find(
        (one) => one.name === 'Renovação 2027',
      );
    expect(await stored()).toMatchObject({
      cpsLimit: 20,
      abandonTarget: 0.025,
      abandonAfterSeconds: 3,
      retryMinutes: { BUSY: 10 },
      callingPolicies: ['SP_COLLECTION'],
    });
    // Editing shows the stored settings as entered; the limit cleared is no limit.
    await campaign.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit campaign' });
    expect(await edit.getByLabel('Abandon rate target (%)').inputValue()).toBe('2.5');
    expect(await edit.getByRole('checkbox', { name: 'São Paulo debt collection' }).isChecked()).toBe(true);
    // In pt-BR the third decimal after the comma is refused in Portuguese, and nothing is sent.
    const sent: string[] = [];
    const watch = (request: Request) => {
      if (request.method() !== 'GET' && request.url().includes('/campaigns'))
        sent.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', watch);
    await page.getByLabel('Language').selectOption('pt-BR');
    const editPt = page.getByRole('form', { name: 'Editar campanha' });
    const maximum = editPt.getByLabel('Nível máximo de discagem (linhas por agente)');
    expect(await maximum.inputValue()).toBe('3,5');
    await maximum.fill('1,155');
    await editPt.getByRole('button', { name: 'Salvar' }).click();
    await editPt.getByText('Informe no máximo 2 casas decimais.').waitFor();
    expect(await maximum.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    page.off('request', watch);
    expect(await stored()).toMatchObject({ pacingMax: 3.5 });
    await maximum.fill('3,5');
    await page.getByLabel('Idioma').selectOption('en');
    await edit.getByLabel('Abandon rate target (%)').fill('4');
    await edit.getByLabel('Calls per second (this campaign)').fill('');
    await edit.getByRole('checkbox', { name: 'Rio de Janeiro telemarketing' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await stored()).toMatchObject({
      cpsLimit: null,
      abandonTarget: 0.04,
      callingPolicies: ['RJ_TELEMARKETING', 'SP_COLLECTION'],
    });
    await campaign.getByText('Mon–Thu 09:00–18:00, Sat 09:00–13:00').waitFor();
    await campaign.getByText('Vendas').waitFor();
    // A draft has no leads to dial: the only move it offers is Stop, which asks first and says it is final.
    await campaign.getByRole('button', { name: 'Stop Renovação 2027' }).click();
    await campaign
      .getByRole('alert')
      .getByText(/Stopping is final/)
      .waitFor();
    await campaign.getByRole('button', { name: 'Cancel' }).click();
    expect((await stored())?.status).toBe('DRAFT');
    await campaign.getByRole('button', { name: 'Stop Renovação 2027' }).click();
    await campaign.getByRole('button', { name: 'Confirm: stop for good' }).click();
    await campaign.getByText('Stopped').waitFor();
    await campaign.getByRole('button', { name: 'Stop Renovação 2027' }).waitFor({ state: 'detached' });

    // Stopped is final: the console offers a copy, progressive this time.
    await campaign.getByRole('button', { name: 'Duplicate campaign Renovação 2027' }).click();
    const copy = page.getByRole('form', { name: 'New campaign' });
    expect(await copy.getByLabel('Name').inputValue()).toBe('Renovação 2027 (copy)');
    expect(await copy.getByLabel('Caller ID (optional)').inputValue()).toBe('+551140040000');
    await copy.getByRole('button', { name: 'Next' }).click();
    await copy.getByLabel('Dialing mode').selectOption('PROGRESSIVE');
    await copy.getByLabel('Maximum dial level (lines per agent)').waitFor({ state: 'detached' });
    await copy.getByRole('button', { name: 'Next' }).click();
    await copy.getByRole('button', { name: 'Next' }).click();
    await copy.getByRole('definition').getByText('Progressive').waitFor();
    await copy.getByRole('button', { name: 'Create campaign' }).click();
    await copy.waitFor({ state: 'detached' });
    const copied = (
      await call<Record<string, unknown>[]>(baseUrl, '/campaigns', { token: admin.token })
    ).find((one) => one.name === 'Renovação 2027 (copy)');
    expect(copied).toMatchObject({
      status: 'DRAFT',
      pacingMin: 1,
      pacingMax: 1,
      callerId: '+551140040000',
      queueId: (await stored())?.queueId,
      callingPolicies: ['RJ_TELEMARKETING', 'SP_COLLECTION'],
    });
    const copyRow = row(page, 'Renovação 2027 (copy)');
    await copyRow.getByText('Draft').waitFor();
    await copyRow.getByRole('button', { name: 'Delete' }).click();
    await copyRow.getByRole('button', { name: 'Confirm deletion' }).click();
    await copyRow.waitFor({ state: 'detached' });

    await campaign.getByRole('button', { name: 'Delete' }).click();
    await campaign.getByRole('button', { name: 'Confirm deletion' }).click();
    await page.getByText('Campaign deleted.').waitFor();
    await page.getByText('No campaigns yet.').waitFor();
  } finally {
    await context.close();
  }
});
