// GET /reports/queues on queue entries written as the consumer writes them: every count and time of
// docs/reports.md "Queues" against what was generated, the formulas, late corrections, and isolation.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { QueueReport } from '@callcenter/rules/reports/shapes';
import { createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { at, createAgent, plus, queueCall, rollupsMatchRecomputation } from './test-support.ts';

const t = useTestApp();

async function tenantWithQueue(timezone = 'America/Sao_Paulo') {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  expect((await t.call('PATCH', '/tenant-settings', admin.session, { timezone })).statusCode).toBe(200);
  const queueId = await t.createId('/queues', admin.session, { name: 'Suporte' });
  return { tenantId: tenant.id, admin: admin.session, queueId };
}

const DAY = { from: '2026-11-20T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' };

async function queueReport(session: Parameters<typeof t.call>[2], query: Record<string, string>) {
  const response = await t.call('GET', `/reports/queues?${new URLSearchParams(query)}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QueueReport>();
}

describe('GET /reports/queues', () => {
  it('counts offered, answered, abandoned (short apart), flowed out and transferred out, with waits, talk, service level and abandon rate', async () => {
    const { tenantId, admin, queueId } = await tenantWithQueue();
    const { agentId } = await createAgent(t, admin, '7001');
    const nine = at('2026-11-20T12:00:00Z'); // 09:00 in São Paulo
    const db = t.db;
    // Answered: waits 10, 25, 5 s and talks 60, 120, 30 s; a fourth (8 s, 40 s) then went to another queue.
    await queueCall(db, tenantId, { queueId, joinedAt: nine, answerAfter: 10, leaveAfter: 60, agentId });
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 100), answerAfter: 25, leaveAfter: 120, agentId });
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 3600), answerAfter: 5, leaveAfter: 30, agentId });
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 3700), answerAfter: 8, leaveAfter: 40, agentId, transferredOut: true });
    // Abandoned after 3 s (short) and after 40 s; one timed out to the next step of the dialplan.
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 200), leaveAfter: 3 });
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 300), leaveAfter: 40 });
    await queueCall(db, tenantId, { queueId, joinedAt: plus(nine, 400), leaveAfter: 90, cause: 'FLOWED_OUT' });
    // The day before, in São Paulo (23:59 on the 19th): another day.
    await queueCall(db, tenantId, { queueId, joinedAt: at('2026-11-20T02:59:00Z'), answerAfter: 1, leaveAfter: 10, agentId });

    const report = await queueReport(admin, { ...DAY, interval: 'hour' });
    expect(report.totals).toMatchObject({
      offered: 7,
      answered: 4,
      answeredWithinThreshold: 3,
      abandoned: 2,
      shortAbandoned: 1,
      flowedOut: 1,
      transferredOut: 1,
      averageWaitSeconds: 12,
      maxWaitSeconds: 40,
      averageAbandonWaitSeconds: 21.5,
      averageTalkSeconds: 62.5,
    });
    expect(report.totals.serviceLevel).toBeCloseTo(3 / 6);
    expect(report.totals.abandonRate).toBeCloseTo(1 / 6);
    expect(report.serviceLevelFormula).toBe('EXCLUDE_SHORT_ABANDONS');
    // 24 local hours; 09:00 holds five entries, 10:00 two.
    expect(report.series).toHaveLength(24);
    expect(report.series[9]).toMatchObject({ start: '2026-11-20T12:00:00.000Z', metrics: { offered: 5, answered: 2 } });
    expect(report.series[10]!.metrics).toMatchObject({ offered: 2, answered: 2, transferredOut: 1 });
    expect(report.queues).toEqual([
      expect.objectContaining({ queueId, name: 'Suporte', serviceLevelSeconds: 20, serviceLevelTarget: 0.8, abandonRateTarget: 0.05, shortAbandonSeconds: 5 }),
    ]);

    // The other formulas, as the tenant chooses them.
    for (const [formula, expected] of [['ALL_OFFERED', 3 / 7], ['ANSWERED_ONLY', 3 / 4]] as const) {
      expect((await t.call('PATCH', '/tenant-settings', admin, { serviceLevelFormula: formula })).statusCode).toBe(200);
      const other = await queueReport(admin, { ...DAY, interval: 'day' });
      expect(other.serviceLevelFormula).toBe(formula);
      expect(other.totals.serviceLevel).toBeCloseTo(expected);
      expect(other.series).toHaveLength(1);
    }
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});
  });

  it('corrects an interval when a late event changes an entry, adds nothing on a replay, and recomputes its longest wait', async () => {
    const { tenantId, admin, queueId } = await tenantWithQueue();
    const nine = at('2026-11-20T12:00:00Z');
    const { entryId } = await queueCall(t.db, tenantId, { queueId, joinedAt: nine, leaveAfter: 50 });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 60), leaveAfter: 30 });
    expect((await queueReport(admin, DAY)).totals).toMatchObject({ abandoned: 2, maxWaitSeconds: 50 });
    // member-queue-end, late: the first caller left after 4 s (a short abandon), not at the hangup's 50 s.
    const correct = () =>
      t.db.withTenant(tenantId, (tx) => tx.updateTable('queueEntries').set({ leftAt: plus(nine, 4) }).where('id', '=', entryId).execute());
    await correct();
    await correct();
    const report = await queueReport(admin, DAY);
    expect(report.totals).toMatchObject({ offered: 2, abandoned: 2, shortAbandoned: 1, maxWaitSeconds: 30, averageAbandonWaitSeconds: 17 });
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});
  });

  it('filters by the answering agent from the per-agent rows; unfiltered, the per-queue rows agree, their longest wait after a late correction too', async () => {
    const { tenantId, admin, queueId } = await tenantWithQueue();
    const first = await createAgent(t, admin, '7011');
    const second = await createAgent(t, admin, '7012');
    const nine = at('2026-11-20T12:00:00Z');
    const { entryId } = await queueCall(t.db, tenantId, { queueId, joinedAt: nine, answerAfter: 40, leaveAfter: 90, agentId: first.agentId });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 60), answerAfter: 12, leaveAfter: 30, agentId: first.agentId });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 120), answerAfter: 25, leaveAfter: 60, agentId: second.agentId });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 180), leaveAfter: 30 });
    expect((await queueReport(admin, DAY)).totals).toMatchObject({ offered: 4, answered: 3, abandoned: 1, maxWaitSeconds: 40 });
    expect((await queueReport(admin, { ...DAY, agentId: first.agentId })).totals).toMatchObject({ offered: 2, answered: 2, abandoned: 0, maxWaitSeconds: 40 });
    expect((await queueReport(admin, { ...DAY, agentId: second.agentId })).totals).toMatchObject({ offered: 1, answered: 1, maxWaitSeconds: 25 });
    // The 40 s wait was 8 s: the longest becomes the other agent's 25 s in the per-queue rows.
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('queueEntries').set({ answeredAt: plus(nine, 8) }).where('id', '=', entryId).execute());
    expect((await queueReport(admin, DAY)).totals).toMatchObject({ offered: 4, answered: 3, maxWaitSeconds: 30 });
    expect((await queueReport(admin, { ...DAY, agentId: first.agentId })).totals).toMatchObject({ maxWaitSeconds: 12 });
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});
  });

  it('never counts a dialer call’s abandon as short: the customer we called and left without an agent weighs on the abandon rate (decision 0088)', async () => {
    const { tenantId, admin, queueId } = await tenantWithQueue();
    const nine = at('2026-11-20T12:00:00Z');
    const campaignId = randomUUID();
    // Both left after 2 s, inside the queue's 5 s: the inbound caller's is short, the dialer's is not.
    await queueCall(t.db, tenantId, { queueId, joinedAt: nine, leaveAfter: 2 });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 60), leaveAfter: 2, campaignId });
    await queueCall(t.db, tenantId, { queueId, joinedAt: plus(nine, 120), answerAfter: 1, leaveAfter: 30, campaignId });
    const report = await queueReport(admin, DAY);
    expect(report.totals).toMatchObject({ offered: 3, abandoned: 2, shortAbandoned: 1 });
    expect(report.totals.abandonRate).toBeCloseTo(1 / 2);
    expect(report.totals.serviceLevel).toBeCloseTo(1 / 2);
    expect((await queueReport(admin, { ...DAY, campaignId })).totals).toMatchObject({ offered: 2, abandoned: 1, shortAbandoned: 0, abandonRate: 0.5 });
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});
  });

  it('reads periods in the tenant’s zone: a day in Kolkata (+05:30) in 15-minute intervals, and a period across midnight', async () => {
    const { tenantId, admin, queueId } = await tenantWithQueue('Asia/Kolkata');
    // 23:50 and 00:10 local, either side of midnight on the 20th/21st.
    await queueCall(t.db, tenantId, { queueId, joinedAt: at('2026-11-20T18:20:00Z'), leaveAfter: 30 });
    await queueCall(t.db, tenantId, { queueId, joinedAt: at('2026-11-20T18:40:00Z'), leaveAfter: 30 });
    const day = await queueReport(admin, { from: '2026-11-19T18:30:00.000Z', to: '2026-11-20T18:30:00.000Z', interval: '15m' });
    expect(day.series).toHaveLength(96);
    expect(day.totals.offered).toBe(1);
    expect(day.series[95]).toMatchObject({ start: '2026-11-20T18:15:00.000Z', metrics: { offered: 1 } });
    const acrossMidnight = await queueReport(admin, { from: '2026-11-20T18:00:00.000Z', to: '2026-11-20T19:00:00.000Z', interval: 'hour' });
    expect(acrossMidnight.totals.offered).toBe(2);
    // Local hours: 23:30–00:30 is cut at 23:00 and 00:00 local.
    expect(acrossMidnight.series.map((point) => point.start)).toEqual(['2026-11-20T17:30:00.000Z', '2026-11-20T18:30:00.000Z']);
  });

  it('shows a tenant only its own numbers, and refuses periods it cannot read with the contract’s errors', async () => {
    const first = await tenantWithQueue();
    const second = await tenantWithQueue();
    await queueCall(t.db, first.tenantId, { queueId: first.queueId, joinedAt: at('2026-11-20T12:00:00Z'), leaveAfter: 30 });
    expect((await queueReport(second.admin, DAY)).totals.offered).toBe(0);
    expect((await queueReport(second.admin, { ...DAY, queueId: first.queueId })).queues).toEqual([]);
    // Rollup rows of another tenant are not even readable under its row-level security.
    for (const table of ['report_queue_intervals', 'report_queue_campaign_intervals']) {
      const seen = await t.db.withTenant(second.tenantId, (tx) => sql`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(tx));
      expect(seen.rows).toEqual([{ n: 0 }]);
    }

    const bad = (query: Record<string, string>) => t.call('GET', `/reports/queues?${new URLSearchParams(query)}`, first.admin);
    expectError(await bad({ from: DAY.to, to: DAY.from }), 400, 'REPORT_PERIOD_ORDER');
    expectError(await bad({ from: '2026-11-20T03:07:00.000Z', to: DAY.to }), 400, 'REPORT_PERIOD_NOT_ALIGNED');
    expectError(await bad({ from: '2026-01-01T03:00:00.000Z', to: DAY.to, interval: '15m' }), 400, 'REPORT_PERIOD_TOO_LONG');
    expectError(await bad({ from: DAY.from }), 400, 'REPORT_PERIOD_INCOMPLETE');
    expectError(await bad({ preset: 'today', from: DAY.from, to: DAY.to }), 400, 'REPORT_PERIOD_INCOMPLETE');
    expectError(await bad({ interval: 'year' }), 400, 'VALIDATION_FAILED');
  });
});
