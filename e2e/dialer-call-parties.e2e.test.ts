// A dialer call as the calls page and the wallboard show it (issue 19, item 7): From is the caller
// ID the campaign dialed with, To is the customer, the direction is outbound and the agent is the
// one who took it; a call the customer answered and no agent took in time is marked abandoned and
// credited to nobody, although an agent was offered it. On the switch simulator in simulation mode.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';
import { ALL_WEEK, answeringDialer, registerAgentPhone } from './support/dialer.ts';

const env = useE2eEnvironment({ withSwitch: true, dialer: answeringDialer(20) });

const CALLER_ID = '+551130009100';
const CALLER_ID_SHOWN = '(11) 3000-9100';

it('shows a dialer call from the caller ID to the customer with its agent, and an abandoned one with no agent, on the calls page and the wallboard', async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'dialer-parties');
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  await call(baseUrl, `/tenants/${admin.tenantId}/numbers`, { method: 'POST', token: platformToken, body: { number: CALLER_ID } });
  const agent = await apiAgent(baseUrl, admin, { name: 'Caio', queues: ['Cobrança'] });
  const extension = await registerAgentPhone(env.platform, admin.token, agent.extensionNumber);
  await call(baseUrl, `/agents/${agent.agentId}`, { method: 'PATCH', token: admin.token, body: { wrapUpSeconds: 1 } });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });

  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    // The agent's phone rings and nobody picks up: after 3 s the waiting customer is abandoned.
    body: { name: 'Acordos', queueId: agent.queueIds[0], trunkId: trunk.id, pacingMin: 1, pacingMax: 1, schedule: ALL_WEEK, abandonAfterSeconds: 3, callerId: CALLER_ID },
  });
  const form = new FormData();
  form.append('file', new Blob(['telefone;nome\n(11) 97200-0001;Ana\n(11) 97200-0002;Bia\n(11) 97200-0003;Cris\n'], { type: 'text/csv' }), 'leads.csv');
  const imported = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
  expect(imported.status).toBeLessThan(300);

  const attempts = (outcome: 'ABANDONED' | 'CONNECTED') =>
    db.withTenant(admin.tenantId, (tx) => tx.selectFrom('dialAttempts').select(['callId', 'phone']).where('campaignId', '=', campaign.id).where('outcome', '=', outcome).execute());

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Wallboard');
    await call(baseUrl, `/campaigns/${campaign.id}/start`, { method: 'POST', token: admin.token });

    // First call: the agent is offered the customer and never answers; the customer is abandoned.
    await expect.poll(async () => (await attempts('ABANDONED')).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const [abandoned] = await attempts('ABANDONED');
    // From now on the agent's phone picks up: the next call is the agent's.
    simulator().control.phone(extension.number, extension.domain, { autoAnswerMs: 300 });

    // The wallboard shows the live call: outbound, from the caller ID to the customer, with Caio.
    const live = page.getByTestId('call-in-progress').filter({ hasText: 'Caio' });
    await live.waitFor({ timeout: 30_000 });
    const cells = await live.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual(['Outbound', CALLER_ID_SHOWN, expect.stringMatching(/^\(11\) 97200-000\d$/), 'Cobrança', 'Caio']);
    await call(baseUrl, `/campaigns/${campaign.id}/pause`, { method: 'POST', token: admin.token });
    await expect.poll(async () => (await attempts('CONNECTED')).length, { timeout: 40_000 }).toBeGreaterThanOrEqual(1);
    const [connected] = await attempts('CONNECTED');

    const national = (e164: string) => `(${e164.slice(3, 5)}) ${e164.slice(5, 10)}-${e164.slice(10)}`;
    await openMenu(page, 'Calls');
    const rowOf = (phone: string) => page.getByTestId('call-row').filter({ hasText: national(phone) });
    // allInnerTexts does not wait: the page's first read of the calls may still be on its way.
    await rowOf(connected!.phone).waitFor();
    const answeredCells = await rowOf(connected!.phone).getByRole('cell').allInnerTexts();
    expect(answeredCells.slice(1, 6)).toEqual(['Outbound', CALLER_ID_SHOWN, national(connected!.phone), 'Cobrança', 'Caio']);
    expect(answeredCells[8]).not.toContain('Abandoned');

    const abandonedRow = rowOf(abandoned!.phone);
    await abandonedRow.getByText('Abandoned', { exact: true }).waitFor();
    const abandonedCells = await abandonedRow.getByRole('cell').allInnerTexts();
    expect(abandonedCells.slice(1, 6)).toEqual(['Outbound', CALLER_ID_SHOWN, national(abandoned!.phone), 'Cobrança', '—']);
    expect(abandonedCells[7]).toBe('0:00'); // nobody talked to the customer (talk time counts from a bridge)

    // The wallboard's queue counts the day's abandoned calls apart from the answered ones.
    await expect
      .poll(async () => (await call<{ callsInProgress: number }>(baseUrl, `/campaigns/${campaign.id}/stats`, { token: admin.token })).callsInProgress, { timeout: 30_000 })
      .toBe(0);
    await openMenu(page, 'Wallboard');
    const card = page.getByTestId('wallboard-queue').filter({ hasText: 'Cobrança' });
    await expect
      .poll(
        async () => [await card.getByTestId('answered').innerText(), await card.getByTestId('abandoned').innerText()],
        { timeout: 20_000 },
      )
      .toEqual([String((await attempts('CONNECTED')).length), String((await attempts('ABANDONED')).length)]);
  } finally {
    await context.close();
  }
});
