// A callback scheduled from the console: a dialer call pops its lead on the agent bar (name and
// imported columns), the agent classifies it "call back" and picks when (a warning outside the
// campaign's calling hours), and the supervisor finds the lead on the callbacks page; a supervisor
// schedules another from the call detail.
import { randomUUID } from 'node:crypto';
import { tomorrowMorning } from '@callcenter/rules/callback-time';
import { expect, it } from 'vitest';
import { insertCall } from '../server/src/modules/calls/test-support.ts';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';

const env = useE2eEnvironment();

const ZONE = 'America/Sao_Paulo';
const mornings = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ start: '09:00', end: '12:00' }]]),
);

interface Lead {
  id: string;
  phone: string;
  status: string;
  nextAttemptAt: string | null;
}

it('the agent sees the lead of a dialer call, classifies it "call back" at a chosen time, and the callbacks page lists it', async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'callback-picker');
  const agent = await apiAgent(baseUrl, admin, { name: 'Caio' });
  const queue = await call<{ id: string }>(baseUrl, '/queues', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Cobrança' },
  });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Operadora', host: 'sip.carrier.example' },
  });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: {
      name: 'Renegociação',
      queueId: queue.id,
      trunkId: trunk.id,
      pacingMin: 1,
      pacingMax: 2,
      timezone: ZONE,
      schedule: mornings,
    },
  });
  const form = new FormData();
  form.append(
    'file',
    new Blob(
      ['telefone;nome;contrato\n11 98888-1001;Maria Souza;CT-4471\n11 98888-1002;João Lima;CT-4472\n'],
      { type: 'text/csv' },
    ),
    'leads.csv',
  );
  const imported = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(imported.status).toBeLessThan(300);
  const leads = (
    await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaign.id}/leads?pageSize=500`, {
      token: admin.token,
    })
  ).items.sort((a, b) => a.phone.localeCompare(b.phone));
  const [maria, joao] = leads as [Lead, Lead];
  // The tenant's starter dispositions include "Retornar depois" (action CALLBACK).

  // What the dialer and the switch leave: the agent in a call with Maria.
  await db.withTenant(admin.tenantId, (tx) =>
    tx
      .updateTable('agents')
      .set({ state: 'IN_CALL', stateChangedAt: new Date() })
      .where('id', '=', agent.agentId)
      .execute(),
  );
  const callId = await insertCall(env.platform, admin.tenantId, {
    id: randomUUID(),
    direction: 'OUTBOUND',
    calledNumber: maria.phone,
    agentId: agent.agentId,
    campaignId: campaign.id,
    leadId: maria.id,
    answerAt: new Date(),
    bridgedAt: new Date(),
    endedAt: null,
    hangupCause: null,
  });

  const desk = await openPage(env.browser);
  const supervisor = await openPage(env.browser);
  try {
    await signIn(desk.page, baseUrl, agent.email, agent.password);
    const bar = desk.page.getByRole('group', { name: 'Agent' });
    await bar.getByTestId('lead-name').getByText('Maria Souza').waitFor();
    const pop = bar.getByRole('definition').filter({ hasText: 'CT-4471' });
    await pop.waitFor();
    expect(await bar.getByTestId('lead-pop').innerText()).toContain('contrato');
    // With a customer on the line there is no logging out.
    expect(await bar.getByRole('button', { name: 'Agent logout' }).count()).toBe(0);

    // The call ends: the agent classifies it "call back".
    await db.withTenant(admin.tenantId, (tx) =>
      tx
        .updateTable('calls')
        .set({ endedAt: new Date(), hangupCause: 'NORMAL_CLEARING' })
        .where('id', '=', callId)
        .execute(),
    );
    await db.withTenant(admin.tenantId, (tx) =>
      tx
        .updateTable('agents')
        .set({ state: 'WRAP_UP', stateChangedAt: new Date() })
        .where('id', '=', agent.agentId)
        .execute(),
    );
    await bar.getByRole('combobox', { name: 'Call disposition' }).selectOption({ label: 'Retornar depois' });
    const save = bar.getByRole('button', { name: 'Save disposition' });
    expect(await save.isDisabled()).toBe(true);
    // At 03:00 nobody is called (the windows are 09:00–12:00 in São Paulo): a warning.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await bar.getByLabel(/Date and time/).fill(`${tomorrow}T03:00`);
    await bar.getByTestId('callback-outside-window').waitFor();
    // Tomorrow morning starts at the campaign's first window: no warning.
    await bar.getByRole('button', { name: 'Tomorrow morning' }).click();
    await bar.getByTestId('callback-outside-window').waitFor({ state: 'detached' });
    const expected = new Date(tomorrowMorning(Date.now(), ZONE, mornings)).toISOString();
    await save.click();
    await bar.getByRole('form', { name: 'Call disposition' }).waitFor({ state: 'detached' });
    // Said so, and the keyboard focus is on the words rather than lost with the form.
    const saved = bar.getByTestId('disposition-saved');
    await saved.getByText('Disposition saved.').waitFor();
    expect(await saved.evaluate((element) => element === document.activeElement)).toBe(true);
    await bar.getByRole('button', { name: 'Agent logout' }).waitFor();

    const after = await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaign.id}/leads?pageSize=500`, {
      token: admin.token,
    });
    expect(after.items.find((lead) => lead.id === maria.id)).toMatchObject({
      status: 'CALLBACK',
      nextAttemptAt: expected,
    });

    // A supervisor classifies João's unassigned call from the call detail, one hour from now.
    await insertCall(env.platform, admin.tenantId, {
      direction: 'OUTBOUND',
      calledNumber: joao.phone,
      campaignId: campaign.id,
      leadId: joao.id,
    });
    await signIn(supervisor.page, baseUrl, admin.email, admin.password);
    await openMenu(supervisor.page, 'Calls');
    await row(supervisor.page, '(11) 98888-1002')
      .getByRole('button', { name: /^Details of the call/ })
      .click();
    const detail = supervisor.page.getByRole('region', { name: 'Call details' });
    await detail
      .getByRole('combobox', { name: 'Call disposition' })
      .selectOption({ label: 'Retornar depois' });
    const before = Date.now();
    await detail.getByRole('button', { name: 'In 1 hour' }).click();
    await detail.getByRole('button', { name: 'Save disposition' }).click();
    await detail.getByText('Disposition saved.').waitFor();

    await openMenu(supervisor.page, 'Callbacks');
    const rows = supervisor.page.getByTestId('callback-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Soonest first: João in an hour, then Maria tomorrow morning.
    expect(await rows.first().innerText()).toContain('(11) 98888-1002');
    expect(await rows.last().innerText()).toContain('(11) 98888-1001');
    const joaoAfter = (
      await call<{ items: Lead[] }>(baseUrl, `/campaigns/${campaign.id}/leads?pageSize=500`, {
        token: admin.token,
      })
    ).items.find((lead) => lead.id === joao.id)!;
    expect(joaoAfter.status).toBe('CALLBACK');
    const inAnHour = Date.parse(joaoAfter.nextAttemptAt!) - before;
    expect(inAnHour).toBeGreaterThan(3_540_000);
    expect(inAnHour).toBeLessThan(3_720_000);
  } finally {
    await desk.context.close();
    await supervisor.context.close();
  }
});

it('asks once whether a user who is not an agent has an agent, however many pages it opens', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'not-an-agent');
  const { context, page } = await openPage(env.browser);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/agents/me') asked.push(request.url());
  });
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    const home = async () => {
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Home', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    };
    // The home page shows an agent its own card: coming back to it must not ask again.
    for (const open of [() => openMenu(page, 'Dispositions'), home, () => openMenu(page, 'Queues'), home]) {
      await open();
      await page.waitForTimeout(1_000);
    }
    expect(asked).toHaveLength(1);
  } finally {
    await context.close();
  }
});
