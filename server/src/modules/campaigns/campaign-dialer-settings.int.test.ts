// The dialer's settings on a campaign (decision 0048): CPS, abandon target and threshold, retry
// delays by outcome, state calling-hour policies. Accepted and refused values, what is stored, GET
// round trips, and live edits of a RUNNING campaign.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { STATE_POLICIES } from '../dialer/calling-hours.ts';

const t = useTestApp();
const { call } = t;

async function tenantWithRoutes() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queueId = (await call('POST', '/queues', session, { name: 'Cobrança' })).json<{ id: string }>().id;
  const trunkId = (await call('POST', '/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' })).json<{ id: string }>().id;
  return { ...fixture, session, queueId, trunkId };
}

type Routes = Awaited<ReturnType<typeof tenantWithRoutes>>;
const body = (routes: Routes, extra: Record<string, unknown> = {}) => ({
  name: `Campanha ${randomUUID().slice(0, 6)}`,
  queueId: routes.queueId,
  trunkId: routes.trunkId,
  pacingMin: 1,
  pacingMax: 2,
  ...extra,
});

/** The row as stored; retry_minutes as its JSON text (the CamelCasePlugin would rename its keys). */
const stored = async (tenantId: string, id: string) => {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx
      .selectFrom('campaigns')
      .select(['cpsLimit', 'abandonTarget', 'abandonAfterSeconds', sql<string>`retry_minutes::text`.as('retry'), 'callingPolicies'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );
  const { retry, ...rest } = row;
  return { ...rest, retryMinutes: JSON.parse(retry) as unknown };
};

describe('campaign dialer settings', () => {
  it('defaults to no CPS limit, 3% abandons after 2 s, the default retries and no state policy', async () => {
    const routes = await tenantWithRoutes();
    const created = await call('POST', '/campaigns', routes.session, body(routes));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ cpsLimit: null, abandonTarget: 0.03, abandonAfterSeconds: 2, retryMinutes: {}, callingPolicies: [] });
  });

  it('takes every setting on create, stores it in its columns and reads it back the same in GET and the list', async () => {
    const routes = await tenantWithRoutes();
    const settings = {
      cpsLimit: 25,
      abandonTarget: 0.025,
      abandonAfterSeconds: 3,
      retryMinutes: { BUSY: 5, NO_ANSWER: 120, FAILED: 1, ABANDONED: 10_080 },
      callingPolicies: ['SP_COLLECTION', 'RJ_TELEMARKETING'],
    };
    const created = await call('POST', '/campaigns', routes.session, body(routes, settings));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string }>();
    // Policies come back in the table's order, whatever order they were sent in.
    const expected = { ...settings, callingPolicies: ['RJ_TELEMARKETING', 'SP_COLLECTION'] };
    expect(campaign).toMatchObject(expected);
    expect((await call('GET', `/campaigns/${campaign.id}`, routes.session)).json()).toEqual(campaign);
    expect((await call('GET', '/campaigns', routes.session)).json()).toEqual([campaign]);
    expect(await stored(routes.tenant.id, campaign.id)).toEqual(expected);
  });

  it('accepts the ends of each range and every known policy', async () => {
    const routes = await tenantWithRoutes();
    const campaign = (await call('POST', '/campaigns', routes.session, body(routes))).json<{ id: string }>();
    const accepted: Record<string, unknown>[] = [
      { cpsLimit: 1 },
      { cpsLimit: 1000 },
      { cpsLimit: null },
      { abandonTarget: 0.001 },
      { abandonTarget: 0.2 },
      { abandonAfterSeconds: 1 },
      { abandonAfterSeconds: 30 },
      { retryMinutes: { NO_ANSWER: 1 } },
      { retryMinutes: {} },
      { callingPolicies: Object.keys(STATE_POLICIES) },
      { callingPolicies: [] },
    ];
    for (const patch of accepted) {
      const response = await call('PATCH', `/campaigns/${campaign.id}`, routes.session, patch);
      expect(response.statusCode, `${JSON.stringify(patch)} → ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject(patch);
    }
  });

  it('refuses values out of range, an unknown or repeated policy, an unknown retry outcome and unknown keys, in the contract’s shape; nothing changes', async () => {
    const routes = await tenantWithRoutes();
    const campaign = (await call('POST', '/campaigns', routes.session, body(routes, { cpsLimit: 10, callingPolicies: ['SP_COLLECTION'] }))).json<{ id: string }>();
    const before = await stored(routes.tenant.id, campaign.id);
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ cpsLimit: 0 }, 'cpsLimit'],
      [{ cpsLimit: 1001 }, 'cpsLimit'],
      [{ cpsLimit: 2.5 }, 'cpsLimit'],
      [{ cpsLimit: '10' }, 'cpsLimit'],
      [{ abandonTarget: 0 }, 'abandonTarget'],
      [{ abandonTarget: 0.21 }, 'abandonTarget'],
      [{ abandonTarget: 3 }, 'abandonTarget'],
      [{ abandonTarget: null }, 'abandonTarget'],
      [{ abandonAfterSeconds: 0 }, 'abandonAfterSeconds'],
      [{ abandonAfterSeconds: 31 }, 'abandonAfterSeconds'],
      [{ abandonAfterSeconds: 1.5 }, 'abandonAfterSeconds'],
      [{ retryMinutes: { BUSY: 0 } }, 'retryMinutes.BUSY'],
      [{ retryMinutes: { NO_ANSWER: 10_081 } }, 'retryMinutes.NO_ANSWER'],
      [{ retryMinutes: { FAILED: 2.5 } }, 'retryMinutes.FAILED'],
      [{ retryMinutes: { CONNECTED: 5 } }, 'retryMinutes'],
      [{ retryMinutes: { busy: 5 } }, 'retryMinutes'],
      [{ retryMinutes: [5] }, 'retryMinutes'],
      [{ callingPolicies: ['MG_TELEMARKETING'] }, 'callingPolicies.0'],
      [{ callingPolicies: ['SP_COLLECTION', 'SP_COLLECTION'] }, 'callingPolicies'],
      [{ callingPolicies: 'SP_COLLECTION' }, 'callingPolicies'],
      [{ calling_policies: ['SP_COLLECTION'] }, ''],
      [{ cps_limit: 10 }, ''],
    ];
    for (const [patch, path] of refused) {
      const response = await call('PATCH', `/campaigns/${campaign.id}`, routes.session, patch);
      expectError(response, 400, 'VALIDATION_FAILED');
      const error = response.json<{ requestId: string; details?: { path: string }[] }>();
      expect(error.requestId).toBe(response.headers['x-request-id']);
      if (path) expect(error.details?.map((detail) => detail.path), JSON.stringify(patch)).toContain(path);
      // The same body on a creation is refused the same way.
      expectError(await call('POST', '/campaigns', routes.session, body(routes, patch)), 400, 'VALIDATION_FAILED');
    }
    expect(await stored(routes.tenant.id, campaign.id)).toEqual(before);
    expect((await call('GET', '/campaigns', routes.session)).json()).toHaveLength(1);
  });

  it('edits the dialer settings of a RUNNING campaign live, without moving its status; audited by name', async () => {
    const routes = await tenantWithRoutes();
    const campaign = (await call('POST', '/campaigns', routes.session, body(routes))).json<{ id: string }>();
    await t.db.withTenant(routes.tenant.id, (tx) => tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', '=', campaign.id).execute());
    const patch = { cpsLimit: 5, abandonTarget: 0.02, abandonAfterSeconds: 2, retryMinutes: { NO_ANSWER: 90 }, callingPolicies: ['AL_COLLECTION'] };
    const patched = await call('PATCH', `/campaigns/${campaign.id}`, routes.session, patch);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ ...patch, status: 'RUNNING', operations: ['pause', 'drain', 'stop'] });
    // retryMinutes is replaced whole: an outcome left out goes back to its default.
    expect((await call('PATCH', `/campaigns/${campaign.id}`, routes.session, { retryMinutes: { BUSY: 20 } })).json()).toMatchObject({ retryMinutes: { BUSY: 20 } });
    expect((await stored(routes.tenant.id, campaign.id)).retryMinutes).toEqual({ BUSY: 20 });
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('details').where('action', '=', 'CAMPAIGN_UPDATED').where('targetId', '=', campaign.id).orderBy('createdAt').execute(),
    );
    expect(audit[0]!.details).toEqual({ changed: Object.keys(patch) });
  });

  it('needs campaigns.manage to change them', async () => {
    const routes = await tenantWithRoutes();
    const campaign = (await call('POST', '/campaigns', routes.session, body(routes))).json<{ id: string }>();
    const agent = await createMember(t.app, routes.session, 'agent');
    expectError(await call('PATCH', `/campaigns/${campaign.id}`, agent.session, { cpsLimit: 5 }), 403, 'FORBIDDEN');
    expect((await stored(routes.tenant.id, campaign.id)).cpsLimit).toBeNull();
  });
});
