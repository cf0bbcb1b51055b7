// The predictive dialer seen from the console, on the switch simulator in simulation mode: a
// supervisor starts a campaign with a logged-in agent, calls are placed, the agent is offered the
// customer and talks to them, the campaign page follows the dialer live; paused, it dials no more.
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';
import { ALL_WEEK, answeringDialer, registerAgentPhone } from './support/dialer.ts';

// Every simulated customer answers after a second and talks for about 8 s; the calling hours are
// judged on a Wednesday morning, whatever day the test runs.
const env = useE2eEnvironment({ withSwitch: true, dialer: answeringDialer(12) });


it('a started campaign places calls, the agent is offered and talks to the customer, the page follows the dialer; paused, dialing stops', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'dialer');
  const agent = await apiAgent(baseUrl, admin, { name: 'Caio', queues: ['Cobrança'] });
  const queueId = agent.queueIds[0]!;
  const extension = await registerAgentPhone(env.platform, admin.token, agent.extensionNumber);
  await call(baseUrl, `/agents/${agent.agentId}`, { method: 'PATCH', token: admin.token, body: { wrapUpSeconds: 1 } });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });

  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    // The agent picks up by hand here: an answered customer may wait for them up to 30 s before counting as abandoned.
    body: { name: 'Cobrança novembro', queueId, trunkId: trunk.id, pacingMin: 1, pacingMax: 2, schedule: ALL_WEEK, abandonAfterSeconds: 30 },
  });
  const form = new FormData();
  const phones = Array.from({ length: 20 }, (_, i) => `(11) 9${String(7100_0000 + i).padStart(8, '0')}`);
  form.append('file', new Blob([`telefone;nome\n${phones.map((phone, i) => `${phone};Cliente ${i}`).join('\n')}\n`], { type: 'text/csv' }), 'leads.csv');
  const imported = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
  expect(imported.status).toBeLessThan(300);

  const supervisor = await openPage(env.browser);
  const desk = await openPage(env.browser);
  try {
    await signIn(desk.page, baseUrl, agent.email, agent.password);
    const bar = desk.page.getByRole('group', { name: 'Agent' });
    await bar.getByText('Available').waitFor();

    await signIn(supervisor.page, baseUrl, admin.email, admin.password);
    await openMenu(supervisor.page, 'Campaigns');
    await supervisor.page.getByRole('link', { name: 'Cobrança novembro' }).click();
    const status = supervisor.page.getByTestId('campaign-status');
    await status.getByText('Ready').waitFor();
    await supervisor.page.getByRole('button', { name: 'Start' }).click();
    await status.getByText('Running').waitFor();

    // The dialer places a call, the customer answers and waits in the queue: the agent is offered
    // the customer's number, the phone picks up, they talk.
    await bar.getByText('Ringing').waitFor({ timeout: 20_000 });
    const [first] = await env.platform.db.withTenant(admin.tenantId, (tx) => tx.selectFrom('dialAttempts').select(['callId', 'phone']).where('campaignId', '=', campaign.id).where('endedAt', 'is', null).execute());
    await bar.getByTestId('agent-call').getByText(first!.phone.slice(-4)).waitFor();
    expect(simulator().control.answer(first!.callId, extension.number)).toBe(true);
    await bar.getByText('In call').waitFor({ timeout: 15_000 });
    // From now on the agent's phone picks up by itself.
    simulator().control.phone(extension.number, extension.domain, { autoAnswerMs: 500 });

    // The campaign page follows the dialer: attempts and leads move while it runs.
    const attempts = async () => (await call<{ attempts: number }>(baseUrl, `/campaigns/${campaign.id}/stats`, { token: admin.token })).attempts;
    await expect.poll(attempts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    // The live dialer panel: a new campaign dials progressive 1:1 until its statistics are trusted,
    // and its charts of the last hour are drawn.
    const panel = supervisor.page.getByRole('region', { name: 'Live dialer' });
    await panel.getByTestId('dialer-live').getByText('Live', { exact: true }).waitFor();
    await panel.getByTestId('dialer-mode').getByText('Progressive').waitFor();
    await panel.getByTestId('dialer-reasons').getByText(/progressive 1:1/).waitFor();
    await panel.getByTestId('chart-calls').locator('canvas').first().waitFor();

    await supervisor.page.getByRole('button', { name: 'Pause' }).click();
    await status.getByText('Paused').waitFor();
    // The call in progress ends by itself; after that, nothing new is placed.
    await expect
      .poll(async () => (await call<{ callsInProgress: number }>(baseUrl, `/campaigns/${campaign.id}/stats`, { token: admin.token })).callsInProgress, { timeout: 20_000 })
      .toBe(0);
    const placed = await attempts();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await attempts()).toBe(placed);
    await bar.getByText(/^(Available|Wrap-up)$/).waitFor();
  } finally {
    await supervisor.context.close();
    await desk.context.close();
  }
});
