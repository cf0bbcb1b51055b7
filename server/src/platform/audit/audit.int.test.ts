import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

interface Item {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const get = async (url: string, auth: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

describe('GET /audit and /platform/audit', () => {
  it('lists a tenant its own entries only, with the actor and the target named', async () => {
    const one = await createTenant(t.app, t.platform, { name: 'Acme One' });
    const two = await createTenant(t.app, t.platform, { name: 'Acme Two' });
    const extension = (
      await t.app.inject({ method: 'POST', url: '/extensions', headers: one.admin.session.auth, payload: { number: '2301' } })
    ).json<{ id: string }>();
    await t.app.inject({ method: 'POST', url: '/extensions', headers: two.admin.session.auth, payload: { number: '2302' } });
    const member = await createMember(t.app, one.admin.session, 'supervisor');

    const log = await get('/audit', one.admin.session.auth);
    expect(log.items.every((item) => item.tenantId === one.tenant.id)).toBe(true);
    expect(log.items.some((item) => item.details.number === '2302')).toBe(false);
    expect(log.items.find((item) => item.action === 'EXTENSION_CREATED')).toMatchObject({
      targetType: 'extension',
      targetId: extension.id,
      targetName: '2301',
      actorUserId: one.admin.id,
      actorEmail: one.admin.email,
      tenantName: 'Acme One',
    });
    expect(log.items.find((item) => item.action === 'USER_INVITED')).toMatchObject({ targetId: member.id, targetName: member.email });
    expect(log.items.find((item) => item.action === 'TENANT_CREATED')).toMatchObject({ targetName: 'Acme One' });
    // Newest first.
    const times = log.items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Another tenant's entry stays invisible even when asked for by its actor.
    const foreign = await get(`/audit?userId=${two.admin.id}`, one.admin.session.auth);
    expect(foreign).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });

    // The platform sees both tenants, and narrows to one.
    const platform = await get(`/platform/audit?tenantId=${two.tenant.id}&action=EXTENSION_CREATED`, t.platform.auth);
    expect(platform.items).toHaveLength(1);
    expect(platform.items[0]).toMatchObject({ tenantId: two.tenant.id, targetName: '2302', tenantName: 'Acme Two' });
  });

  it('filters by actor, action, target type and period, and pages with a total', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'tenant_admin');
    for (const number of ['2401', '2402', '2403']) {
      await t.app.inject({ method: 'POST', url: '/extensions', headers: member.session.auth, payload: { number } });
    }
    // Three older rows at known instants.
    await t.db.withPlatform((tx) =>
      tx
        .insertInto('auditLog')
        .values(
          ['2020-01-01T10:00:00Z', '2020-01-02T10:00:00Z', '2020-01-03T10:00:00Z'].map((at) => ({
            tenantId: tenant.id,
            actorUserId: admin.id,
            action: 'QUEUE_CREATED',
            targetType: 'queue',
            details: JSON.stringify({ at }),
            createdAt: new Date(at),
          })),
        )
        .execute(),
    );
    const auth = admin.session.auth;

    const byAction = await get('/audit?action=EXTENSION_CREATED', auth);
    expect(byAction.total).toBe(3);
    expect(byAction.items.map((item) => item.targetName)).toEqual(['2403', '2402', '2401']);
    expect(byAction.items.every((item) => item.actorUserId === member.id)).toBe(true);

    const byActorText = await get(`/audit?actor=${encodeURIComponent(member.email.toUpperCase())}`, auth);
    expect(byActorText.total).toBe(3);
    expect(new Set(byActorText.items.map((item) => item.actorEmail))).toEqual(new Set([member.email]));
    expect((await get(`/audit?userId=${admin.id}&targetType=queue`, auth)).total).toBe(3);
    expect((await get('/audit?actor=%25', auth)).total).toBe(0);

    const period = await get('/audit?from=2020-01-02T00:00:00Z&to=2020-01-03T00:00:00Z', auth);
    expect(period.items.map((item) => item.details.at)).toEqual(['2020-01-02T10:00:00Z']);

    const first = await get('/audit?targetType=queue&pageSize=2', auth);
    const second = await get('/audit?targetType=queue&pageSize=2&page=2', auth);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.details.at)).toEqual(['2020-01-03T10:00:00Z', '2020-01-02T10:00:00Z']);
    expect(second.items.map((item) => item.details.at)).toEqual(['2020-01-01T10:00:00Z']);
    expect(second.total).toBe(3);
  });

  it('refuses bad filters with VALIDATION_FAILED and callers without the permission', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const bad = (query: string) => t.app.inject({ method: 'GET', url: `/audit?${query}`, headers: admin.session.auth });
    expectError(await bad('action=NOT_AN_ACTION'), 400, 'VALIDATION_FAILED');
    expectError(await bad('targetType=spaceship'), 400, 'VALIDATION_FAILED');
    expectError(await bad('from=yesterday'), 400, 'VALIDATION_FAILED');
    expectError(await bad('pageSize=501'), 400, 'VALIDATION_FAILED');
    expectError(await bad('page=0'), 400, 'VALIDATION_FAILED');
    expectError(await bad('userId=42'), 400, 'VALIDATION_FAILED');
    expectError(await bad('from=2020-01-03T00:00:00Z&to=2020-01-02T00:00:00Z'), 400, 'VALIDATION_FAILED');
    const agent = await createMember(t.app, admin.session, 'supervisor');
    expectError(await t.app.inject({ method: 'GET', url: '/audit', headers: agent.session.auth }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/platform/audit', headers: admin.session.auth }), 403, 'PLATFORM_ONLY');
  });

  it('never shows a secret a caller put in the details', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    await t.db.withPlatform((tx) =>
      tx
        .insertInto('auditLog')
        .values({
          tenantId: tenant.id,
          action: 'TRUNK_UPDATED',
          targetType: 'trunk',
          details: JSON.stringify({ password: 's3cr3t', nested: { sipPassword: 'x' }, changed: ['password'], token: 'replaced' }),
        })
        .execute(),
    );
    const [item] = (await get('/audit?action=TRUNK_UPDATED', admin.session.auth)).items;
    expect(item!.details).toEqual({ password: '[redacted]', nested: { sipPassword: '[redacted]' }, changed: ['password'], token: 'replaced' });
    expect(JSON.stringify(item)).not.toContain('s3cr3t');
  });
});
