import { randomInt, randomUUID } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { publicRoutesXml } from '../../services/config-sync/switch-xml.ts';
import { createMember, createTenant, expectError, type TenantFixture, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

const did = () => `55${randomInt(1e9, 1e10 - 1)}`;

/** A tenant with one destination of every kind. */
async function withDestinations(): Promise<TenantFixture & { queueId: string }> {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  expect((await call('POST', '/extensions', session, { number: '101', callGroup: 'sales' })).statusCode).toBe(201);
  expect((await call('POST', '/ivr-menus', session, { name: 'Main menu', context: 'main-menu' })).statusCode).toBe(201);
  const queue = await t.db.withTenant(fixture.tenant.id, (tx) =>
    tx.insertInto('queues').values({ tenantId: fixture.tenant.id, name: 'support' }).returning('id').executeTakeFirstOrThrow(),
  );
  return { ...fixture, queueId: queue.id };
}

describe('/inbound-routes', () => {
  it('creates a route of every destination kind, marks the public context and audits', async () => {
    const fixture = await withDestinations();
    const session = fixture.admin.session;
    // The tenant's creation marked its own configuration; only the routes' marks must remain.
    await t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());
    const destinations = [
      ['EXTENSION', '101'],
      ['IVR', 'main-menu'],
      ['QUEUE', fixture.queueId],
      ['CALL_GROUP', 'sales'],
    ] as const;
    for (const [destinationType, destinationNumber] of destinations) {
      const didNumber = `+${did()}`;
      const response = await call('POST', '/inbound-routes', session, { didNumber, destinationType, destinationNumber, description: 'Main line' });
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

  it('refuses destinations that are not the tenant’s own (400 INVALID_DESTINATION)', async () => {
    const fixture = await withDestinations();
    const other = await withDestinations();
    const session = fixture.admin.session;
    for (const [destinationType, destinationNumber] of [
      ['EXTENSION', '999'],
      ['IVR', 'nope'],
      ['IVR', 'default'],
      ['QUEUE', randomUUID()],
      ['QUEUE', other.queueId],
      ['QUEUE', 'not-a-uuid'],
      ['CALL_GROUP', 'nobody'],
    ]) {
      const response = await call('POST', '/inbound-routes', session, { didNumber: did(), destinationType, destinationNumber });
      expectError(response, 400, 'INVALID_DESTINATION');
      expect(response.json().details).toEqual([{ path: 'destinationNumber', message: expect.any(String) }]);
    }
    for (const body of [
      { didNumber: '12', destinationType: 'EXTENSION', destinationNumber: '101' },
      { didNumber: '55-11-9999', destinationType: 'EXTENSION', destinationNumber: '101' },
      { didNumber: did(), destinationType: 'VOICEMAIL', destinationNumber: '101' },
      { didNumber: did(), destinationType: 'EXTENSION' },
      { didNumber: did(), destinationType: 'EXTENSION', destinationNumber: '101', description: 'a\nb' },
    ]) {
      expectError(await call('POST', '/inbound-routes', session, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('keeps a DID unique across all tenants without revealing the owner; deleted DIDs stay taken', async () => {
    const one = await withDestinations();
    const two = await withDestinations();
    const number = did();
    const created = (await call('POST', '/inbound-routes', one.admin.session, { didNumber: number, destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    const taken = await call('POST', '/inbound-routes', two.admin.session, { didNumber: number, destinationType: 'EXTENSION', destinationNumber: '101' });
    expectError(taken, 409, 'ALREADY_EXISTS');
    expect(taken.body).not.toContain(one.tenant.id);
    expect(taken.body).not.toContain(one.tenant.code);
    // The same number written with a + is the same DID.
    expectError(await call('POST', '/inbound-routes', two.admin.session, { didNumber: `+${number}`, destinationType: 'EXTENSION', destinationNumber: '101' }), 409, 'ALREADY_EXISTS');
    expectError(await call('POST', '/inbound-routes', one.admin.session, { didNumber: number, destinationType: 'IVR', destinationNumber: 'main-menu' }), 409, 'ALREADY_EXISTS');

    expect((await call('DELETE', `/inbound-routes/${created.id}`, one.admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/inbound-routes/${created.id}`, one.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/inbound-routes/${created.id}`, one.admin.session, { description: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/inbound-routes/${created.id}`, one.admin.session), 404, 'NOT_FOUND');
    expect((await call('GET', '/inbound-routes', one.admin.session)).json()).toEqual([]);
    expectError(await call('POST', '/inbound-routes', two.admin.session, { didNumber: number, destinationType: 'EXTENSION', destinationNumber: '101' }), 409, 'ALREADY_EXISTS');
  });

  it('updates a route, re-checking the destination and the DID', async () => {
    const fixture = await withDestinations();
    const other = await withDestinations();
    const session = fixture.admin.session;
    const route = (await call('POST', '/inbound-routes', session, { didNumber: did(), destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    const patched = await call('PATCH', `/inbound-routes/${route.id}`, session, { destinationType: 'QUEUE', destinationNumber: fixture.queueId });
    expect(patched.json()).toMatchObject({ destinationType: 'QUEUE', destinationNumber: fixture.queueId });
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, { destinationType: 'IVR' }), 400, 'INVALID_DESTINATION');
    const foreign = (await call('POST', '/inbound-routes', other.admin.session, { didNumber: did(), destinationType: 'EXTENSION', destinationNumber: '101' })).json();
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: foreign.didNumber }), 409, 'ALREADY_EXISTS');
    expect((await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: route.didNumber, description: null })).statusCode).toBe(200);
    // The same DID written with its '+' is still this route's own number.
    expect((await call('PATCH', `/inbound-routes/${route.id}`, session, { didNumber: `+${route.didNumber}` })).statusCode).toBe(200);
    expectError(await call('PATCH', `/inbound-routes/${route.id}`, session, {}), 400, 'VALIDATION_FAILED');
  });

  it('isolates tenants: another tenant’s route is invisible and 404', async () => {
    const one = await withDestinations();
    const two = await withDestinations();
    const route = (await call('POST', '/inbound-routes', one.admin.session, { didNumber: did(), destinationType: 'EXTENSION', destinationNumber: '101' })).json();
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
    expectError(await call('POST', '/inbound-routes', supervisor.session, { didNumber: did(), destinationType: 'EXTENSION', destinationNumber: '101' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/inbound-routes/${randomUUID()}`, agent.session), 403, 'FORBIDDEN');
  });
});
