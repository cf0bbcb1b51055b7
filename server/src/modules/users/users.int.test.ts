import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createMember, createTenant, expectError, login, uniqueEmail, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

describe('/users', () => {
  it('invites a new person: an account with a one-time password that must be changed', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const email = uniqueEmail('sup');
    const response = await call('POST', '/users', admin.session, { email, role: 'supervisor', name: 'Sara' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ created: true, user: { email, role: 'supervisor', mustChangePassword: true, name: 'Sara' } });
    expect(body.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const list = (await call('GET', '/users', admin.session)).json();
    expect(list.map((member: { email: string }) => member.email).sort()).toEqual([admin.email, email].sort());
    expect(JSON.stringify(list)).not.toContain('passwordHash');
  });

  it('adds only a membership for an existing email and leaves its password alone', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const response = await call('POST', '/users', two.admin.session, { email: one.admin.email, role: 'agent' });
    expect(response.json()).toMatchObject({ created: false, password: null, user: { id: one.admin.id, role: 'agent' } });
    await login(t.app, one.admin.email, TEST_PASSWORD, '10.30.0.1');
    expectError(await call('POST', '/users', two.admin.session, { email: one.admin.email, role: 'agent' }), 409, 'ALREADY_EXISTS');
  });

  it('lists each member exactly as the single-member answers show them (nulls, flags, timestamps)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const invited = [];
    for (const body of [{ email: uniqueEmail('a'), role: 'agent', name: 'Ana' }, { email: uniqueEmail('b'), role: 'supervisor' }]) {
      invited.push((await call('POST', '/users', admin.session, body)).json().user);
    }
    const list = (await call('GET', '/users', admin.session)).json();
    for (const user of invited) expect(list.find((member: { id: string }) => member.id === user.id)).toEqual(user);
    expect(invited[1].name).toBeNull();
    const self = list.find((member: { id: string }) => member.id === admin.id);
    expect(self).toEqual((await call('PATCH', `/users/${admin.id}/role`, admin.session, { role: 'tenant_admin' })).json());
    expect(self.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('lists only the members of the caller’s tenant', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const list = (await call('GET', '/users', one.admin.session)).json();
    expect(list.map((member: { id: string }) => member.id)).toEqual([one.admin.id]);
    expect(list.some((member: { id: string }) => member.id === two.admin.id)).toBe(false);
  });

  it('changes a role; the member’s sessions end so the new role applies at once', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'agent');
    expect((await call('PATCH', `/users/${member.id}/role`, admin.session, { role: 'supervisor' })).json()).toMatchObject({ role: 'supervisor' });
    expectError(await call('GET', '/auth/me', member.session), 401, 'SESSION_REVOKED');
    const again = await login(t.app, member.email, TEST_PASSWORD, '10.30.0.2');
    expect((await call('GET', '/auth/me', again)).json().tenantRole).toBe('supervisor');
  });

  it('refuses demoting or removing the last tenant admin, and removing yourself', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('PATCH', `/users/${admin.id}/role`, admin.session, { role: 'agent' }), 400, 'LAST_TENANT_ADMIN');
    expectError(await call('DELETE', `/users/${admin.id}`, admin.session), 400, 'CANNOT_REMOVE_SELF');
    const second = await createMember(t.app, admin.session, 'tenant_admin');
    // With a second admin, demoting the first is fine; the second then cannot remove themselves nor be left alone.
    expect((await call('PATCH', `/users/${admin.id}/role`, second.session, { role: 'supervisor' })).statusCode).toBe(200);
    expectError(await call('PATCH', `/users/${second.id}/role`, second.session, { role: 'agent' }), 400, 'LAST_TENANT_ADMIN');
  });

  it('removes a member: 204, gone from the list, their session ends, account kept', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'supervisor');
    expect((await call('DELETE', `/users/${member.id}`, admin.session)).statusCode).toBe(204);
    expect((await call('GET', '/users', admin.session)).json().some((row: { id: string }) => row.id === member.id)).toBe(false);
    expectError(await call('GET', '/auth/me', member.session), 401, 'SESSION_REVOKED');
    const relogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: member.email, password: TEST_PASSWORD }, remoteAddress: '10.30.0.3' });
    expect(relogin.json().tenants).toEqual([]);
  });

  it('answers 404 for a user of another tenant or unknown, 400 for bad bodies', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    expectError(await call('PATCH', `/users/${two.admin.id}/role`, one.admin.session, { role: 'agent' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/users/${two.admin.id}`, one.admin.session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/users/${randomUUID()}`, one.admin.session), 404, 'NOT_FOUND');
    expectError(await call('POST', '/users', one.admin.session, { email: uniqueEmail(), role: 'platform_super_admin' }), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/users', one.admin.session, { email: 'nope', role: 'agent' }), 400, 'VALIDATION_FAILED');
    expectError(await call('PATCH', `/users/${one.admin.id}/role`, one.admin.session, { role: 'boss' }), 400, 'VALIDATION_FAILED');
  });

  it('needs users.manage: supervisors and agents get 403', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await call('GET', '/users', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/users', agent.session, { email: uniqueEmail(), role: 'tenant_admin' }), 403, 'FORBIDDEN');
  });

  it('audits invitations, role changes and removals in the tenant', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'agent');
    await call('PATCH', `/users/${member.id}/role`, admin.session, { role: 'supervisor' });
    await call('DELETE', `/users/${member.id}`, admin.session);
    const log = (await call('GET', '/platform/audit-log', t.platform)).json() as { action: string; tenantId: string; targetId: string; actorUserId: string }[];
    const actions = log.filter((row) => row.targetId === member.id && row.tenantId === tenant.id).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['USER_INVITED', 'USER_ROLE_CHANGED', 'USER_REMOVED']));
    expect(log.find((row) => row.action === 'USER_REMOVED' && row.targetId === member.id)?.actorUserId).toBe(admin.id);
  });
});

describe('/roles', () => {
  it('lists the TENANT-scope roles only', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const roles = (await call('GET', '/roles', admin.session)).json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual(['tenant_admin', 'supervisor', 'agent']);
  });
});
