// The dialer engine's calls followed to their end, driven tick by tick (its timers never fire here:
// the test calls tick() and reconcileOrphans() itself): a stopped campaign's call in progress, this
// process's own attempt that went quiet while the switch still has its channel, and the call of a
// dialer that died mid-call, adopted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from './harness.ts';
import { type SwitchedApp, until } from './switch.ts';
import {
  askedDuring,
  attemptsOf,
  campaignWithLeads,
  dialerTenant,
  endedAttempts,
  leadOf,
  staffedQueue,
  startManualDialerApp,
  steerableModel,
} from './dialer-support.ts';
import { decisionHelpers, tickOf } from './dialer-decisions.support.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  ({ t, platform } = await startManualDialerApp(model));
}, 60_000);
afterAll(() => t?.close());

const dialer = () => t.runtime.dialer;
const { secondEngine, switchlessAgents, stopCampaign, originatesOf } = decisionHelpers(() => t, model);

describe('the dialer tick by tick', () => {
  it('stop: no new originate from the next tick, while the call in progress goes on to its own end', async () => {
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5301');
    model.only('ANSWER');
    model.meanTalkSeconds = 6; // random 0.5: the customer talks 4.2 s
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{}, {}, {}]);
    const originates = originatesOf(campaignId);
    try {
      expect(tickOf(await dialer().tick(), campaignId)).toMatchObject({ placed: 1 });
      const [talking] = await until(
        () => attemptsOf(t, tenantId, campaignId),
        (rows) => (rows[0]?.connectedAt ?? null) !== null,
      );
      expect(talking?.connectedAt).not.toBeNull();
      const stopped = await t.app.inject({
        method: 'POST',
        url: `/campaigns/${campaignId}/stop`,
        headers: owner.auth,
      });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json<{ status: string }>().status).toBe('STOPPED');
      // Free agents now: a tick that still dialed the campaign would place two calls for them.
      await switchlessAgents(owner, queueId, 2);
      expect(tickOf(await dialer().tick(), campaignId)?.placed ?? 0).toBe(0);
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(1);
      // The call is not cut by the stop.
      expect((await attemptsOf(t, tenantId, campaignId))[0]!.endedAt).toBeNull();
      expect((await t.runtime.target.esl.api(`uuid_exists ${talking!.callId}`)).trim()).toBe('true');
      const [ended] = await endedAttempts(t, tenantId, campaignId, 1);
      expect(ended).toMatchObject({ id: talking!.id, outcome: 'CONNECTED', hangupCause: 'NORMAL_CLEARING' });
      expect(ended!.endedAt!.getTime() - ended!.connectedAt!.getTime()).toBeGreaterThanOrEqual(3_000);
      expect(await leadOf(t, tenantId, talking!.leadId)).toMatchObject({
        status: 'COMPLETED',
        lastOutcome: 'CONNECTED',
      });
      for (const leadId of leadIds.filter((id) => id !== talking!.leadId))
        expect(await leadOf(t, tenantId, leadId)).toMatchObject({ status: 'READY', attempts: 0 });
      expect(tickOf(await dialer().tick(), campaignId)?.placed ?? 0).toBe(0);
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(1);
      expect(originates.count()).toBe(1);
    } finally {
      originates.stop();
    }
  });

  it('keeps following its own attempt that went quiet past the ring timeout while the switch still has the channel; its hangup ends it as usual', async () => {
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5302');
    model.only('ANSWER');
    model.meanTalkSeconds = 6;
    const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}]);
    expect(tickOf(await dialer().tick(), campaignId)).toMatchObject({ placed: 1 });
    await stopCampaign(tenantId, campaignId);
    const [talking] = await until(
      () => attemptsOf(t, tenantId, campaignId),
      (rows) => (rows[0]?.connectedAt ?? null) !== null,
    );
    // Placed two minutes ago as far as the database says: past the ring timeout + 15 s, so the
    // reconciliation asks the switch about it.
    await t.db.withTenant(tenantId, (tx) =>
      tx
        .updateTable('dialAttempts')
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where('id', '=', talking!.id)
        .execute(),
    );
    const { asked } = await askedDuring(t, () => dialer().reconcileOrphans());
    expect(asked).toContain(`uuid_exists ${talking!.callId}`);
    const kept = (await attemptsOf(t, tenantId, campaignId))[0];
    expect(kept).toMatchObject({ id: talking!.id, endedAt: null, hangupCause: null, owner: dialer().owner });
    expect(kept!.status).not.toBe('ENDED');
    // The customer hangs up: the attempt ends from the switch's word, not from the reconciliation.
    const [ended] = await endedAttempts(t, tenantId, campaignId, 1);
    expect(ended).toMatchObject({ id: talking!.id, outcome: 'CONNECTED', hangupCause: 'NORMAL_CLEARING' });
    // The call record is the event consumer's, written in its own batch.
    const call = await until(
      () =>
        t.db.withTenant(tenantId, (tx) =>
          tx.selectFrom('calls').selectAll().where('id', '=', talking!.callId).executeTakeFirstOrThrow(),
        ),
      (row) => row.endedAt !== null,
    );
    expect(call.hangupCause).toBe('NORMAL_CLEARING');
    expect(call.endedAt!.getTime() - call.answerAt!.getTime()).toBeGreaterThanOrEqual(3_000);
    expect(await leadOf(t, tenantId, talking!.leadId)).toMatchObject({
      status: 'COMPLETED',
      attempts: 1,
      lastOutcome: 'CONNECTED',
    });
  });

  it('adopts the call of a dialer that died while its customer talks: the channel is still up, so it is followed, and ends as CONNECTED from its hangup', async () => {
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5303');
    model.only('ANSWER');
    model.meanTalkSeconds = 8; // random 0.5: the customer talks 5.5 s
    // Another process on the same switch and coordination; its alive flag lasts a second.
    const other = secondEngine('dies-mid-call', { lockTtlMs: 1_000 }, t.coordination).engine;
    other.start();
    let stopped = false;
    try {
      const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}]);
      // Placed by the other dialer (by its first tick at start, or by this one).
      await until(
        async () => {
          await other.tick();
          return attemptsOf(t, tenantId, campaignId);
        },
        (rows) => rows.length === 1,
      );
      await stopCampaign(tenantId, campaignId);
      const [talking] = await until(
        () => attemptsOf(t, tenantId, campaignId),
        (rows) => (rows[0]?.connectedAt ?? null) !== null,
      );
      expect(talking).toMatchObject({ owner: 'dies-mid-call', endedAt: null });
      // It dies: it follows nothing any more and its alive flag runs out.
      await other.stop();
      stopped = true;
      const adopted = await until(
        async () => {
          await dialer().reconcileOrphans();
          return (await attemptsOf(t, tenantId, campaignId))[0];
        },
        (row) => row?.owner === dialer().owner,
        5_000,
      );
      // Adopted, not ended: the customer is still talking to the agent.
      expect(adopted).toMatchObject({
        id: talking!.id,
        owner: dialer().owner,
        endedAt: null,
        hangupCause: null,
      });
      expect((await t.runtime.target.esl.api(`uuid_exists ${talking!.callId}`)).trim()).toBe('true');
      const [ended] = await endedAttempts(t, tenantId, campaignId, 1);
      expect(ended).toMatchObject({
        id: talking!.id,
        owner: dialer().owner,
        outcome: 'CONNECTED',
        hangupCause: 'NORMAL_CLEARING',
      });
      expect(ended!.endedAt!.getTime() - ended!.connectedAt!.getTime()).toBeGreaterThanOrEqual(4_000);
      expect(await leadOf(t, tenantId, talking!.leadId)).toMatchObject({
        status: 'COMPLETED',
        attempts: 1,
        lastOutcome: 'CONNECTED',
      });
    } finally {
      if (!stopped) await other.stop();
    }
  });
});
