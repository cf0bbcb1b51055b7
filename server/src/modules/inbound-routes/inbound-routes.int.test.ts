import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { ConfigSyncRepo } from '../../services/config-sync/config-sync.repo.ts';
import { publicRoutesXml } from '../../services/config-sync/switch-xml.ts';
import { TEST_ENCRYPTION_KEY } from '../../../test/env.ts';
import { assignNumbers, createMember, createTenant, expectError, type TenantFixture, uniqueDid, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

/** The national written form of an E.164 São Paulo landline: +551130002000 → (11) 3000-2000. */
const written = (e164: string) => `(${e164.slice(3, 5)}) ${e164.slice(5, 9)}-${e164.slice(9)}`;

/** A tenant with one destination of every kind. */
async function withDestinations(): Promise<TenantFixture & { queueId: string; menuId: string; numbers: string[] }> {
  const fixture = await createTenant(t.app, t.platform);
  const numbers = [uniqueDid(), uniqueDid(), uniqueDid(), uniqueDid()];
  await assignNumbers(t.app, t.platform, fixture.tenant.id, ...numbers);
  const session = fixture.admin.session;
  expect((await call('POST', '/extensions', session, { number: '101', callGroup: 'sales' })).statusCode).toBe(201);
  const menu = await call('POST', '/ivr-menus', session, { name: 'Main menu', context: 'main-menu' });
  expect(menu.statusCode).toBe(201);
  const queue = await t.db.withTenant(fixture.tenant.id, (tx) =>
    tx.insertInto('queues').values({ tenantId: fixture.tenant.id, name: 'support' }).returning('id').executeTakeFirstOrThrow(),
  );
  return { ...fixture, queueId: queue.id, menuId: menu.json<{ id: string }>().id, numbers };
}

describe('/inbound-routes', () => {
  it('creates a route of every destination kind, marks the public context and audits', async () => {
    const fixture = await withDestinations();
    const session = fixture.admin.session;
    // The tenant's creation marked its own configuration; only the routes' marks must remain.
    await t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());
    const destinations = [
      ['EXTENSION', '101'],
      ['IVR', fixture.menuId],
      ['QUEUE', fixture.queueId],
      ['CALL_GROUP', 'sales'],
    ] as const;
    for (const [index, [destinationType, destinationNumber]] of destinations.entries()) {
      // Written as people write it, stored and answered in E.164.
      const didNumber = fixture.numbers[index]!;
      const response = await call('POST', '/inbound-routes', session, { didNumber: written(didNumber), destinationType, destinationNumber, description: 'Main line' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ didNumber, destinationType, destinationNumber, description: 'Main line' });
    }
    const list = (await call('GET', '/inbound-routes', session)).json();
    expect(list).toHaveLength(4);
    const marks = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(marks.map((mark) => mark.kind)).toContain('public');
    const audit = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('auditLog').select('action').where('targetType', '=', 'inbound_route').execute());
    expect(audit).toHaveLength(4);
    // What the config sync writes for these rows (one DID of each kind) is well-formed XML.
    const xml = publicRoutesXml({ id: fixture.tenant.id, code: fixture.tenant.code, domain: fixture.tenant.telephonyDomain }, list, new Map([['sales', ['101']]]));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.match(/<extension /g)).toHaveLength(4);
  });

  it('an IVR route names the menu by its id, as a queue route names the queue; the context is still accepted and stored as the id', async () => {
    const fixture = await withDestinations();
    const session = fixture.admin.session;
    const byId = await call('POST', '/inbound-routes', session, { didNumber: fixture.numbers[0], destinationType: 'IVR', destinationNumber: fixture.menuId });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json()).toMatchObject({ destinationType: 'IVR', destinationNumber: fixture.menuId });
    const byContext = await call('POST', '/inbound-routes', session, { didNumber: fixture.numbers[1], destinationType: 'IVR', destinationNumber: 'main-menu' });
    expect(byContext.statusCode, byContext.body).toBe(201);
    expect(byContext.json()).toMatchObject({ destinationNumber: fixture.menuId });
    const route = byContext.json<{ id: string }>();
    const repatched = await call('PATCH', `/inbound-routes/${route.id}`, session, { destinationNumber: 'main-menu' });
    expect(repatched.json()).toMatchObject({ destinationNumber: fixture.menuId });

    // The switch still transfers to the menu's own context.
    const { routes } = await new ConfigSyncRepo(t.db, new SecretBox(TEST_ENCRYPTION_KEY)).inboundRoutes(fixture.tenant.id);
    const xml = publicRoutesXml({ id: fixture.tenant.id, code: fixture.tenant.code, domain: fixture.tenant.telephonyDomain }, routes, new Map());
    expect(xml.match(new RegExp(`ivr_entry XML ${fixture.tenant.code}_main-menu`, 'g'))).toHaveLength(2);
    expect(xml).not.toContain(fixture.menuId);

    // A menu a route sends calls to stays, whichever way the route named it.
    expectError(await call('DELETE', `/ivr-menus/${fixture.menuId}`, session), 400, 'IVR_MENU_IN_USE');
  });

  it('the migration gives routes stored with a menu’s context the menu’s id', async () => {
    const fixture = await withDestinations();
    const tenantId = fixture.tenant.id;
    const [legacy, other] = await t.db.withTenant(tenantId, (tx) =>
      tx
        .insertInto('inboundRoutes')
        .values([
          { tenantId, didNumber: fixture.numbers[0]!, destinationType: 'IVR', destinationNumber: 'main-menu' },
          { tenantId, didNumber: fixture.numbers[1]!, destinationType: 'EXTENSION', destinationNumber: '101' },
        ])
        .returning('id')
        .execute(),
    );
    const migration = readFileSync(new URL('../../../migrations/20261202010001_inbound_route_ivr_by_menu_id.sql', import.meta.url), 'utf8');
    await t.db.withTenant(tenantId, (tx) => sql.raw(migration).execute(tx));
    const get = async (id: string) => (await call('GET', `/inbound-routes/${id}`, fixture.admin.session)).json<{ destinationNumber: string }>();
    expect((await get(legacy!.id)).destinationNumber).toBe(fixture.menuId);
    expect((await get(other!.id)).destinationNumber).toBe('101');
  });

  it('refuses destinations that are not the tenant’s own (400 INVALID_DESTINATION)', async () => {
    const fixture = await withDestinations();
    const other = await withDestinations();
    const session = fixture.admin.session;
    for (const [destinationType, destinationNumber] of [
      ['EXTENSION', '999'],
      ['IVR', 'nope'],
      ['IVR', 'default'],
      ['IVR', randomUUID()],
      ['IVR', other.menuId],
      ['IVR', 'main-menu-x'],
      ['QUEUE', randomUUID()],
      ['QUEUE', other.queueId],
      ['QUEUE', 'not-a-uuid'],
      ['CALL_GROUP', 'nobody'],
    ]) {
      const response = await call('POST', '/inbound-routes', session, { didNumber: fixture.numbers[0], destinationType, destinationNumber });
      expectError(response, 400, 'INVALID_DESTINATION');
      expect(response.json().details).toEqual([{ path: 'destinationNumber', message: expect.any(String) }]);
    }
    const did = fixture.numbers[0]!;
    for (const didNumber of ['12', '55-11-9999', '190']) {
      expectError(await call('POST', '/inbound-routes', session, { didNumber, destinationType: 'EXTENSION', destinationNumber: '101' }), 400, 'NUMBER_NOT_ASSIGNED');
    }
    for (const body of [
      { didNumber: '', destinationType: 'EXTENSION', destinationNumber: '101' },
      { didNumber: did, destinationType: 'VOICEMAIL', destinationNumber: '101' },
      { didNumber: did, destinationType: 'EXTENSION' },
      { didNumber: did, destinationType: 'EXTENSION', destinationNumber: '101', description: 'a\nb' },
      { didNumber: did, destinationType: 'EXTENSION', destinationNumber: '101', tenantId: randomUUID() },
    ]) {
      expectError(await call('POST', '/inbound-routes', session, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('routes only the tenant’s own numbers: another tenant’s and an unassigned one get the same 400', async () => {
    const one = await withDestinations();
    const two = await withDestinations();
    const number = one.numbers[0]!;
    const created = (await call('POST', '/inbound-routes', one.admin.session, { didNumber: number, destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    for (const didNumber of [number, written(number), number.slice(1), uniqueDid()]) {
      const refused = await call('POST', '/inbound-routes', two.admin.session, { didNumber, destinationType: 'EXTENSION', destinationNumber: '101' });
      expectError(refused, 400, 'NUMBER_NOT_ASSIGNED');
      expect(refused.body).not.toContain(one.tenant.id);
      expect(refused.body).not.toContain(one.tenant.code);
    }
    // One live route per number; deleting it frees the number for a new route of the same tenant.
    expectError(await call('POST', '/inbound-routes', one.admin.session, { didNumber: written(number), destinationType: 'IVR', destinationNumber: 'main-menu' }), 409, 'ALREADY_EXISTS');
    expect((await call('DELETE', `/inbound-routes/${created.id}`, one.admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/inbound-routes/${created.id}`, one.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/inbound-routes/${created.id}`, one.admin.session, { description: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/inbound-routes/${created.id}`, one.admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', '/inbound-routes', one.admin.session)).json()).toEqual([]);
    expect((await call('POST', '/inbound-routes', one.admin.session, { didNumber: number, destinationType: 'IVR', destinationNumber: 'main-menu' })).statusCode).toBe(201);
  });

  it('updates a route, re-checking the destination and the DID', async () => {
    const fixture = await withDestinations();
    const other = await withDestinations();
    const session = fixture.admin.session;
    const route = (await call('POST', '/inbound-routes', session, { didNumber: fixture.numbers[0], destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    const patched = await call('PATCH', `/inbound-routes/${route.id}`, session, { destinationType: 'QUEUE', destinationNumber: fixture.queueId });
    expect(patched.json()).toMatchObject({ destinationType: 'QUEUE', destinationNumber: fixture.queueId });
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, { destinationType: 'IVR' }), 400, 'INVALID_DESTINATION');
    const foreign = (await call('POST', '/inbound-routes', other.admin.session, { didNumber: other.numbers[0], destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: foreign.didNumber }), 400, 'NUMBER_NOT_ASSIGNED');
    expect((await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: route.didNumber, description: null })).statusCode).toBe(200);
    // Another of its own numbers, in its written form, is stored in E.164.
    const moved = await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: written(fixture.numbers[1]!) });
    expect(moved.json()).toMatchObject({ didNumber: fixture.numbers[1] });
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, {}), 400, 'VALIDATION_FAILED');
  });

  it('isolates tenants: another tenant’s route is invisible and 404', async () => {
    const one = await withDestinations();
    const two = await withDestinations();
    const route = (await call('POST', '/inbound-routes', one.admin.session, { didNumber: one.numbers[0], destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    expect((await call('GET', '/inbound-routes', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/inbound-routes/${route.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, two.admin.session, { destinationNumber: '101' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/inbound-routes/${route.id}`, two.admin.session), 404, 'NOT_FOUND');
  });

  it('reads with freeswitch.view, writes with freeswitch.configure', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/inbound-routes' }), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/inbound-routes', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('GET', '/inbound-routes', agent.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/inbound-routes', supervisor.session, { didNumber: uniqueDid(), destinationType: 'EXTENSION', destinationNumber: '101' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/inbound-routes/${randomUUID()}`, agent.session), 403, 'FORBIDDEN');
  });
});
