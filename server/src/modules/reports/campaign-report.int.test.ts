// GET /reports/campaigns, /reports/dashboard and /reports/consumo on rows written as the dialer and
// the consumer write them: attempts by outcome, callbacks, conversions, leads as they stand, the
// dialer's level; today's live numbers; the month's meters against the plan.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CampaignReport, Consumption, Dashboard } from '@callcenter/rules/reports/shapes';
import { createTenant, useTestApp, type Session } from '../../../test/harness.ts';
import { insertCall } from '../calls/test-support.ts';
import { insertAttempt, insertSample } from '../campaigns/test-support.ts';
import { createCampaignWithQueue, insertLead } from '../suppression/test-support.ts';
import { at, createAgent, plus, queueCall, rollupsMatchRecomputation } from './test-support.ts';

const t = useTestApp();
const DAY = { from: '2026-11-20T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' };

async function report<T>(session: Session, path: string, query: Record<string, string> = {}) {
  const response = await t.call('GET', `${path}?${new URLSearchParams(query)}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const insertDisposition = (tenantId: string, code: string, action: 'SUCCESS' | 'CALLBACK' | 'NONE') =>
  t.db.withTenant(tenantId, async (tx) => (await tx.insertInto('dispositions').values({ tenantId, code, name: code, action }).returning('id').executeTakeFirstOrThrow()).id);

describe('GET /reports/campaigns', () => {
  it('counts attempts by outcome, contact and connect rates, callbacks, conversions, leads by status and the dial level', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const s = admin.session;
    const campaign = await createCampaignWithQueue(t, s);
    const other = await createCampaignWithQueue(t, s);
    let n = 0;
    const lead = (status: 'READY' | 'CALLBACK' | 'COMPLETED' | 'DO_NOT_CALL' = 'READY') =>
      insertLead(t, tenant.id, campaign.id, { phone: `+5511962${String((n += 1)).padStart(6, '0')}`, status });
    const ten = at('2026-11-20T13:00:00Z');
    const attempt = async (outcome: 'CONNECTED' | 'ABANDONED' | 'BUSY' | 'NO_ANSWER' | 'FAILED', fields: { callback?: boolean; callId?: string } = {}) => {
      const answered = outcome === 'CONNECTED' || outcome === 'ABANDONED';
      await insertAttempt(t, tenant.id, campaign.id, await lead('COMPLETED'), {
        status: 'ENDED',
        outcome,
        createdAt: ten,
        answeredAt: answered ? plus(ten, 10) : null,
        connectedAt: outcome === 'CONNECTED' ? plus(ten, 12) : null,
        endedAt: plus(ten, outcome === 'CONNECTED' ? 72 : 20),
        ...fields,
      });
    };
    for (const outcome of ['CONNECTED', 'CONNECTED', 'ABANDONED', 'BUSY', 'NO_ANSWER', 'NO_ANSWER', 'FAILED'] as const) await attempt(outcome);
    await attempt('CONNECTED', { callback: true });
    // Still dialing: not counted until it ends.
    await insertAttempt(t, tenant.id, campaign.id, await lead(), { createdAt: ten });
    for (const status of ['READY', 'CALLBACK', 'DO_NOT_CALL'] as const) await lead(status);
    // Dispositions of the campaign's calls: one sale, one callback asked for; another campaign's sale apart.
    const sale = await insertDisposition(tenant.id, 'VENDA_REL', 'SUCCESS');
    const later = await insertDisposition(tenant.id, 'RETORNAR_REL', 'CALLBACK');
    const { agentId } = await createAgent(t, s, '7021');
    await insertCall(t, tenant.id, { direction: 'OUTBOUND', campaignId: campaign.id, createdAt: ten, dispositionId: sale, agentId });
    await insertCall(t, tenant.id, { direction: 'OUTBOUND', campaignId: campaign.id, createdAt: ten, dispositionId: later });
    await insertCall(t, tenant.id, { direction: 'OUTBOUND', campaignId: other.id, createdAt: ten, dispositionId: sale });
    // The dialer dialed two minutes at levels 1.5 and 2.5 (and idled one).
    await insertSample(t, tenant.id, campaign.id, { minute: ten, dialLevel: 1.5, attempts: 3 });
    await insertSample(t, tenant.id, campaign.id, { minute: plus(ten, 60), dialLevel: 2.5, attempts: 2 });
    await insertSample(t, tenant.id, campaign.id, { minute: plus(ten, 120), dialLevel: 9, attempts: 0 });

    const body = await report<CampaignReport>(s, '/reports/campaigns', { ...DAY, interval: 'hour', campaignId: campaign.id });
    expect(body.campaigns).toHaveLength(1);
    const line = body.campaigns[0]!;
    expect(line.metrics).toEqual({
      attempts: 8,
      answered: 4,
      connected: 3,
      busy: 1,
      noAnswer: 2,
      failed: 1,
      abandoned: 1,
      callbacksScheduled: 1,
      callbacksCompleted: 1,
      conversions: 1,
      contactRate: 4 / 8,
      connectRate: 3 / 8,
      abandonRate: 1 / 4,
      conversionRate: 1 / 3,
      averageWaitSeconds: 2,
      averageTalkSeconds: 60,
      telephonyValue: null,
      aiValue: null,
    });
    expect(line.abandonTarget).toBe(0.03);
    expect(line.leads).toEqual({ READY: 2, CALLBACK: 1, DO_NOT_CALL: 1, COMPLETED: 8, EXHAUSTED: 0 });
    expect(line.dispositions.map((row) => [row.code, row.count]).sort()).toEqual([['RETORNAR_REL', 1], ['VENDA_REL', 1]]);
    // The same dispositions read by quarter hour (the hourly rows serve hour-made intervals only).
    const quarters = await report<CampaignReport>(s, '/reports/campaigns', { ...DAY, interval: '15m', campaignId: campaign.id });
    expect(quarters.campaigns[0]!.dispositions.map((row) => [row.code, row.count]).sort()).toEqual([['RETORNAR_REL', 1], ['VENDA_REL', 1]]);
    expect(quarters.series[40]!.metrics.conversions).toBe(1);
    // By agent, from the per-agent rows: only the sale that agent closed.
    const byAgent = await report<CampaignReport>(s, '/reports/campaigns', { ...DAY, campaignId: campaign.id, agentId });
    expect(byAgent.campaigns[0]!.dispositions.map((row) => [row.code, row.count])).toEqual([['VENDA_REL', 1]]);
    expect(line.dialer[10]).toEqual({ start: '2026-11-20T13:00:00.000Z', dialLevel: 2, abandonRate: 1 / 4 });
    expect(line.dialer[9]).toEqual({ start: '2026-11-20T12:00:00.000Z', dialLevel: null, abandonRate: null });
    expect(body.totals.attempts).toBe(8);
    expect(body.series[10]!.metrics.connected).toBe(3);

    // A lead that moves on moves the standing counts at once.
    await t.db.withTenant(tenant.id, (tx) => tx.updateTable('leads').set({ status: 'EXHAUSTED' }).where('campaignId', '=', campaign.id).where('status', '=', 'READY').execute());
    expect((await report<CampaignReport>(s, '/reports/campaigns', { ...DAY, campaignId: campaign.id })).campaigns[0]!.leads).toMatchObject({ READY: 0, EXHAUSTED: 2 });
    expect(await rollupsMatchRecomputation(t.db, tenant.id)).toEqual({});
  });
});

describe('GET /reports/dashboard and /reports/consumo', () => {
  it('shows live calls, waiting callers and agents now, today’s queue numbers, and the month’s meters against the plan', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const s = admin.session;
    const queueId = await t.createId('/queues', s, { name: 'Suporte' });
    const now = Date.now();
    // Ended today: one answered in 10 s, one abandoned; open: one waiting 30 s, one talking after 4 s.
    await queueCall(t.db, tenant.id, { queueId, joinedAt: new Date(now - 300_000), answerAfter: 10, leaveAfter: 60 });
    await queueCall(t.db, tenant.id, { queueId, joinedAt: new Date(now - 200_000), leaveAfter: 40 });
    const open = async (joinedAgo: number, answerAfter: number | null) => {
      const callId = await insertCall(t, tenant.id, { createdAt: new Date(now - joinedAgo), endedAt: null, hangupCause: null, bridgedAt: answerAfter === null ? null : new Date(now - joinedAgo + answerAfter) });
      await t.db.withTenant(tenant.id, (tx) =>
        tx.insertInto('queueEntries').values({ id: randomUUID(), tenantId: tenant.id, callId, queueId, joinedAt: new Date(now - joinedAgo), answeredAt: answerAfter === null ? null : new Date(now - joinedAgo + answerAfter), serviceLevelSeconds: 20, shortAbandonSeconds: 5 }).execute(),
      );
    };
    await open(30_000, null);
    await open(60_000, 4_000);
    // Ended calls of the month for the meters: 90 and 30 billable seconds.
    await insertCall(t, tenant.id, { createdAt: new Date(now - 120_000), answerAt: new Date(now - 115_000), billableSeconds: 90 });
    await insertCall(t, tenant.id, { createdAt: new Date(now - 100_000), answerAt: new Date(now - 95_000), billableSeconds: 30 });

    const dashboard = await report<Dashboard>(s, '/reports/dashboard');
    expect(dashboard.liveCalls).toEqual({ total: 2, inbound: 2, outbound: 0, internal: 0, talking: 1 });
    expect(dashboard.waitingCallers).toBe(1);
    expect(dashboard.longestWaitSeconds).toBeGreaterThanOrEqual(30);
    expect(dashboard.today).toMatchObject({ offered: 4, answered: 2, abandoned: 1, averageWaitSeconds: 7 });
    // One queue: its targets are today's; a second queue with another service-level target leaves
    // that rate judged against none, the shared abandon target still applies.
    expect(dashboard.today).toMatchObject({ serviceLevelTarget: 0.8, abandonRateTarget: 0.05 });
    await t.createId('/queues', s, { name: 'Vendas', serviceLevelTarget: 0.9 });
    expect((await report<Dashboard>(s, '/reports/dashboard')).today).toMatchObject({ serviceLevelTarget: null, abandonRateTarget: 0.05 });
    expect(dashboard.estimatedValue).toBeNull();

    const usage = await report<Consumption>(s, '/reports/consumo');
    // 2 queue calls + 2 metered calls ended, + 2 still open.
    expect(usage.meters.calls.used).toBe(6);
    expect(usage.meters.minutes).toEqual({ used: 2, limit: null });
    expect(usage.meters.activeDays.used).toBe(1);
    expect(usage.meters.aiTokens).toEqual({ used: null, limit: null });
    expect(usage.month).toMatch(/^\d{4}-\d{2}$/);
  });
});
