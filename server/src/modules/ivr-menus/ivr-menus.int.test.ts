// The IVR menus' API: compiled to the dialplan on every change, validated, deleted softly, isolated per
// tenant, and their targets (issue 8). The prompt audio is ivr-menu-prompts.int.test.ts'.
import { randomUUID } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, expectError, login, startTestApp, type Session, type TestApp, uniqueDid } from '../../../test/harness.ts';
import { tinyWav } from './wav.test-support.ts';
import { ivrMenuHelpers } from './ivr-menus.test-support.ts';

let t: TestApp;
let platform: Session;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
});
afterAll(() => t.close());

const { call, upload, tenantWithExtensions, versionsOf, menu } = ivrMenuHelpers(() => t, () => platform);

describe('/ivr-menus', () => {
  it('creates a menu and activates its compiled context in the same change', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    // The tenant's creation marked its own configuration; only the menu's mark must remain.
    await t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());
    const response = await call('POST', '/ivr-menus', session, menu());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      context: 'atendimento-geral',
      hasPrompt: false,
      entryPositionX: 10,
      entryPositionY: null,
      options: [
        { digit: '1', targetExtension: '101', label: 'Vendas', positionX: 100, positionY: 40 },
        { digit: '2', targetExtension: '102', label: null, positionX: null, positionY: null },
      ],
    });
    const [version] = await versionsOf(session, 'atendimento-geral');
    expect(version).toMatchObject({ number: 1, status: 'ACTIVE' });
    const { xml } = (await call('GET', `/dialplan/versions/${version!.id}`, session)).json();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<context name="${fixture.tenant.code}_atendimento-geral">`);
    expect(xml).toContain('name="ivr_entry"');
    expect(xml).toContain(`101 XML ${fixture.tenant.code}_default`);
    expect(xml).not.toMatch(/position/i);
    const marks = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(marks.map((mark) => mark.kind)).toContain('dialplan');
    expect((await call('GET', '/ivr-menus', session)).json()).toHaveLength(1);
    expect((await call('GET', `/ivr-menus/${created.id}`, session)).json().id).toBe(created.id);
  });

  it('recompiles on update: a new ACTIVE version, the previous SUPERSEDED; renaming the context retires the old one', async () => {
    const { admin } = await tenantWithExtensions();
    const created = (await call('POST', '/ivr-menus', admin.session, menu({ context: 'main' }))).json();
    const patched = await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { greeting: 'Novo texto', options: [{ digit: '9', targetExtension: '102' }] });
    expect(patched.json()).toMatchObject({ greeting: 'Novo texto', options: [{ digit: '9', targetExtension: '102' }] });
    expect((await versionsOf(admin.session, 'main')).map((v) => [v.number, v.status])).toEqual([[2, 'ACTIVE'], [1, 'SUPERSEDED']]);

    const renamed = await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { context: 'main-v2' });
    expect(renamed.json().context).toBe('main-v2');
    expect((await versionsOf(admin.session, 'main')).some((v) => v.status === 'ACTIVE')).toBe(false);
    expect((await versionsOf(admin.session, 'main-v2')).map((v) => v.status)).toEqual(['ACTIVE']);
  });

  it('validates: hostile greeting, duplicate digits, unknown targets, reserved and taken contexts', async () => {
    const one = await tenantWithExtensions();
    const two = await createTenant(t.app, platform);
    expect((await call('POST', '/extensions', two.admin.session, { number: '555' })).statusCode).toBe(201);
    const session = one.admin.session;
    for (const greeting of ['say "hi"', 'a <b> c', '${system(rm -rf /)}', '${bgsystem(curl x)}', 'api_hangup_hook=system id', 'line\nbreak']) {
      const response = await call('POST', '/ivr-menus', session, menu({ greeting }));
      expectError(response, 400, 'DIALPLAN_NOT_ALLOWED');
      expect(response.json().details[0].path).toBe('greeting');
    }
    expectError(await call('POST', '/ivr-menus', session, menu({ options: [{ digit: '1', targetExtension: '101' }, { digit: '1', targetExtension: '102' }] })), 400, 'DUPLICATE_DIGIT');
    const unknown = await call('POST', '/ivr-menus', session, menu({ options: [{ digit: '1', targetExtension: '101' }, { digit: '2', targetExtension: '555' }] }));
    expectError(unknown, 400, 'INVALID_TARGET_EXTENSION');
    expect(unknown.json().details).toEqual([{ path: 'options.1.targetExtension', message: expect.any(String) }]);
    for (const body of [menu({ options: [{ digit: 'A', targetExtension: '101' }] }), menu({ name: '' }), menu({ context: 'Bad Context' }), { greeting: 'x' }]) {
      expectError(await call('POST', '/ivr-menus', session, body), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'default' })), 400, 'CONTEXT_RESERVED');
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'public' })), 400, 'CONTEXT_RESERVED');
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'taken' }))).json();
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'taken' })), 409, 'ALREADY_EXISTS');
    await call('DELETE', `/ivr-menus/${created.id}`, session);
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'taken' })), 409, 'ALREADY_EXISTS');
    // 400 before 404 on update.
    expectError(await call('PATCH', `/ivr-menus/${randomUUID()}`, session, { greeting: '${system(id)}' }), 400, 'DIALPLAN_NOT_ALLOWED');
  });

  it('deletes softly: 404 afterwards, its context no longer active; refused while an inbound route uses it', async () => {
    const { admin, tenant } = await tenantWithExtensions();
    const created = (await call('POST', '/ivr-menus', admin.session, menu({ context: 'front' }))).json();
    const did = uniqueDid();
    await assignNumbers(t.app, platform, tenant.id, did);
    const route = (await call('POST', '/inbound-routes', admin.session, { didNumber: did, destinationType: 'IVR', destinationNumber: 'front' })).json();
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, admin.session), 400, 'IVR_MENU_IN_USE');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { context: 'elsewhere' }), 400, 'IVR_MENU_IN_USE');
    await call('DELETE', `/inbound-routes/${route.id}`, admin.session);
    expect((await call('DELETE', `/ivr-menus/${created.id}`, admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/ivr-menus/${created.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, admin.session, tinyWav()), 404, 'NOT_FOUND');
    expect((await call('GET', '/ivr-menus', admin.session)).json()).toEqual([]);
    expect((await versionsOf(admin.session, 'front')).some((v) => v.status === 'ACTIVE')).toBe(false);
    // The deleted menu's versions cannot be brought back.
    const [last] = await versionsOf(admin.session, 'front');
    expectError(await call('POST', `/dialplan/versions/${last!.id}/activate`, admin.session), 400, 'CONTEXT_RESERVED');
  });

  it('isolates tenants and needs freeswitch.view to read, ivr.manage to write', async () => {
    const one = await tenantWithExtensions();
    const two = await createTenant(t.app, platform);
    const created = (await call('POST', '/ivr-menus', one.admin.session, menu())).json();
    expect((await call('GET', '/ivr-menus', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/ivr-menus/${created.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, two.admin.session, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, two.admin.session, tinyWav()), 404, 'NOT_FOUND');

    const supervisor = await createMember(t.app, one.admin.session, 'supervisor');
    const agent = await createMember(t.app, one.admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/ivr-menus' }), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/ivr-menus', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/ivr-menus', supervisor.session, menu()), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, agent.session), 403, 'FORBIDDEN');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, agent.session, tinyWav()), 403, 'FORBIDDEN');
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, agent.session), 403, 'FORBIDDEN');
  });
});

describe('/ivr-menus targets (issue 8)', () => {
  const xmlOf = async (session: Session, context: string) => {
    const [version] = await versionsOf(session, context);
    expect(version?.status).toBe('ACTIVE');
    return (await call('GET', `/dialplan/versions/${version!.id}`, session)).json<{ xml: string }>().xml;
  };
  const post = async (session: Session, url: string, body: object) => {
    const response = await call('POST', url, session, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; context: string }>();
  };

  it('keeps old clients working: only targetExtension is an EXTENSION target; menu defaults are 5 s, 3 tries, hang up', async () => {
    const { admin } = await tenantWithExtensions();
    const created = await call('POST', '/ivr-menus', admin.session, { name: 'Old client', options: [{ digit: '1', targetExtension: '101' }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      options: [{ digit: '1', targetType: 'EXTENSION', targetExtension: '101', targetQueueId: null, targetMenuId: null }],
      timeoutSeconds: 5,
      maxFailures: 3,
      failureTarget: { targetType: 'HANGUP', targetExtension: null, targetQueueId: null, targetMenuId: null },
    });
  });

  it('targets a queue, another menu, itself and a hangup; compiles timeout, tries and the failure target', async () => {
    const { admin, tenant } = await tenantWithExtensions();
    const session = admin.session;
    const queue = await post(session, '/queues', { name: 'Suporte' });
    const support = await post(session, '/ivr-menus', { name: 'Suporte', context: 'suporte', options: [{ digit: '1', targetExtension: '102' }] });
    const main = await call('POST', '/ivr-menus', session, {
      name: 'Principal',
      context: 'principal',
      timeoutSeconds: 7,
      maxFailures: 2,
      failureTarget: { targetType: 'EXTENSION', targetExtension: '101' },
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id, label: 'Suporte' },
        { digit: '2', targetType: 'IVR', targetMenuId: support.id },
        { digit: '9', targetType: 'HANGUP', targetExtension: null },
      ],
    });
    expect(main.statusCode, main.body).toBe(201);
    const id = main.json<{ id: string }>().id;
    expect(main.json()).toMatchObject({
      timeoutSeconds: 7,
      maxFailures: 2,
      failureTarget: { targetType: 'EXTENSION', targetExtension: '101' },
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id, targetExtension: null },
        { digit: '2', targetType: 'IVR', targetMenuId: support.id },
        { digit: '9', targetType: 'HANGUP', targetExtension: null, targetQueueId: null, targetMenuId: null },
      ],
    });
    const code = tenant.code;
    let xml = await xmlOf(session, 'principal');
    expect(xml).toContain(`1 1 2 7000 none tone_stream://%(300,200,440) tone_stream://%(200,100,480,620) ivr_digit ^[129]$ 7000 ivr_failure XML ${code}_principal`);
    expect(xml).toContain(`application="callcenter" data="q-${queue.id}"`);
    expect(xml).toContain(`data="ivr_entry XML ${code}_suporte"`);
    expect(xml).toContain('application="hangup" data="NORMAL_CLEARING"');
    const failure = xml.slice(xml.indexOf('name="ivr_failure"'));
    expect(failure).toMatch(new RegExp(`^[^]*?<action application="transfer" data="101 XML ${code}_default"/>\\s*</condition>\\s*</extension>\\s*</context>`));

    // "Press 8 to hear the menu again": a menu may send a caller back to itself.
    const again = await call('PATCH', `/ivr-menus/${id}`, session, { options: [{ digit: '8', targetType: 'IVR', targetMenuId: id }] });
    expect(again.statusCode, again.body).toBe(200);
    xml = await xmlOf(session, 'principal');
    expect(xml).toContain(`data="ivr_entry XML ${code}_principal"`);
  });

  it('refuses targets of another tenant, mismatched fields and failure loops', async () => {
    const one = await tenantWithExtensions();
    const two = await tenantWithExtensions();
    const session = one.admin.session;
    const foreignQueue = await post(two.admin.session, '/queues', { name: 'Alheia' });
    const foreignMenu = await post(two.admin.session, '/ivr-menus', { name: 'Alheio', options: [] });
    for (const [body, path] of [
      [{ options: [{ digit: '1', targetType: 'QUEUE', targetQueueId: foreignQueue.id }] }, 'options.0.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'IVR', targetMenuId: foreignMenu.id }] }, 'options.0.targetMenuId'],
      [{ failureTarget: { targetType: 'QUEUE', targetQueueId: foreignQueue.id } }, 'failureTarget.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'QUEUE' }] }, 'options.0.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'HANGUP', targetExtension: '101' }] }, 'options.0.targetExtension'],
      [{ failureTarget: { targetType: 'IVR' } }, 'failureTarget.targetMenuId'],
    ] as const) {
      const response = await call('POST', '/ivr-menus', session, { name: 'M', ...body });
      expectError(response, 400, 'INVALID_IVR_TARGET');
      expect(response.json().details.map((detail: { path: string }) => detail.path)).toEqual([path]);
    }
    expectError(await call('POST', '/ivr-menus', session, { name: 'M', failureTarget: { targetExtension: '555' } }), 400, 'INVALID_TARGET_EXTENSION');
    for (const body of [{ timeoutSeconds: 0 }, { maxFailures: 11 }, { failureTarget: { targetType: 'QUEUE', queue: 'x' } }, { options: [{ digit: '1', targetType: 'VOICEMAIL' }] }]) {
      expectError(await call('POST', '/ivr-menus', session, { name: 'M', ...body }), 400, 'VALIDATION_FAILED');
    }

    const a = await post(session, '/ivr-menus', { name: 'A', options: [] });
    expectError(await call('PATCH', `/ivr-menus/${a.id}`, session, { failureTarget: { targetType: 'IVR', targetMenuId: a.id } }), 400, 'IVR_TARGET_LOOP');
    const b = await post(session, '/ivr-menus', { name: 'B', options: [], failureTarget: { targetType: 'IVR', targetMenuId: a.id } });
    const loop = await call('PATCH', `/ivr-menus/${a.id}`, session, { failureTarget: { targetType: 'IVR', targetMenuId: b.id } });
    expectError(loop, 400, 'IVR_TARGET_LOOP');
    expect((await call('GET', `/ivr-menus/${a.id}`, session)).json().failureTarget.targetType).toBe('HANGUP');
  });

  it('keeps what a menu targets: the queue, the menu and the extension stay while a menu sends callers to them', async () => {
    const { admin } = await tenantWithExtensions();
    const session = admin.session;
    const queue = await post(session, '/queues', { name: 'Vendas' });
    const target = await post(session, '/ivr-menus', { name: 'Alvo', context: 'alvo', options: [{ digit: '1', targetExtension: '101' }] });
    const source = await post(session, '/ivr-menus', {
      name: 'Origem',
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id },
        { digit: '2', targetType: 'IVR', targetMenuId: target.id },
      ],
      failureTarget: { targetType: 'EXTENSION', targetExtension: '102' },
    });
    const extension = (await call('GET', '/extensions', session)).json<{ id: string; number: string }[]>().find((row) => row.number === '102')!;
    expectError(await call('DELETE', `/queues/${queue.id}`, session), 400, 'QUEUE_IN_USE');
    expectError(await call('DELETE', `/ivr-menus/${target.id}`, session), 400, 'IVR_MENU_IN_USE');
    expectError(await call('PATCH', `/ivr-menus/${target.id}`, session, { context: 'alvo-2' }), 400, 'IVR_MENU_IN_USE');
    expectError(await call('DELETE', `/extensions/${extension.id}`, session), 400, 'EXTENSION_IN_USE');

    // Once the menu no longer sends callers there, each can go; a menu that targets only itself can go too.
    expect((await call('PATCH', `/ivr-menus/${source.id}`, session, { options: [{ digit: '5', targetType: 'IVR', targetMenuId: source.id }], failureTarget: { targetType: 'HANGUP' } })).statusCode).toBe(200);
    expect((await call('DELETE', `/queues/${queue.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/ivr-menus/${target.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/extensions/${extension.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/ivr-menus/${source.id}`, session)).statusCode).toBe(204);
  });
});
