// The agent's wrap-up on the built-in switch: after a call the agent bar counts the wrap-up time
// down, and the agent may end it early; the switch then offers the next caller at once, although
// the agent's wrap-up time (60 s) is far from over. Decision 0083.
import { expect, it } from 'vitest';
import { apiLogin, apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment({ withSwitch: true });

it('counts the wrap-up down on the agent bar, and ending it early makes the agent available to the switch at once', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'wrap-up');
  const agent = await apiAgent(baseUrl, admin, { name: 'Dani', queues: ['Suporte'] });
  const queueId = agent.queueIds[0]!;
  await call(baseUrl, `/agents/${agent.agentId}`, { method: 'PATCH', token: admin.token, body: { wrapUpSeconds: 60 } });
  const did = `55113${String(Date.now()).slice(-7)}`;
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  await call(baseUrl, `/tenants/${admin.tenantId}/numbers`, { method: 'POST', token: platformToken, body: { number: did } });
  await call(baseUrl, '/inbound-routes', { method: 'POST', token: admin.token, body: { didNumber: did, destinationType: 'QUEUE', destinationNumber: queueId } });
  const extensions = await call<{ id: string; number: string; domain: string }[]>(baseUrl, '/extensions', { token: admin.token });
  const extension = extensions.find((one) => one.number === agent.extensionNumber)!;
  const { sipPassword: password } = await call<{ sipPassword: string }>(baseUrl, `/extensions/${extension.id}/reveal-password`, { method: 'POST', token: admin.token });
  await expect.poll(() => simulator().control.register({ user: extension.number, domain: extension.domain, password }).ok, { timeout: 15_000 }).toBe(true);
  simulator().control.phone(extension.number, extension.domain, { autoAnswerMs: 200 });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });

  /** A caller on the DID until one joins the queue (the route reaches the switch with the next sync). */
  const callIn = async () => {
    let uuid = '';
    await expect
      .poll(
        async () => {
          if (uuid) simulator().control.hangup(uuid);
          uuid = simulator().control.inbound({ did, callerIdNumber: '+5511987654321', callerIdName: 'Cliente' });
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return simulator().control.core.channel(uuid)?.vars.get('cc_queue') !== undefined;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    return uuid;
  };

  const desk = await openPage(env.browser);
  try {
    await signIn(desk.page, baseUrl, agent.email, agent.password);
    const bar = desk.page.getByRole('group', { name: 'Agent' });
    await bar.getByText('Available').waitFor();

    const first = await callIn();
    await bar.getByText('In call').waitFor({ timeout: 15_000 });
    expect(simulator().control.hangup(first)).toBe(true);
    await bar.getByText('Wrap-up', { exact: true }).waitFor({ timeout: 15_000 });
    // The countdown runs from the agent's 60 s down.
    const left = bar.getByTestId('wrap-up-left');
    await left.getByText(/^Time left 0:5\d$/).waitFor();
    const before = await left.innerText();
    await expect.poll(() => left.innerText(), { timeout: 5_000 }).not.toBe(before);

    await bar.getByRole('button', { name: 'Ready for the next call' }).click();
    await bar.getByText('Available', { exact: true }).waitFor();
    expect(await left.count()).toBe(0);

    // The switch offers the next caller now, not when the 60 s are over.
    const second = await callIn();
    await bar.getByText('In call').waitFor({ timeout: 15_000 });
    simulator().control.hangup(second);
    // That call has its own full wrap-up again.
    await bar.getByTestId('wrap-up-left').getByText(/^Time left 0:5\d$/).waitFor({ timeout: 15_000 });
  } finally {
    await desk.context.close();
  }
});
