import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STARTER_DISPOSITIONS } from '../code-lists/starter-lists.ts';
import { createMember, createTenant, expectError, type Session, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const STARTER = new Set(STARTER_DISPOSITIONS.flatMap((item) => Object.values(item.text).map((text) => text.code)));
/** The entries a test made, without the starter list every new tenant gets. */
const own = (list: Array<{ code: string }>) => list.filter((entry) => !STARTER.has(entry.code));
const { call } = t;

const create = async (session: Session, body: Record<string, unknown> = {}) => {
  const response = await call('POST', '/dispositions', session, {
    code: `D${randomUUID().slice(0, 6)}`,
    name: 'Disposition',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; code: string }>();
};

describe('/dispositions', () => {
  it('creates (action NONE by default), reads, lists enabled only, updates the action, audits', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const sale = await create(admin.session, { code: 'BIG_SALE', name: 'Sale', action: 'SUCCESS' });
    expect(sale).toMatchObject({ code: 'BIG_SALE', name: 'Sale', action: 'SUCCESS', enabled: true });
    const plain = await create(admin.session, { code: 'INFO', name: 'Information' });
    expect(plain).toMatchObject({ action: 'NONE' });
    await create(admin.session, { code: 'OFF', enabled: false });
    expect(own((await call('GET', '/dispositions', admin.session)).json())).toEqual([plain, sale]);
    expect((await call('GET', `/dispositions/${sale.id}`, admin.session)).json()).toEqual(sale);
    for (const action of ['CALLBACK', 'DO_NOT_CALL'] as const) {
      expect(
        (await call('PATCH', `/dispositions/${plain.id}`, admin.session, { action })).json(),
      ).toMatchObject({ action });
    }
    const actions = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('action').where('tenantId', '=', tenant.id).execute(),
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['DISPOSITION_CREATED', 'DISPOSITION_UPDATED']),
    );
  });

  it('DELETE disables: gone from the list, 404 by id, code still taken', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const disposition = await create(admin.session, { code: 'NO_ANSWER' });
    expect((await call('DELETE', `/dispositions/${disposition.id}`, admin.session)).statusCode).toBe(204);
    expect(own((await call('GET', '/dispositions', admin.session)).json())).toEqual([]);
    expectError(await call('GET', `/dispositions/${disposition.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/dispositions/${disposition.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('POST', '/dispositions', admin.session, { code: 'NO_ANSWER', name: 'again' }),
      409,
      'ALREADY_EXISTS',
    );
    expect(
      (await call('PATCH', `/dispositions/${disposition.id}`, admin.session, { enabled: true })).json(),
    ).toMatchObject({ enabled: true });
  });

  it('409 for a duplicate code; 400 for bad bodies', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const first = await create(admin.session, { code: 'A' });
    const second = await create(admin.session, { code: 'B' });
    expectError(
      await call('POST', '/dispositions', admin.session, { code: 'A', name: 'x' }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await call('PATCH', `/dispositions/${second.id}`, admin.session, { code: 'A' }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(
      await call('POST', '/dispositions', admin.session, { code: 'C', name: 'x', action: 'HANG_UP' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', '/dispositions', admin.session, { code: 'C D', name: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('PATCH', `/dispositions/${first.id}`, admin.session, { action: 'MAYBE' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await call('GET', '/dispositions/123', admin.session), 400, 'VALIDATION_FAILED');
  });

  it('reads need dispositions.view (agents have it), writes dispositions.manage (supervisors do not)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const disposition = await create(admin.session);
    const agent = await createMember(t.app, admin.session, 'agent');
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    expect(own((await call('GET', '/dispositions', agent.session)).json())).toHaveLength(1);
    expect((await call('GET', `/dispositions/${disposition.id}`, agent.session)).statusCode).toBe(200);
    for (const session of [agent.session, supervisor.session]) {
      expectError(await call('POST', '/dispositions', session, { code: 'S', name: 's' }), 403, 'FORBIDDEN');
      expectError(
        await call('PATCH', `/dispositions/${disposition.id}`, session, { name: 's' }),
        403,
        'FORBIDDEN',
      );
      expectError(await call('DELETE', `/dispositions/${disposition.id}`, session), 403, 'FORBIDDEN');
    }
  });

  it('isolates tenants', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const disposition = await create(one.admin.session);
    expect(own((await call('GET', '/dispositions', two.admin.session)).json())).toEqual([]);
    expectError(await call('GET', `/dispositions/${disposition.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(
      await call('PATCH', `/dispositions/${disposition.id}`, two.admin.session, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', `/dispositions/${disposition.id}`, two.admin.session), 404, 'NOT_FOUND');
  });
});
