import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';
import { isTimeZone } from '@callcenter/rules/locale';

const t = useTestApp();

describe('/tenant-settings', () => {
  it('reads and edits the token’s own tenant only', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const read = (await t.app.inject({ method: 'GET', url: '/tenant-settings', headers: one.admin.session.auth })).json();
    const plan = await t.db.withPlatform((tx) =>
      tx.selectFrom('plans').select('name').where('id', '=', read.planId).executeTakeFirstOrThrow(),
    );
    expect(read).toMatchObject({ id: one.tenant.id, timezone: 'America/Sao_Paulo', locale: 'pt-BR', planName: plan.name });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/tenant-settings',
      headers: one.admin.session.auth,
      payload: { name: 'Renamed', timezone: 'America/Manaus', locale: 'en' },
    });
    expect(patched.json()).toMatchObject({ id: one.tenant.id, name: 'Renamed', timezone: 'America/Manaus', locale: 'en', planName: plan.name });
    const other = (await t.app.inject({ method: 'GET', url: '/tenant-settings', headers: two.admin.session.auth })).json();
    expect(other).toMatchObject({ id: two.tenant.id, name: 'Tenant', timezone: 'America/Sao_Paulo' });
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select(['action', 'actorUserId']).where('tenantId', '=', one.tenant.id).execute(),
    );
    expect(audit).toContainEqual({ action: 'TENANT_SETTINGS_UPDATED', actorUserId: one.admin.id });
  });

  it('refuses an unknown time zone, a field it does not own, and callers without settings.manage', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const patch = (payload: object, session = admin.session) =>
      t.app.inject({ method: 'PATCH', url: '/tenant-settings', headers: session.auth, payload });
    expectError(await patch({ timezone: 'Mars/Olympus' }), 400, 'VALIDATION_FAILED');
    expectError(await patch({ locale: 'fr' }), 400, 'VALIDATION_FAILED');
    expectError(await patch({}), 400, 'VALIDATION_FAILED');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expectError(await patch({ name: 'x' }, supervisor.session), 403, 'FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/tenant-settings', headers: supervisor.session.auth })).statusCode).toBe(200);
  });

  it('carries the short-call threshold (a fraction, 0.1 to under 0.85, default 0.6) for tenant admins', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const get = async (session = admin.session) => (await t.app.inject({ method: 'GET', url: '/tenant-settings', headers: session.auth })).json();
    const patch = (payload: object, session = admin.session) =>
      t.app.inject({ method: 'PATCH', url: '/tenant-settings', headers: session.auth, payload });
    expect(await get()).toMatchObject({ shortCallThreshold: 0.6 });
    for (const shortCallThreshold of [0.1, 0.5, 0.849]) {
      const response = await patch({ shortCallThreshold });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ shortCallThreshold });
      expect(await get()).toMatchObject({ shortCallThreshold });
    }
    for (const shortCallThreshold of [0.09, 0, 0.85, 0.9, 60, -0.5, null, '0.5']) {
      const response = await patch({ shortCallThreshold });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().details).toContainEqual(expect.objectContaining({ path: 'shortCallThreshold' }));
    }
    expectError(await patch({ short_call_threshold: 0.5 }), 400, 'VALIDATION_FAILED');
    const stored = await t.db.withPlatform((tx) => tx.selectFrom('tenants').select('shortCallThreshold').where('id', '=', tenant.id).executeTakeFirstOrThrow());
    expect(stored.shortCallThreshold).toBe(0.849);
    // A supervisor sees it (the console warns against it) but cannot change it.
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expect(await get(supervisor.session)).toMatchObject({ shortCallThreshold: 0.849 });
    expectError(await patch({ shortCallThreshold: 0.5 }, supervisor.session), 403, 'FORBIDDEN');
  });

  it('needs a tenant in the token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/tenant-settings', headers: t.platform.auth }), 403, 'TENANT_REQUIRED');
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Nowhere/Else')).toBe(false);
  });
});
