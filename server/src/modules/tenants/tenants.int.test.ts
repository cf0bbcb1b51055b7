import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTenant, expectError, login, uniqueCode, uniqueEmail, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

const createBody = (overrides: Record<string, unknown> = {}) => ({
  code: uniqueCode('acme'),
  name: 'Acme Telecom',
  admin: { email: uniqueEmail('admin'), name: 'Ana' },
  ...overrides,
});
const post = (payload: object, headers = t.platform.auth) => t.app.inject({ method: 'POST', url: '/tenants', headers, payload });

describe('POST /tenants', () => {
  it('creates the tenant, its admin with a one-time password, and the default dialplan, in one go', async () => {
    const body = createBody();
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const { tenant, admin } = response.json();
    expect(tenant).toMatchObject({
      code: body.code,
      status: 'ACTIVE',
      planId: 'trial',
      telephonyDomain: `${body.code}.pbx.localhost`,
      memberCount: 1,
    });
    expect(admin.password).toMatch(/^[A-Za-z0-9]{16}$/);

    const seeded = await t.db.withTenant(tenant.id, async (tx) => ({
      rules: await tx.selectFrom('dialplanRules').select(['name', 'context']).orderBy('sortOrder').execute(),
      versions: await tx.selectFrom('dialplanVersions').select(['number', 'status', 'context', 'xml']).execute(),
    }));
    expect(seeded.rules).toEqual([
      { name: 'internal-extensions', context: 'default' },
      { name: 'group-pickup', context: 'default' },
    ]);
    expect(seeded.versions).toHaveLength(1);
    expect(seeded.versions[0]).toMatchObject({ number: 1, status: 'ACTIVE', context: 'default' });
    expect(seeded.versions[0]!.xml).toContain(`<context name="${body.code}_default">`);

    const list = (await t.app.inject({ method: 'GET', url: '/tenants', headers: t.platform.auth })).json();
    expect(list.find((row: { id: string }) => row.id === tenant.id)).toMatchObject({ memberCount: 1 });
  });

  it('keeps an existing account untouched and only adds the membership', async () => {
    const first = await createTenant(t.app, t.platform);
    const response = await post(createBody({ admin: { email: first.admin.email } }));
    expect(response.statusCode).toBe(201);
    expect(response.json().admin).toMatchObject({ id: first.admin.id, password: null });
    // The old password still works.
    await login(t.app, first.admin.email, 'correct-horse-battery', '10.20.0.1');
  });

  it('takes an explicit telephony domain and plan', async () => {
    const plan = await t.app.inject({ method: 'POST', url: '/plans', headers: t.platform.auth, payload: { name: 'Gold', max_extensions: 50 } });
    const domain = `${randomUUID().slice(0, 8)}.voice.example.com`;
    const response = await post(createBody({ telephonyDomain: domain, planId: plan.json().id }));
    expect(response.json().tenant).toMatchObject({ telephonyDomain: domain, planId: plan.json().id });
  });

  it('answers 409 for a code or a telephony domain already taken, and writes nothing', async () => {
    const body = createBody();
    expect((await post(body)).statusCode).toBe(201);
    const adminEmail = uniqueEmail('dup');
    expectError(await post({ ...createBody({ admin: { email: adminEmail } }), code: body.code }), 409, 'ALREADY_EXISTS');
    expectError(
      await post(createBody({ telephonyDomain: `${body.code}.pbx.localhost`, admin: { email: adminEmail } })),
      409,
      'ALREADY_EXISTS',
    );
    // The failed attempts left no account behind.
    const users = (await t.app.inject({ method: 'GET', url: '/platform/users', headers: t.platform.auth })).json();
    expect(users.some((user: { email: string }) => user.email === adminEmail)).toBe(false);
  });

  it('validates the body', async () => {
    expectError(await post(createBody({ code: 'Bad Code!' })), 400, 'VALIDATION_FAILED');
    expectError(await post(createBody({ admin: { email: 'not-an-email' } })), 400, 'VALIDATION_FAILED');
    expectError(await post(createBody({ planId: 'no-such-plan' })), 400, 'UNKNOWN_PLAN');
    const missing = await post({ name: 'x' });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().details.map((detail: { path: string }) => detail.path)).toContain('code');
  });

  it('refuses a telephony domain that is not a host name with 400 INVALID_TELEPHONY_DOMAIN, and creates nothing', async () => {
    for (const telephonyDomain of ['acme_sp.pbx.localhost', 'localhost', '-acme.pbx.localhost', 'acme..pbx.localhost', 'acme sp.pbx.localhost', '10.0.0.1', `${'a'.repeat(64)}.example`]) {
      const body = createBody({ telephonyDomain });
      const response = await post(body);
      expectError(response, 400, 'INVALID_TELEPHONY_DOMAIN');
      expect(response.json().details).toEqual([expect.objectContaining({ path: 'telephonyDomain' })]);
      expect(await t.db.withPlatform((tx) => tx.selectFrom('tenants').select('id').where('code', '=', body.code).executeTakeFirst())).toBeUndefined();
    }
    // A valid one, in any case, is stored lowercase.
    const body = createBody();
    const created = await post({ ...body, telephonyDomain: `${body.code.toUpperCase()}.Voice.Example.com` });
    expect(created.statusCode).toBe(201);
    expect(created.json().tenant.telephonyDomain).toBe(`${body.code}.voice.example.com`);
  });

  it('is platform-only: a tenant admin gets 403', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await post(createBody(), admin.session.auth), 403, 'PLATFORM_ONLY');
    expectError(await t.app.inject({ method: 'GET', url: '/tenants', headers: admin.session.auth }), 403, 'PLATFORM_ONLY');
  });

  it('writes a TENANT_CREATED audit row with the actor and the tenant', async () => {
    const { tenant } = (await post(createBody())).json();
    const log = (await t.app.inject({ method: 'GET', url: '/platform/audit-log', headers: t.platform.auth })).json();
    const row = log.find((entry: { action: string; targetId: string }) => entry.action === 'TENANT_CREATED' && entry.targetId === tenant.id);
    expect(row).toMatchObject({ tenantId: tenant.id, actorEmail: expect.stringContaining('platform-'), targetType: 'tenant' });
    expect(JSON.stringify(row)).not.toMatch(/password"\s*:\s*"/);
  });
});

describe('GET and PATCH /tenants/:id', () => {
  it('reads one tenant and 404s an unknown id', async () => {
    const { tenant } = await createTenant(t.app, t.platform);
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${tenant.id}`, headers: t.platform.auth })).json()).toMatchObject({ id: tenant.id });
    expectError(await t.app.inject({ method: 'GET', url: `/tenants/${randomUUID()}`, headers: t.platform.auth }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/tenants/not-a-uuid', headers: t.platform.auth }), 400, 'VALIDATION_FAILED');
  });

  it('suspends a tenant: its members lose their sessions and cannot select it', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const patched = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: { status: 'SUSPENDED' } });
    expect(patched.json()).toMatchObject({ status: 'SUSPENDED' });
    expectError(await t.app.inject({ method: 'GET', url: '/users', headers: admin.session.auth }), 401, 'SESSION_REVOKED');
    const reactivated = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: { status: 'ACTIVE' } });
    expect(reactivated.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('changes the plan; an unknown plan or an empty body is a 400', async () => {
    const { tenant } = await createTenant(t.app, t.platform);
    const plan = (await t.app.inject({ method: 'POST', url: '/plans', headers: t.platform.auth, payload: { name: 'Silver' } })).json();
    const patched = await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: { planId: plan.id } });
    expect(patched.json()).toMatchObject({ planId: plan.id });
    expectError(await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: { planId: 'nope' } }), 400, 'UNKNOWN_PLAN');
    expectError(await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: {} }), 400, 'VALIDATION_FAILED');
    expectError(await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: t.platform.auth, payload: { status: 'GONE' } }), 400, 'VALIDATION_FAILED');
  });
});
