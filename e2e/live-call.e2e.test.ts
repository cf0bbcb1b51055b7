// A real call through the built-in switch, watched in the console: a DID call waits in a queue on
// the wallboard, rings the agent (agent bar), is talked and ended, the agent classifies it during
// wrap-up, and the calls page lists it with its recording, which plays.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment({ withSwitch: true });

it('a DID call waits on the wallboard, rings the agent, is talked, classified in wrap-up, and its recording plays', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'live-call');
  const agent = await apiAgent(baseUrl, admin, { name: 'Bia', queues: ['Suporte'] });
  const queueId = agent.queueIds[0]!;
  await call(baseUrl, `/queues/${queueId}`, { method: 'PATCH', token: admin.token, body: { recordingEnabled: true } });
  await call(baseUrl, `/agents/${agent.agentId}`, { method: 'PATCH', token: admin.token, body: { wrapUpSeconds: 20 } });
  const did = `55113${String(Date.now()).slice(-7)}`;
  // The platform assigns the number first (decision 0063).
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  await call(baseUrl, `/tenants/${admin.tenantId}/numbers`, { method: 'POST', token: platformToken, body: { number: did } });
  await call(baseUrl, '/inbound-routes', {
    method: 'POST',
    token: admin.token,
    body: { didNumber: did, destinationType: 'QUEUE', destinationNumber: queueId },
  });
  const extensions = await call<{ id: string; number: string; domain: string }[]>(baseUrl, '/extensions', { token: admin.token });
  const extension = extensions.find((one) => one.number === agent.extensionNumber)!;
  const { sipPassword: password } = await call<{ sipPassword: string }>(baseUrl, `/extensions/${extension.id}/reveal-password`, {
    method: 'POST',
    token: admin.token,
  });
  await expect
    .poll(() => simulator().control.register({ user: extension.number, domain: extension.domain, password }).ok, { timeout: 15_000 })
    .toBe(true);
  // Logged in but paused: the caller has to wait in the queue.
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
  const reasons = await call<{ id: string }[]>(baseUrl, '/agents/me/pause-reasons', { token: agent.token });
  await call(baseUrl, '/agents/me/pause', { method: 'POST', token: agent.token, body: { pauseReasonId: reasons[0]!.id } });

  const supervisor = await openPage(env.browser);
  const desk = await openPage(env.browser);
  // The wallboard and its live agents list follow events over one connection.
  // socket.io-client multiplexes sockets over one WebSocket, so the Socket.IO connects are counted.
  let joins = 0;
  supervisor.page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io')) return;
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) joins += 1;
    });
  });
  try {
    await signIn(supervisor.page, baseUrl, admin.email, admin.password);
    await openMenu(supervisor.page, 'Wallboard');
    const queueCard = supervisor.page.getByTestId('wallboard-queue').filter({ hasText: 'Suporte' });
    await queueCard.getByTestId('waiting').getByText('0').waitFor();
    await supervisor.page.getByText('Live', { exact: true }).waitFor();
    expect(joins).toBe(1);

    // The DID's route reaches the switch with the next configuration sync: call until a call joins
    // the queue (mod_callcenter sets cc_queue on the caller's channel), hanging up the tries that did not.
    let uuid = '';
    await expect
      .poll(
        async () => {
          if (uuid) simulator().control.hangup(uuid);
          uuid = simulator().control.inbound({ did, callerIdNumber: '11987654321', callerIdName: 'Cliente' });
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return simulator().control.core.channel(uuid)?.vars.get('cc_queue') !== undefined;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    await queueCard.getByTestId('waiting').getByText('1').waitFor();
    await queueCard.getByTestId('longest-wait').getByText(/^0:0\d$/).waitFor();

    await signIn(desk.page, baseUrl, agent.email, agent.password);
    const bar = desk.page.getByRole('group', { name: 'Agent' });
    await bar.getByRole('button', { name: 'Resume' }).click();
    await bar.getByText('Ringing').waitFor({ timeout: 15_000 });
    await bar.getByTestId('agent-call').getByText('11987654321').waitFor();
    await bar.getByTestId('agent-call').getByText('Suporte').waitFor();

    expect(simulator().control.answer(uuid, extension.number)).toBe(true);
    await bar.getByText('In call').waitFor({ timeout: 15_000 });
    // With an agent, the caller no longer waits.
    await queueCard.getByTestId('waiting').getByText('0').waitFor();
    const calls = supervisor.page.getByRole('table', { name: 'Calls in progress' });
    await calls.getByTestId('call-in-progress').filter({ hasText: 'Talking' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(simulator().control.hangup(uuid)).toBe(true);

    await bar.getByText('Wrap-up').waitFor({ timeout: 15_000 });
    const disposition = bar.getByRole('form', { name: 'Call disposition' });
    const dispositionName = (await disposition.getByRole('combobox').locator('option').nth(1).innerText()).trim();
    await disposition.getByRole('combobox').selectOption({ index: 1 });
    await disposition.getByRole('button', { name: 'Save disposition' }).click();
    await bar.getByTestId('agent-call').waitFor({ state: 'detached', timeout: 10_000 });
    await queueCard.getByTestId('answered').getByText('1').waitFor();

    await openMenu(supervisor.page, 'Calls');
    // Earlier tries of the DID (before its route reached the switch) are calls too; the agent took this one.
    const row = supervisor.page.getByTestId('call-row').filter({ hasText: '11987654321' }).filter({ hasText: 'Bia' });
    await row.getByText('Suporte').waitFor();
    // Codes are read as words: the hangup cause's label and the disposition's name, not their codes.
    await row.getByText('Hung up normally').waitFor();
    await row.getByText(dispositionName, { exact: true }).waitFor();
    expect(await row.innerText()).not.toContain('NORMAL_CLEARING');
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = supervisor.page.getByRole('region', { name: 'Call details' });
    // The timeline tells what happened, in the tenant's names; the switch's events are behind a toggle.
    const timeline = detail.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Joined queue Suporte').waitFor();
    await timeline.getByText('Bia answered').waitFor();
    expect(await timeline.innerText()).not.toContain('CHANNEL_CREATE');
    await detail.getByRole('button', { name: 'Show switch events' }).click();
    await timeline.getByText('CHANNEL_CREATE').first().waitFor();
    const audio = detail.locator('audio');
    await audio.waitFor({ timeout: 20_000 });
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(1);
    // Seeking works on the fetched audio.
    expect(await audio.evaluate((element: HTMLAudioElement) => ((element.currentTime = 1), element.currentTime))).toBe(1);
  } finally {
    await supervisor.context.close();
    await desk.context.close();
  }
});
