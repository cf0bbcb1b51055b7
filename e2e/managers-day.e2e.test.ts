// A manager's day, end to end on the embedded switch: a lead file Excel saved as Windows-1252 (accented
// names) is imported through the console, the campaign runs with an agent whose phone answers by
// itself, the agent classifies the call "call back" at a time picked on the bar, the callbacks page
// lists it, and the calls page finds the call with its recording, which plays.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';
import { ALL_WEEK, answeringDialer, registerAgentPhone } from './support/dialer.ts';

// The customer answers after a second and talks for a few seconds.
const env = useE2eEnvironment({ withSwitch: true, dialer: answeringDialer(4) });

const ZONE = 'America/Sao_Paulo';

it("a manager's day: a Windows-1252 lead file imported, the campaign dialed to an agent, a callback picked, listed, and the call's recording played", async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'managers-day');
  const agent = await apiAgent(baseUrl, admin, { name: 'Caio', queues: ['Cobrança'] });
  const extension = await registerAgentPhone(env.platform, admin.token, agent.extensionNumber);
  // The agent's phone picks up by itself; the wrap-up leaves time to classify the call.
  simulator().control.phone(extension.number, extension.domain, { autoAnswerMs: 300 });
  await call(baseUrl, `/agents/${agent.agentId}`, { method: 'PATCH', token: admin.token, body: { wrapUpSeconds: 60 } });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Renegociação', queueId: agent.queueIds[0], trunkId: trunk.id, pacingMin: 1, pacingMax: 2, timezone: ZONE, schedule: ALL_WEEK, recordingEnabled: true, abandonAfterSeconds: 30 },
  });

  const supervisor = await openPage(env.browser);
  const desk = await openPage(env.browser);
  try {
    // The manager imports the file as Excel in pt-BR saves it: Windows-1252, `;`, a Celular column.
    await signIn(supervisor.page, baseUrl, admin.email, admin.password);
    await openMenu(supervisor.page, 'Campaigns');
    await supervisor.page.getByRole('link', { name: 'Renegociação' }).click();
    await supervisor.page.getByText('No leads yet: import a CSV file.').waitFor();
    const latin1 = Buffer.from('Nome;Celular;Cidade\r\nJosé Conceição;11 91234-5678;São João\r\n', 'latin1');
    await supervisor.page.getByLabel('File').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: latin1 });
    await supervisor.page.getByRole('button', { name: 'Import', exact: true }).click();
    await supervisor.page.getByTestId('import-summary').getByTestId('count-imported').getByText('1').waitFor({ timeout: 30_000 });
    await supervisor.page.getByRole('table', { name: 'Leads' }).getByText('José Conceição').waitFor();

    await signIn(desk.page, baseUrl, agent.email, agent.password);
    const bar = desk.page.getByRole('group', { name: 'Agent' });
    await bar.getByText('Available').waitFor();

    const status = supervisor.page.getByTestId('campaign-status');
    await status.getByText('Ready').waitFor();
    await supervisor.page.getByRole('button', { name: 'Start' }).click();
    await status.getByText('Running').waitFor();

    // The dialer calls José, he answers, the agent's phone picks up: his name pops on the bar.
    await bar.getByTestId('lead-name').getByText('José Conceição').waitFor({ timeout: 20_000 });
    await bar.getByText('In call').waitFor({ timeout: 15_000 });
    // He hangs up after a few seconds; the agent classifies the call "call back" at a time he picks.
    await bar.getByText('Wrap-up', { exact: true }).waitFor({ timeout: 20_000 });
    await bar.getByRole('combobox', { name: 'Call disposition' }).selectOption({ label: 'Retornar depois' });
    // The picker reads the time in the tenant's zone: 10:30 in São Paulo (UTC−3, no daylight saving).
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + 86_400_000);
    await bar.getByLabel(/Date and time/).fill(`${tomorrow}T10:30`);
    const expected = `${tomorrow}T13:30:00.000Z`;
    await bar.getByRole('button', { name: 'Save disposition' }).click();
    await bar.getByTestId('disposition-saved').getByText('Disposition saved.').waitFor();

    // The callbacks page lists José at that time.
    await openMenu(supervisor.page, 'Callbacks');
    const callback = supervisor.page.getByTestId('callback-row');
    await callback.filter({ hasText: '(11) 91234-5678' }).filter({ hasText: '10:30' }).waitFor();
    expect(await callback.count()).toBe(1);
    const { items } = await call<{ items: { status: string; nextAttemptAt: string | null }[] }>(baseUrl, `/campaigns/${campaign.id}/leads`, { token: admin.token });
    expect(items).toEqual([expect.objectContaining({ status: 'CALLBACK', nextAttemptAt: expected })]);

    // The calls page finds the call, classified, and its recording plays.
    await openMenu(supervisor.page, 'Calls');
    const row = supervisor.page.getByTestId('call-row').filter({ hasText: '(11) 91234-5678' });
    await row.getByText('Retornar depois', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    const audio = supervisor.page.getByRole('region', { name: 'Call details' }).locator('audio');
    await audio.waitFor({ timeout: 20_000 });
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(1);
  } finally {
    await supervisor.context.close();
    await desk.context.close();
  }
});
