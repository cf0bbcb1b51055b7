// Issue 7, item 2: no request body reaches SQL beyond the fields its schema names. Every write
// route of the app (read from its route table) gets its valid sample body plus one hostile key at
// a time: snake_case spellings of real columns, tenantId, id, timestamps, deleted_at, also inside
// nested objects. Each is a 400 and the database is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignNumbers, createMember, createTenant, uniqueDid, expectError, useTestApp, type TenantFixture } from './harness.ts';
import { snapshot, type Scope } from './db-snapshot.ts';
import { routeRecorder, WRITE_METHODS } from './route-table.ts';
import { insertCall } from '../src/modules/calls/test-support.ts';
import { insertLead } from '../src/modules/suppression/test-support.ts';

const recorder = routeRecorder();
const t = useTestApp({ onRoute: recorder.onRoute });

let a: TenantFixture;
let b: TenantFixture;
let scope: Scope;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  const s = a.admin.session;
  const did = uniqueDid();
  ids.extension = await t.createId('/extensions', s, { number: '1001' });
  ids.agentExtension = await t.createId('/extensions', s, { number: '1002' });
  ids.queue = await t.createId('/queues', s, { name: 'sales' });
  ids.otherQueue = await t.createId('/queues', b.admin.session, { name: 'theirs' });
  await assignNumbers(t.app, t.platform, a.tenant.id, did);
  ids.route = await t.createId('/inbound-routes', s, { didNumber: did, destinationType: 'EXTENSION', destinationNumber: '1001' });
  ids.rule = await t.createId('/dialplan/rules', s, { name: 'r', conditionField: 'destination_number', conditionExpression: '^9$', actions: [{ application: 'answer', data: '' }] });
  ids.menu = await t.createId('/ivr-menus', s, { name: 'Main' });
  ids.trunk = await t.createId('/trunks', s, { name: 'Carrier', host: 'sip.example.test' });
  ids.pauseReason = await t.createId('/pause-reasons', s, { code: 'LUNCH', name: 'Lunch' });
  ids.disposition = await t.createId('/dispositions', s, { code: 'SALE', name: 'Sale' });
  const member = await createMember(t.app, s, 'agent');
  ids.member = member.id;
  ids.agent = await t.createId('/agents', s, { userId: member.id, extensionId: ids.agentExtension });
  ids.plan = await t.createId('/plans', t.platform, { id: `plan-${Date.now()}`, name: 'Plan' });
  ids.call = await insertCall(t, a.tenant.id, { agentId: ids.agent });
  ids.campaign = await t.createId('/campaigns', s, { name: 'Outbound', queueId: ids.queue, trunkId: ids.trunk, pacingMin: 1, pacingMax: 2 });
  ids.suppression = await t.createId('/suppression', s, { phone: '+5511987650001' });
  ids.callback = await insertLead(t, a.tenant.id, ids.campaign, { status: 'CALLBACK', nextAttemptAt: new Date(Date.now() + 86_400_000) });
  scope = { tenantIds: [a.tenant.id, b.tenant.id], planIds: [ids.plan, 'hostile-plan'] };
});

// One valid body per write route with a body; a route missing here fails the last test.
const samples = (): Record<string, { url: string; platform?: boolean; body: Record<string, unknown> }> => ({
  'POST /auth/login': { url: '/auth/login', body: { email: 'x@example.test', password: 'p' } },
  'POST /auth/refresh': { url: '/auth/refresh', body: { refreshToken: 'x' } },
  'POST /auth/select-tenant': { url: '/auth/select-tenant', body: { tenantId: a.tenant.id } },
  'POST /auth/change-password': { url: '/auth/change-password', body: { currentPassword: 'x', newPassword: 'a-long-enough-password' } },
  'POST /plans': { url: '/plans', platform: true, body: { id: 'hostile-plan', name: 'P' } },
  'PATCH /plans/:id': { url: `/plans/${ids.plan}`, platform: true, body: { name: 'P2' } },
  'POST /tenants': { url: '/tenants', platform: true, body: { code: 'hostile-x', name: 'T', admin: { email: 'h@example.test' } } },
  'PATCH /tenants/:id': { url: `/tenants/${a.tenant.id}`, platform: true, body: { name: 'T2' } },
  'POST /tenants/:id/numbers': { url: `/tenants/${a.tenant.id}/numbers`, platform: true, body: { number: uniqueDid() } },
  'PATCH /platform/users/:id/status': { url: `/platform/users/${ids.member}/status`, platform: true, body: { status: 'DISABLED' } },
  'POST /users': { url: '/users', body: { email: 'new@example.test', role: 'agent' } },
  'PATCH /users/:id/role': { url: `/users/${ids.member}/role`, body: { role: 'supervisor' } },
  'PATCH /tenant-settings': { url: '/tenant-settings', body: { name: 'Renamed' } },
  'POST /extensions': { url: '/extensions', body: { number: '1003' } },
  'PATCH /extensions/:id': { url: `/extensions/${ids.extension}`, body: { callerId: 'Reception' } },
  'POST /trunks': { url: '/trunks', body: { name: 'main', host: 'sip.example.test' } },
  'PATCH /trunks/:id': { url: `/trunks/${ids.trunk}`, body: { name: 'Carrier 2', fromDomain: 'example.test' } },
  'POST /inbound-routes': { url: '/inbound-routes', body: { didNumber: '5511999990000', destinationType: 'EXTENSION', destinationNumber: '1001' } },
  'PATCH /inbound-routes/:id': { url: `/inbound-routes/${ids.route}`, body: { destinationType: 'EXTENSION', destinationNumber: '1001' } },
  'POST /dialplan/rules': { url: '/dialplan/rules', body: { name: 'r2', conditionField: 'destination_number', conditionExpression: '^8$', actions: [{ application: 'answer', data: '' }] } },
  'PATCH /dialplan/rules/:id': { url: `/dialplan/rules/${ids.rule}`, body: { name: 'r3', actions: [{ application: 'answer', data: '' }] } },
  'POST /dialplan/versions': { url: '/dialplan/versions', body: { context: 'default' } },
  'POST /ivr-menus': { url: '/ivr-menus', body: { name: 'Other', options: [{ digit: '1', targetExtension: '1001' }] } },
  'PATCH /ivr-menus/:id': { url: `/ivr-menus/${ids.menu}`, body: { greeting: 'Hello', options: [{ digit: '1', targetExtension: '1001' }] } },
  'POST /queues': { url: '/queues', body: { name: 'support' } },
  'POST /campaigns': { url: '/campaigns', body: { name: 'Second', queueId: ids.queue, trunkId: ids.trunk, pacingMin: 1, pacingMax: 2, schedule: { mon: [{ start: '09:00', end: '18:00' }] } } },
  'PATCH /campaigns/:id': { url: `/campaigns/${ids.campaign}`, body: { pacingMax: 3, schedule: { tue: [{ start: '10:00', end: '12:00' }] } } },
  'PATCH /queues/:id': { url: `/queues/${ids.queue}`, body: { name: 'sales2' } },
  'POST /queues/:id/agents': { url: `/queues/${ids.queue}/agents`, body: { agentId: ids.agent, level: 1 } },
  'DELETE /queues/:id/agents': { url: `/queues/${ids.queue}/agents`, body: { agentId: ids.agent } },
  'POST /agents': { url: '/agents', body: { userId: ids.member, extensionId: ids.extension } },
  'PATCH /agents/:id': { url: `/agents/${ids.agent}`, body: { name: 'Agent' } },
  'POST /agents/me/pause': { url: '/agents/me/pause', body: { pauseReasonId: ids.pauseReason } },
  'POST /pause-reasons': { url: '/pause-reasons', body: { code: 'BREAK', name: 'Break' } },
  'PATCH /pause-reasons/:id': { url: `/pause-reasons/${ids.pauseReason}`, body: { name: 'Long lunch' } },
  'POST /dispositions': { url: '/dispositions', body: { code: 'NOSALE', name: 'No sale' } },
  'PATCH /dispositions/:id': { url: `/dispositions/${ids.disposition}`, body: { action: 'SUCCESS' } },
  'PATCH /calls/:id/disposition': { url: `/calls/${ids.call}/disposition`, body: { dispositionId: ids.disposition } },
  'POST /suppression': { url: '/suppression', body: { phone: '+5511987650002', note: 'Procon' } },
  'DELETE /suppression/:id': { url: `/suppression/${ids.suppression}`, body: { reason: 'asked again' } },
  'PATCH /leads/callbacks/:id': { url: `/leads/callbacks/${ids.callback}`, body: { action: 'RESCHEDULE', nextAttemptAt: new Date(Date.now() + 7_200_000).toISOString() } },
});

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The valid body with one hostile key, at the top and inside every nested object. */
function hostileBodies(body: Record<string, unknown>, otherTenantId: string): Record<string, unknown>[] {
  const keys: Record<string, unknown> = {
    tenantId: otherTenantId,
    tenant_id: otherTenantId,
    id: '00000000-0000-4000-8000-000000000000',
    createdAt: '2000-01-01T00:00:00Z',
    created_at: '2000-01-01T00:00:00Z',
    updated_at: '2000-01-01T00:00:00Z',
    deletedAt: '2000-01-01T00:00:00Z',
    deleted_at: '2000-01-01T00:00:00Z',
  };
  const bodies: Record<string, unknown>[] = Object.entries(keys).filter(([key]) => !(key in body)).map(([key, value]) => ({ ...body, [key]: value }));
  for (const key of Object.keys(body).filter((key) => snake(key) !== key)) bodies.push({ ...body, [snake(key)]: body[key] });
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value) && typeof value[0] === 'object') bodies.push({ ...body, [key]: [{ ...value[0], tenantId: otherTenantId }] });
    else if (value !== null && typeof value === 'object') bodies.push({ ...body, [key]: { ...value, tenant_id: otherTenantId } });
  }
  return bodies;
}

describe('mass assignment', () => {
  it('the attack of the issue: snake_case keys on PATCH /inbound-routes/:id cannot send a DID into another tenant’s queue', async () => {
    const before = await snapshot(t.db, scope);
    for (const payload of [
      { destination_type: 'QUEUE', destination_number: ids.otherQueue },
      { destinationType: 'EXTENSION', destination_number: `1001 XML ${b.tenant.code}_default` },
      { tenantId: b.tenant.id },
      { id: ids.otherQueue },
      { createdAt: '2000-01-01T00:00:00Z' },
      { deleted_at: '2000-01-01T00:00:00Z' },
    ]) {
      const response = await t.call('PATCH', `/inbound-routes/${ids.route}`, a.admin.session, payload);
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    const row = await t.db.withPlatform((tx) => tx.selectFrom('inboundRoutes').selectAll().where('id', '=', ids.route!).executeTakeFirstOrThrow());
    expect(row).toMatchObject({ tenantId: a.tenant.id, destinationType: 'EXTENSION', destinationNumber: '1001', deletedAt: null });
    expect(await snapshot(t.db, scope)).toEqual(before);
  });

  it('every write route with a body refuses hostile keys (top level and nested) with a 400, writing nothing', async () => {
    const table = samples();
    const before = await snapshot(t.db, scope);
    for (const [route, sample] of Object.entries(table)) {
      const session = sample.platform ? t.platform : a.admin.session;
      const method = route.split(' ')[0] as 'POST' | 'PATCH' | 'DELETE';
      for (const payload of hostileBodies(sample.body, b.tenant.id)) {
        const response = await t.call(method, sample.url, session, payload);
        if (response.statusCode !== 400) throw new Error(`${route} ${JSON.stringify(payload)}: ${response.statusCode} ${response.body}`);
        expectError(response, 400, 'VALIDATION_FAILED');
      }
    }
    expect(await snapshot(t.db, scope)).toEqual(before);
  });

  it('every write route of the app that takes a body has a sample above (a new route cannot skip this test)', () => {
    const table = samples();
    const withBody = recorder.routes.filter((route) => WRITE_METHODS.has(route.method) && route.schema.body !== undefined);
    expect(withBody.map((route) => `${route.method} ${route.url}`).filter((key) => !(key in table))).toEqual([]);
  });
});
