// The campaign page's live dialer panel (decision 0049): a campaign whose dialer state, attempts,
// per-minute samples and the tenant's calls today were written to the database as the dialer
// engine would; the panel, its translated reasons, the abandon rate over its target, the short-call
// warning and the charts (with their table) show them, and a CAMPAIGN_DIALER_UPDATED published
// through the platform's realtime publisher moves the dial level on screen.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { INITIAL_STATISTICS } from '../server/src/modules/dialer/campaign-statistics.ts';
import type { CampaignDialerUpdatedPayload } from '../server/src/platform/realtime/campaign-event-schemas.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('shows the dialer live: figures, reasons, compliance and the last hour, moved by its realtime event', async () => {
  const { baseUrl, platformAdmin, db } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'dialer-live');
  const tenantId = admin.tenantId;
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Cobrança' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Acordos', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 3 },
  });

  // What the dialer engine writes: its state (abandon rate 4.5% against the default 3% target),
  // two attempts ringing, five minutes of samples; and 250 answered outbound calls today, 200 short.
  const now = Date.now();
  const minute = (ago: number) => new Date(Math.floor((now - ago * 60_000) / 60_000) * 60_000);
  await db.withTenant(tenantId, async (tx) => {
    await tx
      .insertInto('campaignDialerState')
      .values({
        campaignId: campaign.id,
        tenantId,
        statistics: JSON.stringify({ ...INITIAL_STATISTICS, outcomes: 500, answered: 160, answerProbability: 0.32, abandonRate: 0.045 }),
        dialLevel: 1.8,
        mode: 'PREDICTIVE',
        lastDecision: JSON.stringify({ calls: 0, reasons: ['DIAL_LEVEL', 'CPS'] }),
        leadsWaitingWindow: 12,
        updatedAt: new Date(now - 10_000),
      })
      .execute();
    for (let i = 0; i < 2; i++) {
      const lead = await tx
        .insertInto('leads')
        .values({ tenantId, campaignId: campaign.id, phone: `+551196000000${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('dialAttempts').values({ tenantId, campaignId: campaign.id, leadId: lead.id, callId: randomUUID(), phone: `+551196000000${i}`, simulated: true, owner: 'e2e' }).execute();
    }
    await tx
      .insertInto('campaignDialerSamples')
      .values(
        [5, 4, 3, 2, 1].map((ago, i) => ({
          campaignId: campaign.id,
          tenantId,
          minute: minute(ago),
          dialLevel: 1 + i * 0.2,
          answerRate: 0.3,
          abandonRate: 0.01 * (i + 1),
          callsInFlight: 3,
          agentsAvailable: 1,
          agentsBusy: 4,
          attempts: 10 + i,
          answered: 3 + i,
          abandoned: i === 4 ? 1 : 0,
        })),
      )
      .execute();
    await tx
      .insertInto('calls')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          id: randomUUID(),
          tenantId,
          direction: 'OUTBOUND' as const,
          campaignId: campaign.id,
          createdAt: new Date(now - 60_000),
          answerAt: new Date(now - 60_000),
          endedAt: new Date(now - 60_000 + (i < 200 ? 3_000 : 60_000)),
        })),
      )
      .execute();
  });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Acordos' }).click();
    const panel = page.getByRole('region', { name: 'Live dialer' });
    await panel.getByTestId('dialer-level').getByText('1.8', { exact: true }).waitFor();
    expect(await panel.getByTestId('dialer-mode').innerText()).toBe('Predictive');
    expect(await panel.getByTestId('dialer-answer-rate').innerText()).toBe('32%');
    const abandon = panel.getByTestId('dialer-abandon-rate');
    expect(await abandon.getAttribute('data-state')).toBe('over');
    expect(await abandon.innerText()).toBe('4.5% (target 3%) Over target');
    expect(await abandon.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)');
    expect(await panel.getByTestId('dialer-ringing').innerText()).toBe('2');
    expect(await panel.getByTestId('dialer-leads-waiting').innerText()).toBe('12');
    expect(await panel.getByTestId('dialer-reasons').getByRole('listitem').allInnerTexts()).toEqual(['Dial level reached', 'CPS limit (calls per second)']);
    const shortCalls = panel.getByTestId('short-calls');
    expect(await shortCalls.getAttribute('data-level')).toBe('WARNING');
    expect(await shortCalls.innerText()).toContain('80% — 200 of 250 answered outbound calls; threshold 60%');
    await shortCalls.getByText('Over the threshold: the dialer slows down.').waitFor();

    // The charts (canvas, with a sentence for screen readers), then the same minutes as a table.
    const charts = panel.getByRole('region', { name: 'Last 60 minutes' });
    for (const chart of ['chart-dial-level', 'chart-rates', 'chart-calls']) await charts.getByTestId(chart).locator('canvas').first().waitFor();
    expect(await charts.getByTestId('chart-dial-level').locator('.visually-hidden').innerText()).toBe('from 1 to 1.8, now 1.8');
    // The legend names the x column in the console's words, not uPlot's "Time".
    expect((await charts.getByTestId('chart-dial-level').locator('.u-legend th').allInnerTexts()).map((text) => text.trim())).toContain('Minute');
    expect(await charts.getByTestId('chart-dial-level').locator('.u-legend').innerText()).not.toContain('Time');
    await expectAccessible(page, 'the campaign page with its dialer panel');
    await charts.getByRole('button', { name: 'Show as table' }).click();
    const rows = charts.getByTestId('dialer-samples').locator('tbody tr');
    expect(await rows.count()).toBe(5);
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(minute(1));
    expect(await rows.first().locator('td').allInnerTexts()).toEqual([time, '1.8', '30%', '5%', '14', '7', '1', '3']);

    // The engine's tick, through the platform's publisher: the page is live once its socket is up.
    await panel.getByTestId('dialer-live').getByText('Live', { exact: true }).waitFor();
    const tick: CampaignDialerUpdatedPayload = {
      campaignId: campaign.id,
      at: new Date().toISOString(),
      mode: 'PREDICTIVE',
      dialLevel: 2.65,
      answerRate: 0.33,
      abandonRate: 0.02,
      abandonTarget: 0.03,
      callsRinging: 6,
      answeredWaiting: 1,
      callsInFlight: 11,
      placed: 4,
      reasons: ['NO_AGENTS', 'OUTSIDE_CALLING_HOURS'],
      agents: { available: 2, busy: 5 },
      leadsWaitingWindow: 9,
    };
    await env.platform.realtime.publish(tenantId, 'CAMPAIGN_DIALER_UPDATED', tick);
    await panel.getByTestId('dialer-level').getByText('2.65', { exact: true }).waitFor();
    expect(await abandon.getAttribute('data-state')).toBe('within');
    expect(await panel.getByTestId('dialer-agents').innerText()).toBe('2 free, 5 busy');
    expect(await panel.getByTestId('dialer-reasons').getByRole('listitem').allInnerTexts()).toEqual(['No agent logged in (or all paused)', "No lead's state allows calls now"]);
    // The live minute joined the table: its dial level, and the calls it placed added.
    const latest = await rows.first().locator('td').allInnerTexts();
    expect(latest[1]).toBe('2.65');
  } finally {
    await context.close();
  }
});
