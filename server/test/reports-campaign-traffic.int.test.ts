// The campaign report under real traffic: the dialer in simulation mode places each outcome in
// turn (connected through the campaign's queue to a real agent leg on the switch simulator, busy,
// no answer, failed, abandoned), dispositions are set through the API, and a callback is
// completed; GET /reports/campaigns must give every count and rate the test generated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedKind } from '../src/services/dialer/simulated-outcome.ts';
import { rollupsMatchRecomputation } from '../src/modules/reports/test-support.ts';
import { createTenant, type Session } from './harness.ts';
import { type SwitchedApp, until } from './switch.ts';
import { attemptsOf, campaignWithLeads, dialerTenant, leadOf, nextPhone, staffedQueue, startManualDialerApp, steerableModel } from './dialer-support.ts';
import { mean, near, report } from './report-traffic.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  ({ t, platform } = await startManualDialerApp(model));
}, 60_000);
afterAll(() => t?.close());

async function send<T>(auth: Session['auth'], method: 'POST' | 'PATCH', url: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method, url, headers: auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

describe('campaign report under dialer traffic through the switch', () => {
  it('counts attempts by outcome, callbacks scheduled and completed, conversions, the rates and the leads as they stand', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId, agentId } = await staffedQueue(t, owner, '5301');
    // No wrap-up: the agent is free for the next call as soon as one ends.
    await send(owner.auth, 'PATCH', `/agents/${agentId}`, { wrapUpSeconds: 0 });
    const sale = await send<{ id: string }>(owner.auth, 'POST', '/dispositions', { code: 'FECHOU', name: 'Fechou', action: 'SUCCESS' });
    const later = await send<{ id: string }>(owner.auth, 'POST', '/dispositions', { code: 'LIGAR_DEPOIS', name: 'Ligar depois', action: 'CALLBACK' });
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [], { abandonAfterSeconds: 2 });

    const agentState = async () =>
      (await t.db.withTenant(tenantId, (tx) => tx.selectFrom('agents').select('state').where('id', '=', agentId).executeTakeFirstOrThrow())).state;
    /** A lead of the campaign, READY unless told. */
    const addLead = async () => {
      const row = await t.db.withTenant(tenantId, (tx) =>
        tx.insertInto('leads').values({ tenantId, campaignId, phone: nextPhone(), status: 'READY' }).returning('id').executeTakeFirstOrThrow(),
      );
      leadIds.push(row.id);
      return row.id;
    };
    /** The dialer places one call (its next due lead) with this outcome; the attempt once it ended. */
    async function dial(kind: SimulatedKind) {
      model.only(kind);
      expect(await until(agentState, (state) => state === 'AVAILABLE', 10_000)).toBe('AVAILABLE');
      const before = (await attemptsOf(t, tenantId, campaignId)).length;
      const ticks = await until(
        async () => (await t.runtime.dialer.tick()).find((tick) => tick.campaignId === campaignId)?.placed ?? 0,
        (placed) => placed > 0,
      );
      expect(ticks).toBe(1);
      const attempts = await until(() => attemptsOf(t, tenantId, campaignId), (rows) => rows.length === before + 1 && rows.at(-1)!.endedAt !== null, 20_000);
      const attempt = attempts.at(-1)!;
      // The customer's call record is closed too (its rows feed the dispositions).
      await until(() => t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').select('endedAt').where('id', '=', attempt.callId).executeTakeFirst()), (row) => Boolean(row?.endedAt), 10_000);
      return attempt;
    }
    const dispose = (callId: string, body: object) => send(owner.auth, 'PATCH', `/calls/${callId}/disposition`, body);

    // A sale, a busy line, nobody answering, a failed call.
    const sold = await addLead();
    const connected = [await dial('ANSWER')];
    expect(connected[0]).toMatchObject({ leadId: sold, outcome: 'CONNECTED', callback: false });
    await dispose(connected[0]!.callId, { dispositionId: sale.id });
    await addLead();
    expect(await dial('BUSY')).toMatchObject({ outcome: 'BUSY' });
    await addLead();
    expect(await dial('NO_ANSWER')).toMatchObject({ outcome: 'NO_ANSWER' });
    await addLead();
    expect(await dial('FAILED')).toMatchObject({ outcome: 'FAILED' });
    // A customer who asks to be called back: scheduled, then (made due) dialed again and connected.
    const callMeBack = await addLead();
    connected.push(await dial('ANSWER'));
    await dispose(connected[1]!.callId, { dispositionId: later.id, callbackAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await leadOf(t, tenantId, callMeBack)).toMatchObject({ status: 'CALLBACK' });
    const scheduled = await report(t, owner.auth, 'campaigns', { campaignId });
    expect(scheduled.campaigns[0]).toMatchObject({
      leads: { READY: 3, CALLBACK: 1, COMPLETED: 1, DO_NOT_CALL: 0, EXHAUSTED: 0 },
      metrics: { callbacksScheduled: 1, callbacksCompleted: 0, conversions: 1 },
    });
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('leads').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('id', '=', callMeBack).execute());
    connected.push(await dial('ANSWER'));
    expect(connected[2]).toMatchObject({ leadId: callMeBack, outcome: 'CONNECTED', callback: true });
    // Last, a customer nobody takes: the agent's phone would ring a minute, the dialer lets go after 2 s.
    t.simulator().control.phone('5301', owner.tenant.tenant.telephonyDomain, { autoAnswerMs: 60_000 });
    await addLead();
    const abandoned = await dial('ANSWER');
    expect(abandoned).toMatchObject({ outcome: 'ABANDONED', connectedAt: null });
    expect(abandoned.answeredAt).not.toBeNull();

    const campaigns = await report(t, owner.auth, 'campaigns');
    const line = campaigns.campaigns.find((campaign) => campaign.campaignId === campaignId)!;
    const counts = { attempts: 7, answered: 4, connected: 3, busy: 1, noAnswer: 1, failed: 1, abandoned: 1, callbacksScheduled: 1, callbacksCompleted: 1, conversions: 1 };
    expect(line.metrics).toMatchObject({ ...counts, contactRate: 4 / 7, connectRate: 3 / 7, abandonRate: 1 / 4, conversionRate: 1 / 3 });
    expect(campaigns.totals).toMatchObject(counts);
    // The dialer's own instants: wait from the customer's answer to the agent's, talk from there to the end.
    const ms = (from: Date | null, to: Date | null) => (to!.getTime() - from!.getTime()) / 1000;
    near(line.metrics.averageWaitSeconds, mean(connected.map((attempt) => ms(attempt.answeredAt, attempt.connectedAt))), 0.01);
    near(line.metrics.averageTalkSeconds, mean(connected.map((attempt) => ms(attempt.connectedAt, attempt.endedAt))), 0.01);
    expect(line.metrics.averageTalkSeconds).toBeGreaterThan(1);
    // READY: the busy, unanswered, failed and abandoned leads, each with its retry; the sale and the callback done.
    expect(line.leads).toEqual({ READY: 4, CALLBACK: 0, COMPLETED: 2, DO_NOT_CALL: 0, EXHAUSTED: 0 });
    expect(line.dispositions.map((row) => [row.code, row.action, row.count]).sort()).toEqual([
      ['FECHOU', 'SUCCESS', 1],
      ['LIGAR_DEPOIS', 'CALLBACK', 1],
    ]);
    expect(line.dialer.some((point) => point.dialLevel !== null)).toBe(true);
    // The answered customers went through the campaign's queue: the same calls on the queue report,
    // where the dropped customer (2 s, inside the queue's 5 s) is an abandon, never a short one (decision 0088).
    const queue = await report(t, owner.auth, 'queues', { campaignId });
    expect(queue.totals).toMatchObject({ offered: 4, answered: 3, abandoned: 1, shortAbandoned: 0, abandonRate: 1 / 4 });
    // The agent was offered the four answered customers and took three; the dialer took the fourth
    // back from its ringing phone: offered, not missed (decision 0088).
    const agentLine = (await report(t, owner.auth, 'agents', { agentId })).agents[0]!;
    expect(agentLine.metrics).toMatchObject({ offered: 4, answered: 3, missed: 0 });
    expect(await rollupsMatchRecomputation(t.db, tenantId)).toEqual({});

    // Another tenant sees none of it, not even with the campaign's id.
    const stranger = await createTenant(t.app, platform);
    const theirs = await report(t, stranger.admin.session.auth, 'campaigns', { campaignId });
    expect(theirs.campaigns).toEqual([]);
    expect(theirs.totals).toMatchObject({ attempts: 0, connected: 0, conversions: 0, callbacksScheduled: 0 });
  }, 90_000);
});
