import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, createTenant, expectError, login, startTestApp, type Session, type TestApp } from '../../../test/harness.ts';
import { AUDIT_LOG_LIMIT } from './platform.service.ts';

let t: TestApp;
let platform: Session;
let tenantAdmin: Session;

beforeAll(async () => {
  t = await startTestApp({ env: { FREESWITCH_ESL_PASSWORD: 'super-secret-esl', S3_SECRET_ACCESS_KEY: 'super-secret-s3' } });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  tenantAdmin = (await createTenant(t.app, platform)).admin.session;
});
afterAll(() => t.close());

const get = (url: string, session = platform) => t.app.inject({ method: 'GET', url, headers: session.auth });

describe('platform endpoints', () => {
  it('are refused to tenant users with 403 PLATFORM_ONLY', async () => {
    for (const url of ['/platform/users', '/platform/audit-log', '/platform/system-config', '/platform/health', '/platform/roles']) {
      expectError(await get(url, tenantAdmin), 403, 'PLATFORM_ONLY');
    }
  });

  it('lists users across tenants with their memberships', async () => {
    const { admin, tenant } = await createTenant(t.app, platform);
    const users = (await get('/platform/users')).json();
    const row = users.find((user: { id: string }) => user.id === admin.id);
    expect(row).toMatchObject({ status: 'ACTIVE', memberships: [{ tenantId: tenant.id, role: 'tenant_admin' }] });
    expect(JSON.stringify(users)).not.toMatch(/passwordHash|argon2/);
  });

  it('enables and disables a user; 404 for an unknown one; 400 for a bad status', async () => {
    const { admin } = await createTenant(t.app, platform);
    const patch = (id: string, status: string) =>
      t.app.inject({ method: 'PATCH', url: `/platform/users/${id}/status`, headers: platform.auth, payload: { status } });
    expect((await patch(admin.id, 'DISABLED')).json()).toMatchObject({ id: admin.id, status: 'DISABLED' });
    expect((await patch(admin.id, 'ACTIVE')).json()).toMatchObject({ status: 'ACTIVE' });
    expectError(await patch(randomUUID(), 'DISABLED'), 404, 'NOT_FOUND');
    expectError(await patch(admin.id, 'DELETED'), 400, 'VALIDATION_FAILED');
    const log = (await get('/platform/audit-log')).json();
    expect(log.filter((row: { targetId: string }) => row.targetId === admin.id).map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['USER_DISABLED', 'USER_ENABLED']),
    );
  });

  it('returns exactly the last 200 audit events, newest first', async () => {
    // More than the limit, with the newest known, so the cut and the order are both visible.
    await t.db.withPlatform((tx) =>
      tx
        .insertInto('auditLog')
        .values(Array.from({ length: AUDIT_LOG_LIMIT + 10 }, (_, i) => ({ action: 'TEST_FILLER', createdAt: new Date(Date.now() - 60_000 + i) })))
        .execute(),
    );
    const newest = await t.db.withPlatform((tx) =>
      tx.insertInto('auditLog').values({ action: 'TEST_NEWEST', createdAt: new Date(Date.now() + 60_000) }).returning('id').executeTakeFirstOrThrow(),
    );
    const log = (await get('/platform/audit-log')).json();
    expect(log).toHaveLength(AUDIT_LOG_LIMIT);
    expect(log[0].id).toBe(newest.id);
    const times = log.map((row: { createdAt: string }) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('reports system flags and never a secret', async () => {
    const response = await get('/platform/system-config');
    expect(response.json()).toEqual({
      dialerSimulation: true,
      dialerRealOutbound: false,
      eventSocketConfigured: false,
      // No switch host and no runtime in this app: the simulator would be used, and none is started.
      switch: { kind: 'simulator', address: null, connected: false, activity: null },
      storageProvider: 'local',
      environment: 'development',
      baseDomain: 'pbx.localhost',
      coordination: 'memory',
    });
    expect(response.body).not.toContain('super-secret');
  });

  it('reports component health; the switch is not connected yet', async () => {
    const health = (await get('/platform/health')).json();
    expect(health.components.database).toEqual({ ok: true });
    expect(health.components.cache).toEqual({ ok: true });
    expect(health.components.switch.ok).toBe(false);
    expect(health.ok).toBe(false);
  });

  it('lists the four roles and the whole catalog', async () => {
    const body = (await get('/platform/roles')).json();
    const counts = Object.fromEntries(body.roles.map((role: { name: string; permissions: string[] }) => [role.name, role.permissions.length]));
    expect(counts).toEqual({ platform_super_admin: 33, tenant_admin: 30, supervisor: 17, agent: 2 });
    expect(body.permissions).toHaveLength(33);
  });
});
