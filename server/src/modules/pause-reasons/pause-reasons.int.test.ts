import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STARTER_PAUSE_REASONS } from '../code-lists/starter-lists.ts';
import { createMember, createTenant, expectError, type Session, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const STARTER = new Set(STARTER_PAUSE_REASONS.flatMap((item) => Object.values(item.text).map((text) => text.code)));
/** The entries a test made, without the starter list every new tenant gets. */
const own = (list: Array<{ code: string }>) => list.filter((entry) => !STARTER.has(entry.code));
const { call } = t;

const create = async (session: Session, body: Record<string, unknown> = {}) => {
  const response = await call('POST', '/pause-reasons', session, {
    code: `C${randomUUID().slice(0, 6)}`,
    name: 'Reason',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; code: string }>();
};

describe('/pause-reasons', () => {
  it('creates, reads, lists (enabled only), updates and audits', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const lunch = await create(admin.session, { code: 'LONG_LUNCH', name: 'Lunch' });
    expect(lunch).toEqual({
      id: expect.any(String),
      code: 'LONG_LUNCH',
      name: 'Lunch',
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await create(admin.session, { code: 'HIDDEN', name: 'Hidden', enabled: false });
    expect(own((await call('GET', '/pause-reasons', admin.session)).json())).toEqual([lunch]);
    expect((await call('GET', `/pause-reasons/${lunch.id}`, admin.session)).json()).toEqual(lunch);
    const patched = await call('PATCH', `/pause-reasons/${lunch.id}`, admin.session, {
      name: 'Long lunch',
      code: 'LUNCH_2',
    });
    expect(patched.json()).toMatchObject({
      id: lunch.id,
      name: 'Long lunch',
      code: 'LUNCH_2',
      enabled: true,
    });
    const actions = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('action').where('tenantId', '=', tenant.id).execute(),
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['PAUSE_REASON_CREATED', 'PAUSE_REASON_UPDATED']),
    );
  });

  it('DELETE disables: gone from the list, 404 by id, code still taken; PATCH { enabled: true } restores it', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const reason = await create(admin.session, { code: 'COURSE' });
    expect((await call('DELETE', `/pause-reasons/${reason.id}`, admin.session)).statusCode).toBe(204);
    expect(own((await call('GET', '/pause-reasons', admin.session)).json())).toEqual([]);
    // An admin restoring an entry asks for the disabled ones too.
    expect(own((await call('GET', '/pause-reasons?includeDisabled=true', admin.session)).json())).toEqual([
      expect.objectContaining({ id: reason.id, code: 'COURSE', enabled: false }),
    ]);
    expectError(await call('GET', '/pause-reasons?includeDisabled=maybe', admin.session), 400, 'VALIDATION_FAILED');
    expectError(await call('GET', `/pause-reasons/${reason.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/pause-reasons/${reason.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/pause-reasons/${reason.id}`, admin.session, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('POST', '/pause-reasons', admin.session, { code: 'COURSE', name: 'again' }),
      409,
      'ALREADY_EXISTS',
    );
    const restored = await call('PATCH', `/pause-reasons/${reason.id}`, admin.session, { enabled: true });
    expect(restored.json()).toMatchObject({ id: reason.id, enabled: true });
    expect(own((await call('GET', '/pause-reasons', admin.session)).json())).toHaveLength(1);
  });

  it('409 for a duplicate code, on create and on rename; another tenant may use the same code', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    await create(one.admin.session, { code: 'SMOKE' });
    const other = await create(one.admin.session, { code: 'HUDDLE' });
    expectError(
      await call('POST', '/pause-reasons', one.admin.session, { code: 'SMOKE', name: 'x' }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await call('PATCH', `/pause-reasons/${other.id}`, one.admin.session, { code: 'SMOKE' }),
      409,
      'ALREADY_EXISTS',
    );
    await create(two.admin.session, { code: 'SMOKE' });
  });

  it('two simultaneous creations of one code: one 201, the other 409 (the unique key decides)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const both = await Promise.all([1, 2].map(() => call('POST', '/pause-reasons', admin.session, { code: 'RACE', name: 'Race' })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expectError(both.find((response) => response.statusCode === 409)!, 409, 'ALREADY_EXISTS');
  });

  it('400 for bad bodies', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    for (const body of [
      {},
      { code: 'OK' },
      { name: 'no code' },
      { code: 'has space', name: 'x' },
      { code: 'X'.repeat(41), name: 'x' },
      { code: 'A', name: '' },
    ]) {
      expectError(await call('POST', '/pause-reasons', admin.session, body), 400, 'VALIDATION_FAILED');
    }
    const reason = await create(admin.session);
    expectError(
      await call('PATCH', `/pause-reasons/${reason.id}`, admin.session, {}),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('PATCH', `/pause-reasons/${reason.id}`, admin.session, { enabled: 'sometimes' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('reads need agents.view, writes pause_reasons.manage (a supervisor reads, an agent does neither)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const reason = await create(admin.session);
    const agent = await createMember(t.app, admin.session, 'agent');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expectError(await call('GET', '/pause-reasons', agent.session), 403, 'FORBIDDEN');
    expectError(await call('GET', `/pause-reasons/${reason.id}`, agent.session), 403, 'FORBIDDEN');
    expect((await call('GET', '/pause-reasons', supervisor.session)).statusCode).toBe(200);
    expectError(
      await call('POST', '/pause-reasons', supervisor.session, { code: 'S', name: 's' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PATCH', `/pause-reasons/${reason.id}`, supervisor.session, { name: 's' }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', `/pause-reasons/${reason.id}`, supervisor.session), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/pause-reasons' }), 401, 'UNAUTHORIZED');
  });

  it('isolates tenants', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const reason = await create(one.admin.session);
    expect(own((await call('GET', '/pause-reasons', two.admin.session)).json())).toEqual([]);
    expectError(await call('GET', `/pause-reasons/${reason.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/pause-reasons/${reason.id}`, two.admin.session, { enabled: true }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', `/pause-reasons/${reason.id}`, two.admin.session), 404, 'NOT_FOUND');
  });
});
