// An administrator resets a user's password: a one-time password, the user's sessions ended at
// once, and a tenant admin limited to accounts that are its tenant's alone.
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, TEST_PASSWORD, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

/** Logs in with the password and tells whether the account must change it first. */
async function mustChangeAfterLogin(email: string, password: string): Promise<boolean> {
  const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: '10.9.9.9' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: { mustChangePassword: boolean } }>().user.mustChangePassword;
}

describe('POST /users/:id/password-reset', () => {
  it("gives a one-time password, ends the member's sessions now and forces a change at the next login", async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, admin.session, 'agent');
    expect((await call('GET', '/auth/me', member.session)).statusCode).toBe(200);

    const reset = await call('POST', `/users/${member.id}/password-reset`, admin.session);
    expect(reset.statusCode, reset.body).toBe(200);
    const { password } = reset.json<{ password: string }>();
    expect(password.length).toBeGreaterThanOrEqual(12);

    expectError(await call('GET', '/auth/me', member.session), 401, 'SESSION_REVOKED');
    expectError(await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: member.email, password: TEST_PASSWORD } }), 401, 'INVALID_CREDENTIALS');
    expect(await mustChangeAfterLogin(member.email, password)).toBe(true);

    const audit = (await call('GET', '/audit', admin.session)).json<{ items?: { action: string; targetId: string }[] } | { action: string; targetId: string }[]>();
    const rows = Array.isArray(audit) ? audit : (audit.items ?? []);
    expect(rows.some((row) => row.action === 'USER_PASSWORD_RESET' && row.targetId === member.id)).toBe(true);
  });

  it("refuses another tenant's member (404), an account shared with another tenant (400) and one's own (400)", async () => {
    const first = await createTenant(t.app, t.platform);
    const second = await createTenant(t.app, t.platform);
    const stranger = await createMember(t.app, second.admin.session, 'agent');
    expectError(await call('POST', `/users/${stranger.id}/password-reset`, first.admin.session), 404, 'NOT_FOUND');

    // The same account invited into the first tenant as well: only the platform may reset it now.
    const invited = await call('POST', '/users', first.admin.session, { email: stranger.email, role: 'agent' });
    expect(invited.statusCode, invited.body).toBe(201);
    expectError(await call('POST', `/users/${stranger.id}/password-reset`, first.admin.session), 400, 'USER_SHARED_WITH_OTHERS');
    expect((await call('GET', '/auth/me', stranger.session)).statusCode).toBe(200);

    expectError(await call('POST', `/users/${first.admin.id}/password-reset`, first.admin.session), 400, 'CANNOT_RESET_OWN_PASSWORD');
  });

  it('is refused to a supervisor (403)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await call('POST', `/users/${agent.id}/password-reset`, supervisor.session), 403, 'FORBIDDEN');
  });
});

describe('POST /platform/users/:id/password-reset', () => {
  it('resets any account, shared ones included, and ends its sessions in every tenant', async () => {
    const first = await createTenant(t.app, t.platform);
    const second = await createTenant(t.app, t.platform);
    const member = await createMember(t.app, first.admin.session, 'supervisor');
    await call('POST', '/users', second.admin.session, { email: member.email, role: 'agent' });

    const reset = await call('POST', `/platform/users/${member.id}/password-reset`, t.platform);
    expect(reset.statusCode, reset.body).toBe(200);
    expectError(await call('GET', '/auth/me', member.session), 401, 'SESSION_REVOKED');
    expect(await mustChangeAfterLogin(member.email, reset.json<{ password: string }>().password)).toBe(true);
  });

  it("is refused to a tenant admin (403) and for an unknown user (404)", async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('POST', `/platform/users/${admin.id}/password-reset`, admin.session), 403, 'PLATFORM_ONLY');
    expectError(await call('POST', '/platform/users/00000000-0000-4000-8000-000000000000/password-reset', t.platform), 404, 'NOT_FOUND');
  });
});
