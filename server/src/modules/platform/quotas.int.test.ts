import { describe, expect, it } from 'vitest';
import { createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { createAgent, createExtension, insertMember } from '../agents/test-support.ts';

const t = useTestApp();
const { call } = t;

interface Quota {
  tenantId: string;
  planId: string;
  usage: Record<string, { used: number; limit: number | null; tracked: boolean }>;
}

const quotaOf = async (tenantId: string): Promise<Quota | undefined> => {
  const response = await call('GET', '/platform/quotas', t.platform);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Quota[]>().find((row) => row.tenantId === tenantId);
};

describe('GET /platform/quotas', () => {
  it('counts the live objects of each tenant against its plan limits', async () => {
    const plan = (
      await call('POST', '/plans', t.platform, {
        name: 'Quota plan',
        max_extensions: 10,
        max_agents: null,
        max_trunks: 3,
        max_queues: 4,
        max_campaigns: 7,
        maxMonthlyCalls: 5000,
        maxRecordingStorageGb: 2.5,
      })
    ).json<{ id: string }>();
    const { tenant, admin } = await createTenant(t.app, t.platform, { planId: plan.id });
    const other = await createTenant(t.app, t.platform);

    // 3 extensions, of which 2 serve agents (created by createAgent) and 1 more deleted.
    await createExtension(t, tenant.id);
    const deleted = await createExtension(t, tenant.id);
    await call('DELETE', `/extensions/${deleted.id}`, admin.session);
    for (let i = 0; i < 2; i++)
      await createAgent(t, admin.session, tenant.id, (await insertMember(t, tenant.id)).id);
    await call('POST', '/trunks', admin.session, { name: 'carrier1', host: 'sip.carrier.example' });
    for (const name of ['sales', 'support', 'gone']) await call('POST', '/queues', admin.session, { name });
    const queues = (await call('GET', '/queues', admin.session)).json<{ id: string; name: string }[]>();
    await call('DELETE', `/queues/${queues.find((queue) => queue.name === 'gone')!.id}`, admin.session);

    expect(await quotaOf(tenant.id)).toEqual({
      tenantId: tenant.id,
      tenantCode: tenant.code,
      tenantName: 'Tenant',
      status: 'ACTIVE',
      planId: plan.id,
      planName: 'Quota plan',
      usage: {
        extensions: { used: 3, limit: 10, tracked: true },
        agents: { used: 2, limit: null, tracked: true },
        trunks: { used: 1, limit: 3, tracked: true },
        queues: { used: 2, limit: 4, tracked: true },
        campaigns: { used: 0, limit: 7, tracked: true },
        monthlyCalls: { used: 0, limit: 5000, tracked: false },
        recordingStorageGb: { used: 0, limit: 2.5, tracked: false },
      },
    });
    // Another tenant's objects never leak into this one's counts.
    const empty = await quotaOf(other.tenant.id);
    expect(empty?.planId).toBe('trial');
    expect(Object.values(empty!.usage).map((usage) => usage.used)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('is refused to a tenant admin (403 PLATFORM_ONLY) and to anonymous callers (401)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('GET', '/platform/quotas', admin.session), 403, 'PLATFORM_ONLY');
    expectError(await t.app.inject({ method: 'GET', url: '/platform/quotas' }), 401, 'UNAUTHORIZED');
  });
});
