// The calls page tells a dialer call the customer answered and nobody took (abandoned) from one an
// agent handled: a marker in the list and a line in the detail, in English and in Portuguese. The
// records are written as the event consumer and the dialer write them.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('marks an abandoned dialer call as abandoned, and only that one', async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'calls-abandoned');
  const tenantId = admin.tenantId;
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
    body: { name: 'Acordos', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 },
  });
  const now = Date.now();
  await db.withTenant(tenantId, async (tx) => {
    for (const [phone, outcome] of [
      ['+5511960000001', 'ABANDONED'],
      ['+5511960000002', 'CONNECTED'],
    ] as const) {
      const lead = await tx
        .insertInto('leads')
        .values({ tenantId, campaignId: campaign.id, phone })
        .returning('id')
        .executeTakeFirstOrThrow();
      const callId = randomUUID();
      const attempt = await tx
        .insertInto('dialAttempts')
        .values({
          tenantId,
          campaignId: campaign.id,
          leadId: lead.id,
          callId,
          phone,
          simulated: true,
          owner: 'e2e',
          status: 'ENDED',
          outcome,
          endedAt: new Date(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('calls')
        .values({
          id: callId,
          tenantId,
          direction: 'OUTBOUND',
          calledNumber: phone,
          campaignId: campaign.id,
          attemptId: attempt.id,
          queueId: queue.id,
          createdAt: new Date(now - 60_000),
          answerAt: new Date(now - 55_000),
          endedAt: new Date(now - 50_000),
          hangupCause: 'NORMAL_CLEARING',
        })
        .execute();
    }
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Calls');
    const abandoned = page.getByTestId('call-row').filter({ hasText: '(11) 96000-0001' });
    const connected = page.getByTestId('call-row').filter({ hasText: '(11) 96000-0002' });
    await abandoned.getByText('Abandoned', { exact: true }).waitFor();
    expect(await connected.getByText('Abandoned', { exact: true }).count()).toBe(0);
    await abandoned.getByRole('button', { name: 'Details' }).click();
    await page.getByText('Abandoned: the customer answered and no agent took the call in time').waitFor();
    await page.keyboard.press('Escape');

    await page.getByLabel('Language').selectOption('pt-BR');
    await page
      .getByTestId('call-row')
      .filter({ hasText: '(11) 96000-0001' })
      .getByText('Abandonada', { exact: true })
      .waitFor();
  } finally {
    await context.close();
  }
});
