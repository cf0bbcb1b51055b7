// A lead's other phones (decision 0066): the dialer in simulation mode dials its numbers in turn,
// one per attempt, so a NO_ANSWER on the first is retried on the second; the number chosen is the
// one the suppression list judges and the one dial_attempts.phone records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, login, type Session } from './harness.ts';
import { startSwitchedApp, type SwitchedApp, until } from './switch.ts';
import { campaignWithLeads, dialerTenant, endedAttempts, leadOf, nextPhone, staffedQueue, steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp({ dialer: { tickMs: 250, callingClock: () => WEDNESDAY_MORNING, simulationModel: model, random: () => 0.5, reconcileMs: 60_000 } });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(() => t?.close());

/** Makes the lead's retry due now (the dialer's tick picks it up). */
const dueNow = (tenantId: string, leadId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.updateTable('leads').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('id', '=', leadId).execute());

describe('the dialer tries the lead’s other phones', () => {
  it('dials the first number, after a NO_ANSWER the second, then the first again', async () => {
    model.only('NO_ANSWER');
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5201');
    const phones = [nextPhone('11'), nextPhone('21')];
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{ phones }], { maxAttempts: 5 });
    const leadId = leadIds[0]!;

    const [first] = await endedAttempts(t, tenantId, campaignId, 1);
    expect(first).toMatchObject({ outcome: 'NO_ANSWER', phone: phones[0] });
    await dueNow(tenantId, leadId);
    const two = await endedAttempts(t, tenantId, campaignId, 2);
    expect(two.map((attempt) => attempt.phone)).toEqual(phones);
    await dueNow(tenantId, leadId);
    const three = await endedAttempts(t, tenantId, campaignId, 3);
    expect(three.map((attempt) => attempt.phone)).toEqual([...phones, phones[0]]);
    expect(await leadOf(t, tenantId, leadId)).toMatchObject({ status: 'READY', attempts: 3, phone: phones[0], phones });
  });

  it('judges the number chosen: a suppressed second number stops the lead at its retry, not before', async () => {
    model.only('BUSY');
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5202');
    const phones = [nextPhone('11'), nextPhone('11')];
    const listed = await t.app.inject({ method: 'POST', url: '/suppression', headers: owner.auth, payload: { phone: phones[1] } });
    expect(listed.statusCode, listed.body).toBe(201);
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{ phones }]);
    const leadId = leadIds[0]!;

    const [first] = await endedAttempts(t, tenantId, campaignId, 1);
    expect(first).toMatchObject({ outcome: 'BUSY', phone: phones[0] });
    await dueNow(tenantId, leadId);
    expect(await until(() => leadOf(t, tenantId, leadId), (lead) => lead.status === 'DO_NOT_CALL')).toMatchObject({ status: 'DO_NOT_CALL', attempts: 1 });
    expect((await endedAttempts(t, tenantId, campaignId, 1)).map((attempt) => attempt.phone)).toEqual([phones[0]]);
  });
});
