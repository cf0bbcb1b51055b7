// The switch restarts while a dialer call is connected: its channel is gone and no hangup ever
// reached the platform. The dialer that placed it still follows it; once it is past the ring
// timeout, the reconciliation asks the switch, finds it gone and ends it from its call record.
// Its own file: the restart drops the switch's registrations and agents under every other test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from './harness.ts';
import { type SwitchedApp, until } from './switch.ts';
import {
  askedDuring,
  attemptsOf,
  campaignWithLeads,
  dialerTenant,
  leadOf,
  staffedQueue,
  startManualDialerApp,
  steerableModel,
} from './dialer-support.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  ({ t, platform } = await startManualDialerApp(model));
}, 60_000);
afterAll(() => t?.close());

const dialer = () => t.runtime.dialer;

describe('a switch restart under a connected dialer call', () => {
  it('ends the attempt this process follows, once stale and gone from the switch, as its call record says, and moves its lead on', async () => {
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5401');
    model.only('ANSWER');
    model.meanTalkSeconds = 120; // random 0.5: the customer would talk 83 s, far past this test
    const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}]);
    expect((await dialer().tick()).find((tick) => tick.campaignId === campaignId)).toMatchObject({
      placed: 1,
    });
    await t.db.withTenant(tenantId, (tx) =>
      tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('id', '=', campaignId).execute(),
    );
    const [talking] = await until(
      () => attemptsOf(t, tenantId, campaignId),
      (rows) => (rows[0]?.connectedAt ?? null) !== null,
    );
    expect(talking).toMatchObject({ owner: dialer().owner, outcome: 'CONNECTED', endedAt: null });
    const callId = talking!.callId;
    const callOf = () =>
      t.db.withTenant(tenantId, (tx) =>
        tx.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirstOrThrow(),
      );
    await until(callOf, (row) => row.bridgedAt !== null);

    // The switch goes away with the call (the ESL connections close before its channels go), then
    // comes back empty.
    const esl = t.runtime.target.esl;
    await t.stopSwitch();
    const stoppedAt = Date.now();
    await until(
      () => esl.connected,
      (connected) => !connected,
    );
    // Down for a while: the call's end is when the switch was last heard from, not its return.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const restartedAt = Date.now();
    await t.restartSwitch();
    expect(
      await until(
        () => esl.connected,
        (connected) => connected,
        15_000,
      ),
    ).toBe(true);
    // The event consumer closes the call record at the reconnect: the switch no longer has it.
    const call = await until(callOf, (row) => row.endedAt !== null, 15_000);
    expect(call).toMatchObject({ hangupCause: 'SWITCH_LOST' });
    expect(call.bridgedAt).not.toBeNull();
    expect(call.endedAt!.getTime()).toBe(esl.lastAliveBeforeDrop!.getTime());
    expect(call.endedAt!.getTime()).toBeLessThanOrEqual(stoppedAt);
    expect(call.endedAt!.getTime()).toBeLessThan(restartedAt - 1_500);
    expect(call.endedAt!.getTime()).toBeGreaterThanOrEqual(call.bridgedAt!.getTime());
    expect((await esl.api(`uuid_exists ${callId}`)).trim()).toBe('false');

    // The dialer heard no hangup: its attempt is still in flight, the lead not moved.
    expect((await attemptsOf(t, tenantId, campaignId))[0]).toMatchObject({
      id: talking!.id,
      endedAt: null,
      hangupCause: null,
    });
    expect(await leadOf(t, tenantId, talking!.leadId)).toMatchObject({ status: 'READY', attempts: 0 });
    // Followed by this process and younger than the ring timeout + 15 s: not even asked about (an
    // attempt of its own it did not follow would be checked against the switch at once).
    const fresh = await askedDuring(t, () => dialer().reconcileOrphans());
    expect(fresh.result).toBe(0);
    expect(fresh.asked).not.toContain(`uuid_exists ${callId}`);
    expect((await attemptsOf(t, tenantId, campaignId))[0]).toMatchObject({ endedAt: null });

    // Placed two minutes ago as far as the database says: stale, so the switch is asked.
    await t.db.withTenant(tenantId, (tx) =>
      tx
        .updateTable('dialAttempts')
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where('id', '=', talking!.id)
        .execute(),
    );
    const stale = await askedDuring(t, () => dialer().reconcileOrphans());
    expect(stale.asked).toContain(`uuid_exists ${callId}`);
    expect(stale.result).toBe(1);
    // Ended as the call record says: connected before the restart, closed as SWITCH_LOST when found gone.
    const [ended] = await attemptsOf(t, tenantId, campaignId);
    expect(ended).toMatchObject({
      id: talking!.id,
      status: 'ENDED',
      outcome: 'CONNECTED',
      hangupCause: call.hangupCause,
      endedAt: call.endedAt,
      connectedAt: talking!.connectedAt,
      owner: dialer().owner,
    });
    const lead = await leadOf(t, tenantId, talking!.leadId);
    expect(lead).toMatchObject({
      status: 'COMPLETED',
      attempts: 1,
      lastOutcome: 'CONNECTED',
      nextAttemptAt: null,
    });

    // No longer followed nor in flight: the next reconciliation leaves it as it is.
    const again = await askedDuring(t, () => dialer().reconcileOrphans());
    expect(again.result).toBe(0);
    expect(again.asked).not.toContain(`uuid_exists ${callId}`);
    expect((await attemptsOf(t, tenantId, campaignId))[0]).toEqual(ended);
    expect(await leadOf(t, tenantId, talking!.leadId)).toEqual(lead);
  }, 60_000);
});
