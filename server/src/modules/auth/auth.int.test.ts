import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createMember,
  createPlatformAdmin,
  createTenant,
  expectError,
  login,
  startTestApp,
  toSession,
  uniqueEmail,
  type Session,
  type TestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let platform: Session;
let platformAdmin: { id: string; email: string; password: string };

beforeAll(async () => {
  t = await startTestApp();
  platformAdmin = await createPlatformAdmin(t.db);
  platform = await login(t.app, platformAdmin.email, platformAdmin.password);
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('login', () => {
  it('returns tokens, the user and its tenants; one tenant is bound at once', async () => {
    const { admin, tenant } = await createTenant(t.app, platform);
    const response = await post('/auth/login', { email: admin.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ expiresIn: 900, user: { email: admin.email, mustChangePassword: false } });
    expect(body.tenants).toEqual([expect.objectContaining({ id: tenant.id, role: 'tenant_admin', status: 'ACTIVE' })]);
    const me = await get('/auth/me', { authorization: `Bearer ${body.accessToken}` });
    expect(me.json()).toMatchObject({ sub: admin.id, tenantId: tenant.id, tenantRole: 'tenant_admin' });
    expect(me.json().permissionKeys).toHaveLength(30);
  });

  it('gives unknown email and wrong password the same 401 body', async () => {
    const unknown = await post('/auth/login', { email: uniqueEmail('ghost'), password: 'whatever-password' }, {}, '10.1.0.1');
    const wrong = await post('/auth/login', { email: platformAdmin.email, password: 'wrong-password' }, {}, '10.1.0.2');
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    const { requestId: _a, ...unknownBody } = unknown.json();
    const { requestId: _b, ...wrongBody } = wrong.json();
    expect(unknownBody).toEqual(wrongBody);
  });

  it('spends the same password-hashing work on an unknown email as on a wrong password', async () => {
    // Not a speed target: without the dummy verification the unknown email answers ~30x faster.
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await post('/auth/login', { email, password: 'wrong-password' }, {}, ip);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      unknown.push(await time(uniqueEmail('nobody'), `10.2.0.${i}`));
      known.push(await time(platformAdmin.email, `10.3.0.${i}`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
    await t.coordination.resetRateLimit(`login:email:${platformAdmin.email}`);
  });

  it('refuses a disabled user: 403 with the right password, the generic 401 with a wrong one', async () => {
    const { admin } = await createTenant(t.app, platform);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/platform/users/${admin.id}/status`,
      headers: platform.auth,
      payload: { status: 'DISABLED' },
    });
    expect(disabled.json()).toMatchObject({ status: 'DISABLED' });
    expectError(await post('/auth/login', { email: admin.email, password: TEST_PASSWORD }), 403, 'USER_DISABLED');
    expectError(await post('/auth/login', { email: admin.email, password: 'nope-nope-nope' }), 401, 'INVALID_CREDENTIALS');
    // A session opened before the disabling ended with it.
    expectError(await post('/auth/refresh', { refreshToken: admin.session.refreshToken }), 401, 'SESSION_REVOKED');
  });

  it('validates the body', async () => {
    expectError(await post('/auth/login', { email: 'a@b.c' }), 400, 'VALIDATION_FAILED');
    const response = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expectError(response, 400, 'EMPTY_JSON_BODY');
  });
});

describe('refresh, logout and sessions', () => {
  it('rotates the refresh token; reusing a rotated one ends the whole session', async () => {
    const session = await login(t.app, platformAdmin.email, platformAdmin.password, '10.7.0.1');
    const rotated = await post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = toSession(rotated.json());
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect((await get('/auth/me', next.auth)).statusCode).toBe(200);

    expectError(await post('/auth/refresh', { refreshToken: session.refreshToken }), 401, 'REFRESH_TOKEN_REUSED');
    expectError(await post('/auth/refresh', { refreshToken: next.refreshToken }), 401, 'SESSION_REVOKED');
    expectError(await get('/auth/me', next.auth), 401, 'SESSION_REVOKED');
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const session = await login(t.app, platformAdmin.email, platformAdmin.password, '10.7.0.2');
    const out = await post('/auth/logout', undefined, session.auth);
    expect(out.statusCode).toBe(204);
    expectError(await get('/auth/me', session.auth), 401, 'SESSION_REVOKED');
    expectError(await post('/auth/refresh', { refreshToken: session.refreshToken }), 401, 'SESSION_REVOKED');
  });

  it('answers 401 for a missing, malformed or forged token', async () => {
    expectError(await get('/auth/me'), 401, 'UNAUTHORIZED');
    expectError(await get('/auth/me', { authorization: 'Bearer not-a-jwt' }), 401, 'INVALID_TOKEN');
    const [header, payload] = platform.accessToken.split('.');
    expectError(await get('/auth/me', { authorization: `Bearer ${header}.${payload}.forged` }), 401, 'INVALID_TOKEN');
    expectError(await post('/auth/refresh', { refreshToken: 'unknown' }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('checks the token before the body: 401 wins over an empty JSON body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expectError(response, 401, 'UNAUTHORIZED');
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/auth/select-tenant',
      headers: { ...platform.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expectError(withToken, 400, 'EMPTY_JSON_BODY');
  });
});

describe('tenant selection', () => {
  it('lets a member of several tenants pick one; never a tenant they do not belong to', async () => {
    const first = await createTenant(t.app, platform);
    const second = await createTenant(t.app, platform);
    const other = await createTenant(t.app, platform);
    // Invite the first admin into the second tenant too.
    const invited = await post('/users', { email: first.admin.email, role: 'supervisor' }, second.admin.session.auth);
    expect(invited.json()).toMatchObject({ password: null, created: false });

    const response = await post('/auth/login', { email: first.admin.email, password: TEST_PASSWORD }, {}, '10.8.0.1');
    const session = toSession(response.json());
    expect(response.json().tenants).toHaveLength(2);
    expect((await get('/auth/me', session.auth)).json()).toMatchObject({ tenantId: null, permissionKeys: [] });
    expect((await get('/auth/tenants', session.auth)).json().map((row: { id: string }) => row.id).sort()).toEqual(
      [first.tenant.id, second.tenant.id].sort(),
    );
    expectError(await get('/users', session.auth), 403, 'TENANT_REQUIRED');

    expectError(await post('/auth/select-tenant', { tenantId: other.tenant.id }, session.auth), 403, 'NOT_A_MEMBER');
    const selected = await post('/auth/select-tenant', { tenantId: second.tenant.id }, session.auth);
    expect(selected.statusCode).toBe(200);
    const me = (await get('/auth/me', toSession(selected.json()).auth)).json();
    expect(me).toMatchObject({ tenantId: second.tenant.id, tenantRole: 'supervisor' });
    expect(me.permissionKeys).toHaveLength(17);
  });

  it('refuses a suspended tenant', async () => {
    const { tenant, admin } = await createTenant(t.app, platform);
    await t.app.inject({ method: 'PATCH', url: `/tenants/${tenant.id}`, headers: platform.auth, payload: { status: 'SUSPENDED' } });
    const session = await login(t.app, admin.email, TEST_PASSWORD, '10.8.0.2');
    expect((await get('/auth/me', session.auth)).json().tenantId).toBeNull();
    expectError(await post('/auth/select-tenant', { tenantId: tenant.id }, session.auth), 403, 'TENANT_SUSPENDED');
  });
});

describe('password change', () => {
  it('forces a user with a generated password to change it before anything else', async () => {
    const adminEmail = uniqueEmail('fresh');
    const created = await post('/tenants', { code: `pw-${randomUUID().slice(0, 6)}`, name: 'Pw', admin: { email: adminEmail } }, platform.auth);
    const generated = created.json().admin.password as string;
    const first = await login(t.app, adminEmail, generated, '10.9.0.1');
    expect((await get('/auth/me', first.auth)).json().mustChangePassword).toBe(true);
    expectError(await get('/users', first.auth), 403, 'PASSWORD_CHANGE_REQUIRED');
    expectError(await get('/tenant-settings', first.auth), 403, 'PASSWORD_CHANGE_REQUIRED');

    expectError(
      await post('/auth/change-password', { currentPassword: 'not-it-at-all', newPassword: TEST_PASSWORD }, first.auth),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expectError(await post('/auth/change-password', { currentPassword: generated, newPassword: 'short' }, first.auth), 400, 'VALIDATION_FAILED');
    const changed = await post('/auth/change-password', { currentPassword: generated, newPassword: TEST_PASSWORD }, first.auth);
    expect(changed.statusCode).toBe(200);
    expect((await get('/users', toSession(changed.json()).auth)).statusCode).toBe(200);
    await login(t.app, adminEmail, TEST_PASSWORD, '10.9.0.2');
  });

  it('ends the other sessions of the user', async () => {
    const { admin } = await createTenant(t.app, platform);
    const other = await login(t.app, admin.email, TEST_PASSWORD, '10.9.1.1');
    const changed = await post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another-long-password' }, admin.session.auth);
    expect(changed.statusCode).toBe(200);
    expectError(await get('/auth/me', other.auth), 401, 'SESSION_REVOKED');
    expect((await get('/auth/me', toSession(changed.json()).auth)).statusCode).toBe(200);
  });

  it('records the change in the audit log without the password', async () => {
    const member = await createMember(t.app, (await createTenant(t.app, platform)).admin.session, 'agent');
    const log = (await get('/platform/audit-log', platform.auth)).json() as { action: string; targetId: string; details: object }[];
    const entry = log.find((row) => row.action === 'USER_PASSWORD_CHANGED' && row.targetId === member.id);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(TEST_PASSWORD);
  });
});
