// Suspending a tenant stops its dialer from the next tick (its campaigns are no longer dialable);
// reactivating it resumes dialing where it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptsOf, campaignWithLeads, dialerTenant, paperAgents, steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';
import { createPlatformAdmin, login } from './harness.ts';
import { startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const model = steerableModel();
model.only('NO_ANSWER');
// Short rings: a campaign that still dialed would place new calls every few ticks.
model.ringSeconds.NO_ANSWER = [0.3, 0.3];
let t: SwitchedApp;

beforeAll(async () => {
  t = await startSwitchedApp({ dialer: { tickMs: 200, callingClock: () => WEDNESDAY_MORNING, simulationModel: model } });
}, 60_000);
afterAll(() => t?.close());

describe('a suspended tenant', () => {
  it('is not dialed from the next tick, and is dialed again once reactivated', async () => {
    const admin = await createPlatformAdmin(t.db);
    const platform = await login(t.app, admin.email, admin.password);
    const owner = await dialerTenant(t, platform, {});
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'fila' } });
    expect(queue.statusCode, queue.body).toBe(201);
    await paperAgents(t, tenantId, queue.json<{ id: string }>().id, 2);
    const { campaignId } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, Array.from({ length: 40 }, () => ({})));
    const count = async () => (await attemptsOf(t, tenantId, campaignId)).length;
    await until(count, (n) => n >= 4);

    const setStatus = async (status: 'SUSPENDED' | 'ACTIVE') => {
      const response = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantId}`, headers: platform.auth, payload: { status } });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setStatus('SUSPENDED');
    // A tick already running when the status changed may still place its calls.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atSuspension = await count();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await count()).toBe(atSuspension);
    expect((await attemptsOf(t, tenantId, campaignId)).every((attempt) => attempt.endedAt !== null)).toBe(true);

    await setStatus('ACTIVE');
    expect(await until(count, (n) => n > atSuspension)).toBeGreaterThan(atSuspension);
  });
});
