// Issue 7, item 8: what a client sends wrong is a 400 in the contract's shape, never a 500, and
// nothing is written: bodies without a known field, text no column can hold (NUL, lone
// surrogates), numbers beyond their column or not integers, bodies of the wrong type (no
// coercion), malformed multipart, and NUL in a path.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp, type Session, type TenantFixture } from './harness.ts';
import { snapshot, type Scope } from './db-snapshot.ts';

const t = useTestApp();
let a: TenantFixture;
let scope: Scope;
const ids: Record<string, string> = {};

/** A request with a raw body, as a client can send it (JSON that JSON.stringify cannot make). */
const raw = (method: 'POST' | 'PATCH', url: string, session: Session, payload: string, contentType = 'application/json') =>
  t.app.inject({ method, url, headers: { ...session.auth, 'content-type': contentType }, payload });

beforeAll(async () => {
  a = await createTenant(t.app, t.platform);
  const s = a.admin.session;
  ids.extension = await t.createId('/extensions', s, { number: '2001' });
  ids.agentExtension = await t.createId('/extensions', s, { number: '2002' });
  ids.queue = await t.createId('/queues', s, { name: 'sales' });
  ids.rule = await t.createId('/dialplan/rules', s, { name: 'r', conditionField: 'destination_number', conditionExpression: '^9$', actions: [{ application: 'answer', data: '' }] });
  ids.menu = await t.createId('/ivr-menus', s, { name: 'Main' });
  // The plan allows one trunk: the campaigns of the upload tests share it.
  ids.trunk = await t.createId('/trunks', s, { name: 'Carrier', host: 'sip.example.test' });
  const member = await createMember(t.app, s, 'agent');
  ids.agent = await t.createId('/agents', s, { userId: member.id, extensionId: ids.agentExtension });
  ids.plan = await t.createId('/plans', t.platform, { id: `bad-input-${Date.now()}`, name: 'Plan' });
  scope = { tenantIds: [a.tenant.id], planIds: [ids.plan] };
});

const patches = () => [
  { url: `/agents/${ids.agent}`, platform: false },
  { url: `/queues/${ids.queue}`, platform: false },
  { url: `/extensions/${ids.extension}`, platform: false },
  { url: `/dialplan/rules/${ids.rule}`, platform: false },
  { url: `/ivr-menus/${ids.menu}`, platform: false },
  { url: '/tenant-settings', platform: false },
  { url: `/plans/${ids.plan}`, platform: true },
  { url: `/tenants/${a.tenant.id}`, platform: true },
];

describe('bad input is a 400 with nothing written', () => {
  it('a PATCH with no known field, on every module', async () => {
    const before = await snapshot(t.db, scope);
    for (const { url, platform } of patches()) {
      for (const payload of [{}, { unknownField: 'x' }, { name_: 'x', Name: 'y' }]) {
        expectError(await t.call('PATCH', url, platform ? t.platform : a.admin.session, payload), 400, 'VALIDATION_FAILED');
      }
    }
    expect(await snapshot(t.db, scope)).toEqual(before);
  });

  it('PATCH /ivr-menus/:id with only options edits the options', async () => {
    const response = await t.call('PATCH', `/ivr-menus/${ids.menu}`, a.admin.session, { options: [{ digit: '1', targetExtension: '2001', label: 'Sales' }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ options: unknown[] }>().options).toEqual([
      { digit: '1', targetType: 'EXTENSION', targetExtension: '2001', targetQueueId: null, targetMenuId: null, label: 'Sales', positionX: null, positionY: null },
    ]);
    const cleared = await t.call('PATCH', `/ivr-menus/${ids.menu}`, a.admin.session, { options: [] });
    expect(cleared.json<{ options: unknown[] }>().options).toEqual([]);
  });

  it('NUL and lone surrogates in any string: bodies (nested too), keys, query strings and paths', async () => {
    const s = a.admin.session;
    const before = await snapshot(t.db, scope);
    const cases: [string, string, object][] = [
      ['POST', '/queues', { name: 'a\u0000b' }],
      ['PATCH', '/tenant-settings', { name: 'x\u0000' }],
      ['POST', '/pause-reasons', { code: 'P1', name: 'lone \ud800 high' }],
      ['POST', '/dispositions', { code: 'D1', name: 'lone \udc00 low' }],
      ['PATCH', `/agents/${ids.agent}`, { name: '\ud800' }],
      ['PATCH', `/dialplan/rules/${ids.rule}`, { actions: [{ application: 'answer', data: 'x\u0000' }] }],
      ['PATCH', `/ivr-menus/${ids.menu}`, { options: [{ digit: '1', targetExtension: '2001', label: '\udfff' }] }],
      ['PATCH', `/queues/${ids.queue}`, { ['na\u0000me']: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      expectError(await t.call(method as 'POST' | 'PATCH', url, s, payload), 400, 'VALIDATION_FAILED');
    }
    expectError(await t.call('GET', '/dialplan/rules?context=%00', s), 400, 'VALIDATION_FAILED');
    expectError(await t.call('GET', '/pause-reasons?includeDisabled=%ED%A0%80', s), 400, 'VALIDATION_FAILED');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expectError(await t.call(method, '/plans/%00', t.platform, method === 'PATCH' ? { name: 'x' } : undefined), 400, 'VALIDATION_FAILED');
    }
    expect(await snapshot(t.db, scope)).toEqual(before);
  });

  it('numbers beyond their column, infinite, or not integers; and no type coercion of bodies', async () => {
    const s = a.admin.session;
    const before = await snapshot(t.db, scope);
    const bodies: [string, string, string, Session][] = [
      ['PATCH', `/agents/${ids.agent}`, '{"wrapUpSeconds":1e309}', s],
      ['PATCH', `/agents/${ids.agent}`, '{"wrapUpSeconds":"1e309"}', s],
      ['PATCH', `/agents/${ids.agent}`, '{"wrapUpSeconds":10.5}', s],
      ['PATCH', `/agents/${ids.agent}`, '{"wrapUpSeconds":"10"}', s],
      ['PATCH', `/queues/${ids.queue}`, '{"maxWaitTime":2147483648}', s],
      ['PATCH', `/plans/${ids.plan}`, '{"max_agents":2147483648}', t.platform],
      ['PATCH', `/plans/${ids.plan}`, '{"max_agents":1.5}', t.platform],
      ['PATCH', `/plans/${ids.plan}`, '{"maxRecordingStorageGb":1e300}', t.platform],
      ['PATCH', `/plans/${ids.plan}`, '{"aiEnabled":"true"}', t.platform],
      ['POST', '/queues', '{"name":42}', s],
      ['POST', '/plans', '{"name":42}', t.platform],
      ['POST', '/queues', '{"name":["a"]}', s],
      ['POST', '/queues', '{"name":null}', s],
      ['POST', '/queues', '[]', s],
      ['POST', '/queues', '"sales"', s],
    ];
    for (const [method, url, payload, session] of bodies) {
      const response = await raw(method as 'POST' | 'PATCH', url, session, payload);
      if (response.statusCode !== 400) throw new Error(`${method} ${url} ${payload}: ${response.statusCode} ${response.body}`);
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    expect(await snapshot(t.db, scope)).toEqual(before);
  });

  it('malformed multipart on the prompt and abandon message uploads', async () => {
    const s = a.admin.session;
    const campaignId = await t.createId('/campaigns', s, { name: 'Audio', queueId: ids.queue!, trunkId: ids.trunk!, pacingMin: 1, pacingMax: 2 });
    const before = await snapshot(t.db, scope);
    for (const url of [`/ivr-menus/${ids.menu}/prompt`, `/campaigns/${campaignId}/abandon-message`]) {
      const noBoundary = await raw('POST', url, s, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF\r\n--x--\r\n', 'multipart/form-data');
      expect(noBoundary.statusCode, noBoundary.body).toBe(400);
      expectError(noBoundary, 400, noBoundary.json<{ code: string }>().code);
      const truncated = await raw('POST', url, s, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF....WAVEfmt ', 'multipart/form-data; boundary=x');
      expectError(truncated, 400, 'INVALID_MULTIPART');
      const headerOnly = await raw('POST', url, s, '--x\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=x');
      expect(headerOnly.statusCode, headerOnly.body).toBe(400);
    }
    expect(await snapshot(t.db, scope)).toEqual(before);
  });
});

/**
 * A streamed list upload (lead import, suppression import): no boundary or a cut header is a 400
 * before any import row; a body cut inside the file is a 400 with nothing of it kept and the
 * import FAILED. `written` reads what the import would have written, and its import rows.
 */
async function malformedListUpload(url: string, written: () => Promise<{ rows: unknown[]; imports: unknown[] }>) {
  const s = a.admin.session;
  const before = await snapshot(t.db, scope);
  const noBoundary = await raw('POST', url, s, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nphone\r\n--x--\r\n', 'multipart/form-data');
  expect(noBoundary.statusCode, noBoundary.body).toBe(400);
  expectError(noBoundary, 400, noBoundary.json<{ code: string }>().code);
  const headerOnly = await raw('POST', url, s, '--x\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=x');
  expect(headerOnly.statusCode, headerOnly.body).toBe(400);
  const json = await raw('POST', url, s, '{"file":"phone\\n11912345678"}');
  expectError(json, 400, 'FILE_REQUIRED');
  expect(await snapshot(t.db, scope)).toEqual(before);
  const truncated = await raw('POST', url, s, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nphone\n11912345678\n', 'multipart/form-data; boundary=x');
  expectError(truncated, 400, 'INVALID_MULTIPART');
  expect(await written()).toEqual({ rows: [], imports: [{ status: 'FAILED', errorCode: 'INVALID_MULTIPART' }] });
}

describe('malformed multipart on the list imports (a streamed upload)', () => {
  it('lead import: no boundary or a cut header: 400 before any import row; a body cut inside the file: 400, no lead, the import FAILED', async () => {
    const s = a.admin.session;
    const campaignId = await t.createId('/campaigns', s, { name: 'Outbound', queueId: ids.queue!, trunkId: ids.trunk!, pacingMin: 1, pacingMax: 2 });
    await malformedListUpload(`/campaigns/${campaignId}/leads/import`, () =>
      t.db.withTenant(a.tenant.id, async (tx) => ({
        rows: await tx.selectFrom('leads').select('id').where('campaignId', '=', campaignId).execute(),
        imports: await tx.selectFrom('listImports').select(['status', 'errorCode']).where('campaignId', '=', campaignId).execute(),
      })),
    );
  });

  it('suppression import: the same, and no entry listed', async () => {
    await malformedListUpload('/suppression/import', () =>
      t.db.withTenant(a.tenant.id, async (tx) => ({
        rows: await tx.selectFrom('suppressionEntries').select('id').where('source', '=', 'IMPORT').execute(),
        imports: await tx.selectFrom('listImports').select(['status', 'errorCode']).where('kind', '=', 'SUPPRESSION').execute(),
      })),
    );
  });
});

describe('a URL that does not decode', () => {
  it('is a 400 in the contract’s shape, not Fastify’s own body', async () => {
    const response = await t.call('GET', '/plans/%ED%A0%80', t.platform);
    expectError(response, 400, 'INVALID_URL');
  });
});
