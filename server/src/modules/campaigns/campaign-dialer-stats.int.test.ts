// The dialer's parts of GET /campaigns/:id/stats and GET /campaigns/:id/stats/history against the
// real database (decision 0049): rows written as the engine would, read back under the tenant's
// row-level security; another tenant sees nothing of them.
import { describe, expect, it } from 'vitest';
import { INITIAL_STATISTICS } from '../dialer/campaign-statistics.ts';
import { createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { insertCall } from '../calls/test-support.ts';
import { createCampaignWithQueue, expectStatus, insertLead } from '../suppression/test-support.ts';
import { insertAttempt, insertDialerState, insertSample } from './test-support.ts';

const t = useTestApp();

describe('the dialer in the campaign stats', () => {
  it('reads the state row, the attempts in flight and the tenant’s short calls today', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const s = tenant.admin.session;
    const id = tenant.tenant.id;
    const campaign = await createCampaignWithQueue(t, s);
    await t.db.withPlatform((tx) => tx.updateTable('tenants').set({ shortCallThreshold: 0.4, timezone: 'America/Sao_Paulo' }).where('id', '=', id).execute());
    await t.db.withTenant(id, (tx) => tx.updateTable('campaigns').set({ abandonTarget: 0.05, abandonAfterSeconds: 3 }).where('id', '=', campaign.id).execute());

    const updatedAt = new Date('2026-11-26T12:00:00.000Z');
    await insertDialerState(t, id, campaign.id, {
      dialLevel: 2.35,
      mode: 'PREDICTIVE',
      statistics: { ...INITIAL_STATISTICS, outcomes: 400, answered: 120, answerProbability: 0.3, abandonRate: 0.062 },
      lastDecision: { calls: 0, mode: 'PREDICTIVE', reasons: ['DIAL_LEVEL', 'CPS'], seen: { availableAgents: 1 } },
      leadsWaitingWindow: 17,
      updatedAt,
    });
    let n = 0;
    const lead = () => insertLead(t, id, campaign.id, { phone: `+5511962${String((n += 1)).padStart(6, '0')}` });
    const now = new Date();
    await insertAttempt(t, id, campaign.id, await lead()); // ringing
    await insertAttempt(t, id, campaign.id, await lead()); // ringing
    await insertAttempt(t, id, campaign.id, await lead(), { status: 'ANSWERED', answeredAt: now }); // waiting for an agent
    await insertAttempt(t, id, campaign.id, await lead(), { status: 'ANSWERED', answeredAt: now, connectedAt: now }); // talking
    await insertAttempt(t, id, campaign.id, await lead(), { status: 'ENDED', outcome: 'BUSY', endedAt: now });

    // Today's answered outbound calls: 3 short (≤ 6 s from answer to end), 2 long; not counted:
    // an inbound call, one not answered, one still going, one from two days ago.
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    for (const talk of [2, 6, 5]) await insertCall(t, id, { direction: 'OUTBOUND', campaignId: campaign.id, createdAt: now, answerAt: now, endedAt: at(talk) });
    for (const talk of [7, 90]) await insertCall(t, id, { direction: 'OUTBOUND', createdAt: now, answerAt: now, endedAt: at(talk) });
    await insertCall(t, id, { direction: 'INBOUND', createdAt: now, answerAt: now, endedAt: at(1) });
    await insertCall(t, id, { direction: 'OUTBOUND', createdAt: now, answerAt: null, endedAt: at(1) });
    await insertCall(t, id, { direction: 'OUTBOUND', createdAt: now, answerAt: now, endedAt: null });
    const old = new Date(now.getTime() - 2 * 86_400_000);
    await insertCall(t, id, { direction: 'OUTBOUND', createdAt: old, answerAt: old, endedAt: new Date(old.getTime() + 1000) });

    const response = await t.call('GET', `/campaigns/${campaign.id}/stats`, s);
    expectStatus(response, 200);
    const body = response.json();
    expect(body).toMatchObject({ attempts: 5, answered: 2, abandonRate: 0.062, dialLevel: 2.35 });
    expect(body.dialer).toEqual({
      mode: 'PREDICTIVE',
      answerRate: 0.3,
      abandonTarget: 0.05,
      abandonAfterSeconds: 3,
      callsRinging: 2,
      answeredWaiting: 1,
      callsInFlight: 4,
      reasons: ['DIAL_LEVEL', 'CPS'],
      leadsWaitingWindow: 17,
      updatedAt: updatedAt.toISOString(),
    });
    // 3 of 5 are short, over the 0.4 threshold, but 5 calls are too few to act on (assessShortCalls' minCalls).
    expect(body.shortCalls).toEqual({ today: 5, shortToday: 3, share: 0.6, threshold: 0.4, level: 'OK', minCalls: 200 });

    // Another tenant: 404 for the campaign, and its own short calls are its own (none).
    const other = await createTenant(t.app, t.platform);
    expectError(await t.call('GET', `/campaigns/${campaign.id}/stats`, other.admin.session), 404, 'NOT_FOUND');
    const own = await createCampaignWithQueue(t, other.admin.session);
    const theirs = (await t.call('GET', `/campaigns/${own.id}/stats`, other.admin.session)).json();
    expect(theirs).toMatchObject({ attempts: 0, answered: 0, abandonRate: null, dialLevel: null, dialer: null, shortCalls: { today: 0, shortToday: 0, level: 'OK' } });
  });

  it('warns when enough of today’s calls are short', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const id = tenant.tenant.id;
    const campaign = await createCampaignWithQueue(t, tenant.admin.session);
    const now = new Date();
    // 200 calls (the guard's minimum), 130 of them short: 65% over the default 60% threshold.
    await t.db.withTenant(id, (tx) =>
      tx
        .insertInto('calls')
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            id: crypto.randomUUID(),
            tenantId: id,
            direction: 'OUTBOUND' as const,
            campaignId: campaign.id,
            createdAt: now,
            answerAt: now,
            endedAt: new Date(now.getTime() + (i < 130 ? 3 : 60) * 1000),
          })),
        )
        .execute(),
    );
    const body = (await t.call('GET', `/campaigns/${campaign.id}/stats`, tenant.admin.session)).json();
    expect(body.shortCalls).toEqual({ today: 200, shortToday: 130, share: 0.65, threshold: 0.6, level: 'WARNING', minCalls: 200 });
  });
});

describe('GET /campaigns/:id/stats/history', () => {
  it('answers the samples of the last minutes, oldest first, in the tenant only', async () => {
    const tenant = await createTenant(t.app, t.platform);
    const s = tenant.admin.session;
    const id = tenant.tenant.id;
    const campaign = await createCampaignWithQueue(t, s);
    const other = await createCampaignWithQueue(t, s);
    const minute = (ago: number) => {
      const date = new Date(Date.now() - ago * 60_000);
      date.setUTCSeconds(0, 0);
      return date;
    };
    await insertSample(t, id, campaign.id, { minute: minute(5), dialLevel: 1.5, answerRate: 0.3, abandonRate: 0.02, callsInFlight: 4, agentsAvailable: 2, agentsBusy: 3, attempts: 12, answered: 4, abandoned: 0 });
    await insertSample(t, id, campaign.id, { minute: minute(90), dialLevel: 1, answerRate: null, abandonRate: null });
    await insertSample(t, id, campaign.id, { minute: minute(1), dialLevel: 1.8, answerRate: 0.32, abandonRate: 0.04, attempts: 15, answered: 5, abandoned: 1 });
    await insertSample(t, id, other.id, { minute: minute(2), dialLevel: 3 });

    const hour = await t.call('GET', `/campaigns/${campaign.id}/stats/history`, s);
    expectStatus(hour, 200);
    expect(hour.json()).toEqual({
      samples: [
        { minute: minute(5).toISOString(), dialLevel: 1.5, answerRate: 0.3, abandonRate: 0.02, callsInFlight: 4, agentsAvailable: 2, agentsBusy: 3, attempts: 12, answered: 4, abandoned: 0 },
        { minute: minute(1).toISOString(), dialLevel: 1.8, answerRate: 0.32, abandonRate: 0.04, callsInFlight: 0, agentsAvailable: 0, agentsBusy: 0, attempts: 15, answered: 5, abandoned: 1 },
      ],
    });
    const longer = (await t.call('GET', `/campaigns/${campaign.id}/stats/history?minutes=120`, s)).json();
    expect(longer.samples.map((sample: { dialLevel: number }) => sample.dialLevel)).toEqual([1, 1.5, 1.8]);
    expect((await t.call('GET', `/campaigns/${campaign.id}/stats/history?minutes=3`, s)).json().samples).toHaveLength(1);

    for (const bad of ['0', '1441', 'x', '1.5']) expectError(await t.call('GET', `/campaigns/${campaign.id}/stats/history?minutes=${bad}`, s), 400, 'VALIDATION_FAILED');
    const stranger = await createTenant(t.app, t.platform);
    expectError(await t.call('GET', `/campaigns/${campaign.id}/stats/history`, stranger.admin.session), 404, 'NOT_FOUND');
    // Its own campaign has no samples: nothing of the other tenant shows through.
    const own = await createCampaignWithQueue(t, stranger.admin.session);
    expect((await t.call('GET', `/campaigns/${own.id}/stats/history`, stranger.admin.session)).json()).toEqual({ samples: [] });
  });
});
