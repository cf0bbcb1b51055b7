// Real outbound needs DIALER_SIMULATION=false AND DIALER_REAL_OUTBOUND=true. With simulation off and
// real outbound not allowed the dialer places nothing; allowed, it originates through the campaign
// trunk's gateway, whose far end on the simulator follows the outcome model.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoordination } from '../src/platform/coordination/index.ts';
import { realtimePublisher } from '../src/platform/realtime/events.ts';
import { DialerEngine } from '../src/services/dialer/dialer.service.ts';
import { attemptsOf, campaignWithLeads, dialerTenant, endedAttempts, leadOf, staffedQueue, WEDNESDAY_MORNING } from './dialer-support.ts';
import { createPlatformAdmin, login, type Session } from './harness.ts';
import { pendingSwitchChanges, startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const tuning = { tickMs: 250, callingClock: () => WEDNESDAY_MORNING };
let t: SwitchedApp;
let platform: Session;
const ownCoordination = createCoordination({});
let realDialer: DialerEngine | null = null;

beforeAll(async () => {
  // Simulation off, real outbound not allowed: the platform's own dialer must place nothing.
  t = await startSwitchedApp({ env: { DIALER_SIMULATION: 'false' }, dialer: tuning });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(async () => {
  await realDialer?.stop();
  await ownCoordination.close();
  await t?.close();
});

describe('real outbound', () => {
  it('is refused while DIALER_REAL_OUTBOUND is not set, even with simulation off', async () => {
    expect(t.runtime.dialer.mode).toBe('DISABLED');
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '6101');
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{}]);
    const state = await until(
      () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').select('lastDecision').where('campaignId', '=', campaignId).executeTakeFirst()),
      (row) => row !== undefined,
    );
    expect((state!.lastDecision as { reasons: string[] }).reasons).toContain('REAL_OUTBOUND_DISABLED');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await attemptsOf(t, tenantId, campaignId)).toEqual([]);
    expect((await leadOf(t, tenantId, leadIds[0]!)).status).toBe('READY');
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('id', '=', campaignId).execute());
  });

  it('allowed, originates through the campaign trunk’s gateway: a busy carrier is a BUSY attempt, an answer reaches the agent', async () => {
    realDialer = new DialerEngine({
      db: t.db,
      coordination: ownCoordination,
      esl: t.runtime.target.esl,
      realtime: realtimePublisher(ownCoordination),
      log: pino({ level: 'silent' }),
      options: { ...tuning, simulation: false, realOutbound: true, owner: 'real-dialer' },
    });
    expect(realDialer.mode).toBe('REAL');
    realDialer.start();
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId, agentId } = await staffedQueue(t, owner, '6102');
    await until(() => pendingSwitchChanges(t, tenantId), (count) => count === 0);
    const seen: string[] = [];
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_CREATE') seen.push(event.get('Channel-Name') ?? '');
    });
    try {
      t.simulator().control.addOutcome({ destination: '5511955551001', outcome: 'BUSY', ringMs: 200 });
      t.simulator().control.addOutcome({ destination: '5511955551002', outcome: 'ANSWER', ringMs: 200, talkMs: 2_000 });
      const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{ phone: '+5511955551001' }, { phone: '+5511955551002' }], { callerId: '+551130009999' });
      const attempts = await endedAttempts(t, tenantId, campaignId, 2, 20_000);
      const byLead = new Map(attempts.map((attempt) => [attempt.leadId, attempt]));
      expect(byLead.get(leadIds[0]!)).toMatchObject({ outcome: 'BUSY', hangupCause: 'USER_BUSY', simulated: false });
      expect(byLead.get(leadIds[1]!)).toMatchObject({ outcome: 'CONNECTED', simulated: false });
      expect(seen.some((name) => name.startsWith('sofia/external/5511955551001'))).toBe(true);
      const calls = await until(
        () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').selectAll().where('campaignId', '=', campaignId).execute()),
        (rows) => rows.length === 2 && rows.every((row) => row.endedAt !== null),
      );
      const busy = calls.find((call) => call.leadId === leadIds[0]);
      const answered = calls.find((call) => call.leadId === leadIds[1]);
      expect(busy).toMatchObject({ direction: 'OUTBOUND', trunkId: owner.trunkId, hangupCause: 'USER_BUSY', callerNumber: '+551130009999' });
      expect(answered).toMatchObject({ direction: 'OUTBOUND', trunkId: owner.trunkId, agentId });
      expect(answered!.bridgedAt).not.toBeNull();
    } finally {
      stop();
      t.simulator().control.clearOutcomes();
    }
  });
});
