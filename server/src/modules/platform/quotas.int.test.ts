import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RecordingStatus } from '../../platform/db/schema.ts';
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
        leads: { used: 0, limit: null, tracked: true },
        monthlyCalls: { used: 0, limit: 5000, tracked: true },
        recordingStorageGb: { used: 0, limit: 2.5, tracked: true },
      },
    });
    // Another tenant's objects never leak into this one's counts.
    const empty = await quotaOf(other.tenant.id);
    expect(empty?.planId).toBe('trial');
    expect(Object.values(empty!.usage).map((usage) => usage.used)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("counts the calls of the tenant's current month (in its time zone) and the stored recordings' size", async () => {
    const { tenant } = await createTenant(t.app, t.platform);
    const other = await createTenant(t.app, t.platform);
    // The month's first instant in São Paulo (UTC-3): a call one minute before it is last month's.
    const monthStart = await t.db.withPlatform(
      async (tx) =>
        (
          await sql<{
            at: Date;
          }>`SELECT date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo' AS at`.execute(
            tx,
          )
        ).rows[0]!.at,
    );
    const insertCall = (
      tenantId: string,
      createdAt: Date,
      sizeBytes?: number,
      status: RecordingStatus = 'AVAILABLE',
    ) =>
      t.db.withTenant(tenantId, async (tx) => {
        const callId = randomUUID();
        await tx
          .insertInto('calls')
          .values({ id: callId, tenantId, direction: 'INBOUND', createdAt })
          .execute();
        if (sizeBytes !== undefined)
          await tx.insertInto('recordings').values({ tenantId, callId, status, sizeBytes }).execute();
      });
    await t.db.withPlatform((tx) =>
      tx.updateTable('tenants').set({ timezone: 'America/Sao_Paulo' }).where('id', '=', tenant.id).execute(),
    );
    await insertCall(tenant.id, monthStart, 1_500_000_000);
    await insertCall(tenant.id, new Date(), 250_000_000);
    await insertCall(tenant.id, new Date(), 900_000_000, 'DELETED');
    await insertCall(tenant.id, new Date(monthStart.getTime() - 60_000), 1_000_000);
    await insertCall(other.tenant.id, new Date(), 7_000_000_000);

    const usage = (await quotaOf(tenant.id))!.usage;
    expect(usage.monthlyCalls).toMatchObject({ used: 3, tracked: true });
    // 1.5 GB + 0.25 GB + 0.001 GB from last month's call still stored; the deleted one is not counted.
    expect(usage.recordingStorageGb).toMatchObject({ used: 1.751, tracked: true });
  });

  it('is refused to a tenant admin (403 PLATFORM_ONLY) and to anonymous callers (401)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('GET', '/platform/quotas', admin.session), 403, 'PLATFORM_ONLY');
    expectError(await t.app.inject({ method: 'GET', url: '/platform/quotas' }), 401, 'UNAUTHORIZED');
  });
});
