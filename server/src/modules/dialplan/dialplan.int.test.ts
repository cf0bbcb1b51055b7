import { randomUUID } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, type TenantFixture, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

const rule = (extra: object = {}) => ({
  name: 'reception',
  conditionField: 'destination_number',
  conditionExpression: '^9$',
  actions: [
    { application: 'answer', data: '' },
    { application: 'bridge', data: 'user/101@${domain_name}' },
  ],
  ...extra,
});

const marks = (fixture: TenantFixture) =>
  t.db.withTenant(fixture.tenant.id, async (tx) => (await tx.selectFrom('switchConfigChanges').select('kind').execute()).map((row) => row.kind));
const clearMarks = (fixture: TenantFixture) => t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());

describe('/dialplan/rules', () => {
  it('starts with the seeded rules; creates, reads, edits and soft-deletes a rule', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const seeded = (await call('GET', '/dialplan/rules', session)).json();
    expect(seeded.map((row: { name: string }) => row.name)).toEqual(['internal-extensions', 'group-pickup']);

    await clearMarks(fixture); // the tenant's creation marked its own configuration
    const created = await call('POST', '/dialplan/rules', session, rule({ order: 5 }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ context: 'default', name: 'reception', order: 5, enabled: true, continue: false, antiActions: [] });
    // The switch runs activated versions only: a rule alone does not touch it.
    expect(await marks(fixture)).toEqual([]);
    expect((await call('GET', `/dialplan/rules/${body.id}`, session)).json()).toMatchObject({ id: body.id, order: 5 });
    expect((await call('GET', '/dialplan/rules?context=default', session)).json()[0].id).toBe(body.id);

    const patched = await call('PATCH', `/dialplan/rules/${body.id}`, session, { enabled: false, order: 50, antiActions: [{ application: 'hangup', data: 'UNALLOCATED_NUMBER' }] });
    expect(patched.json()).toMatchObject({ enabled: false, order: 50, antiActions: [{ application: 'hangup', data: 'UNALLOCATED_NUMBER' }] });

    expect((await call('DELETE', `/dialplan/rules/${body.id}`, session)).statusCode).toBe(204);
    expectError(await call('GET', `/dialplan/rules/${body.id}`, session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/dialplan/rules/${body.id}`, session, { enabled: true }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/dialplan/rules/${body.id}`, session), 404, 'NOT_FOUND');
    expect((await call('GET', '/dialplan/rules', session)).json()).toHaveLength(2);
  });

  it('takes a rule as the specification lists it, without a name, and names it rule-<start of its id>; a name is a label', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const { name: _name, ...specified } = rule();
    const created = await call('POST', '/dialplan/rules', admin.session, { context: 'default', ...specified, antiActions: [], continue: false, order: 7, enabled: true });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.name).toBe(`rule-${body.id.slice(0, 8)}`);
    // Any label; the switch's extension name keeps only its plain characters.
    const labelled = await call('POST', '/dialplan/rules', admin.session, rule({ name: 'Recepção "24h" & <noite>' }));
    expect(labelled.statusCode, labelled.body).toBe(201);
    const version = await call('POST', '/dialplan/versions', admin.session, { context: 'default' });
    const xml = (await call('GET', `/dialplan/versions/${version.json().id}`, admin.session)).json().xml as string;
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`name="${body.name}"`);
    expect(xml).toContain('name="Recepção_24h_noite_"');
    expect((await call('GET', `/dialplan/rules/${labelled.json().id}`, admin.session)).json().name).toBe('Recepção "24h" & <noite>');
  });

  it('rejects hostile rules with 400 DIALPLAN_NOT_ALLOWED naming the field', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const cases: [object, string][] = [
      [rule({ actions: [{ application: 'answer', data: '' }, { application: 'hangup', data: '' }, { application: 'system', data: 'rm -rf /' }] }), 'actions.2.application'],
      [rule({ actions: [{ application: 'bgsystem', data: 'curl evil' }] }), 'actions.0.application'],
      [rule({ actions: [{ application: 'lua', data: 'evil.lua' }] }), 'actions.0.application'],
      [rule({ actions: [{ application: 'log', data: 'INFO ${system(id)}' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'log', data: 'INFO ${bgsystem(id)}' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'set', data: 'api_hangup_hook=system rm -rf /' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'export', data: 'nolocal:execute_on_answer=system id' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'set', data: 'session_in_hangup_hook=true' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'playback', data: 'x" /><action application="system" data="id' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'log', data: 'a <b>' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'log', data: 'line\nbreak' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'bridge', data: 'user/101@other.pbx.localhost' }] }), 'actions.0.data'],
      [rule({ actions: [{ application: 'transfer', data: '101 XML default' }] }), 'actions.0.data'],
      [rule({ antiActions: [{ application: 'bridge', data: '{api_on_answer=system id}user/101@${domain_name}' }] }), 'antiActions.0.data'],
      [rule({ conditionField: '${system(id)}' }), 'conditionField'],
      [rule({ conditionField: 'context' }), 'conditionField'],
      [rule({ conditionExpression: '^(9$' }), 'conditionExpression'],
      [rule({ conditionExpression: '^${system(id)}$' }), 'conditionExpression'],
    ];
    for (const [body, path] of cases) {
      const response = await call('POST', '/dialplan/rules', admin.session, body);
      expectError(response, 400, 'DIALPLAN_NOT_ALLOWED');
      expect(response.json().details.map((detail: { path: string }) => detail.path), JSON.stringify(body)).toEqual([path]);
    }
    // 400 before 404: a hostile patch of an unknown id is refused for its body.
    expectError(await call('PATCH', `/dialplan/rules/${randomUUID()}`, admin.session, { actions: [{ application: 'system', data: 'id' }] }), 400, 'DIALPLAN_NOT_ALLOWED');
    expectError(await call('POST', '/dialplan/rules', admin.session, rule({ name: 'line\nbreak' })), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/dialplan/rules', admin.session, rule({ context: 'public' })), 400, 'CONTEXT_RESERVED');
    expect((await call('GET', '/dialplan/rules', admin.session)).json()).toHaveLength(2);
  });

  it('accepts callcenter only for a queue of the tenant, and reserves IVR contexts', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const queueOf = (fixture: TenantFixture) =>
      t.db.withTenant(fixture.tenant.id, (tx) => tx.insertInto('queues').values({ tenantId: fixture.tenant.id, name: 'q' }).returning('id').executeTakeFirstOrThrow());
    const mine = await queueOf(one);
    const theirs = await queueOf(two);
    const withQueue = (id: string) => rule({ actions: [{ application: 'answer', data: '' }, { application: 'callcenter', data: `q-${id}` }] });
    expect((await call('POST', '/dialplan/rules', one.admin.session, withQueue(mine.id))).statusCode).toBe(201);
    const refused = await call('POST', '/dialplan/rules', one.admin.session, withQueue(theirs.id));
    expectError(refused, 400, 'DIALPLAN_NOT_ALLOWED');
    expect(refused.json().details).toEqual([{ path: 'actions.1.data', message: 'is not a queue of this tenant' }]);

    expect((await call('POST', '/ivr-menus', one.admin.session, { name: 'Sales', context: 'sales' })).statusCode).toBe(201);
    expectError(await call('POST', '/dialplan/rules', one.admin.session, rule({ context: 'sales' })), 400, 'CONTEXT_RESERVED');
    expectError(await call('POST', '/dialplan/versions', one.admin.session, { context: 'sales' }), 400, 'CONTEXT_RESERVED');
  });

  it('isolates tenants and needs freeswitch.view / freeswitch.configure', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const created = (await call('POST', '/dialplan/rules', one.admin.session, rule())).json();
    expect((await call('GET', '/dialplan/rules', two.admin.session)).json().some((row: { id: string }) => row.id === created.id)).toBe(false);
    expectError(await call('GET', `/dialplan/rules/${created.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/dialplan/rules/${created.id}`, two.admin.session, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/dialplan/rules/${created.id}`, two.admin.session), 404, 'NOT_FOUND');

    const supervisor = await createMember(t.app, one.admin.session, 'supervisor');
    const agent = await createMember(t.app, one.admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/dialplan/rules' }), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/dialplan/rules', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('GET', '/dialplan/versions', agent.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/dialplan/rules', supervisor.session, rule()), 403, 'FORBIDDEN');
    expectError(await call('POST', '/dialplan/versions', agent.session, { context: 'default' }), 403, 'FORBIDDEN');
    expectError(await call('POST', `/dialplan/versions/${randomUUID()}/activate`, supervisor.session), 403, 'FORBIDDEN');
  });
});

describe('/dialplan/versions', () => {
  it('generates a numbered DRAFT, activates it atomically and rolls back by re-activating', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const [first] = (await call('GET', '/dialplan/versions?context=default', session)).json();
    expect(first).toMatchObject({ number: 1, status: 'ACTIVE', context: 'default' });
    expect(first.xml).toBeUndefined();
    expect((await call('GET', `/dialplan/versions/${first.id}`, session)).json().xml).toContain(`${fixture.tenant.code}_default`);

    await call('POST', '/dialplan/rules', session, rule());
    await clearMarks(fixture);
    const draft = await call('POST', '/dialplan/versions', session, { context: 'default' });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ number: 2, status: 'DRAFT', activatedAt: null });
    expect(XMLValidator.validate(draft.json().xml)).toBe(true);
    expect(draft.json().xml).toContain('name="reception"');
    expect(await marks(fixture)).toEqual([]);

    const activated = await call('POST', `/dialplan/versions/${draft.json().id}/activate`, session);
    expect(activated.json()).toMatchObject({ number: 2, status: 'ACTIVE' });
    expect(await marks(fixture)).toEqual(['dialplan']);
    const statuses = async () =>
      Object.fromEntries((await call('GET', '/dialplan/versions?context=default', session)).json().map((v: { number: number; status: string }) => [v.number, v.status]));
    expect(await statuses()).toEqual({ 1: 'SUPERSEDED', 2: 'ACTIVE' });
    expectError(await call('POST', `/dialplan/versions/${draft.json().id}/activate`, session), 400, 'VERSION_ALREADY_ACTIVE');

    // Rollback: version 1 again.
    expect((await call('POST', `/dialplan/versions/${first.id}/activate`, session)).json().status).toBe('ACTIVE');
    expect(await statuses()).toEqual({ 1: 'ACTIVE', 2: 'SUPERSEDED' });
  });

  it('numbers concurrent generations without gaps or duplicates', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/dialplan/versions', admin.session, { context: 'default' })));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.map((response) => response.json<{ number: number }>().number).sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it('compiles a rule of every allowed application into well-formed XML', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const code = fixture.tenant.code;
    const queue = await t.db.withTenant(fixture.tenant.id, (tx) =>
      tx.insertInto('queues').values({ tenantId: fixture.tenant.id, name: 'q' }).returning('id').executeTakeFirstOrThrow(),
    );
    const trunk = await t.db.withTenant(fixture.tenant.id, (tx) =>
      tx.insertInto('trunks').values({ tenantId: fixture.tenant.id, name: 'carrier', host: 'sip.carrier.example' }).returning('id').executeTakeFirstOrThrow(),
    );
    const actions = [
      { application: 'answer', data: '' },
      { application: 'pre_answer', data: '' },
      { application: 'ring_ready', data: '' },
      { application: 'sleep', data: '250' },
      { application: 'set', data: 'call_timeout=20' },
      { application: 'export', data: 'nolocal:hangup_after_bridge=true' },
      { application: 'unset', data: 'call_timeout' },
      { application: 'log', data: 'INFO call from ${caller_id_number} at ${strftime(%H:%M)}' },
      { application: 'playback', data: 'ivr/ivr-welcome.wav' },
      { application: 'play_and_get_digits', data: `1 1 3 5000 # tone_stream://%(200,0,440) silence_stream://250 choice ^[12]$ 3000 9 XML ${code}_default` },
      { application: 'bridge', data: `{call_timeout=20}user/101@\${domain_name},user/102@${fixture.tenant.telephonyDomain}|sofia/gateway/${code}-carrier/5511999990000` },
      { application: 'pickup', data: '${callgroup}@${domain_name}' },
      { application: 'callcenter', data: `q-${queue.id}` },
      { application: 'transfer', data: `101 XML ${code}_default` },
      { application: 'hangup', data: 'NORMAL_CLEARING' },
    ];
    const response = await call('POST', '/dialplan/rules', session, rule({ context: 'kinds', name: 'every kind', conditionField: '${sip_h_x_route}', conditionExpression: '^(a|b)<>&$', actions }));
    expect(response.statusCode, response.body).toBe(201);
    const version = (await call('POST', '/dialplan/versions', session, { context: 'kinds' })).json();
    expect(version).toMatchObject({ number: 1, status: 'DRAFT', context: 'kinds' });
    expect(XMLValidator.validate(version.xml)).toBe(true);
    for (const { application } of actions) expect(version.xml).toContain(`application="${application}"`);
    expect(version.xml).toContain(`<context name="${code}_kinds">`);
    // The rule names its trunk; the switch gets the trunk's gateway, named by its id.
    expect(version.xml).toContain(`|sofia/gateway/gw-${trunk.id}/5511999990000`);
  });

  it('answers 400 for reserved or unknown contexts and 404 for another tenant’s version', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    expectError(await call('POST', '/dialplan/versions', one.admin.session, { context: 'public' }), 400, 'CONTEXT_RESERVED');
    expectError(await call('POST', '/dialplan/versions', one.admin.session, { context: 'nothing-here' }), 400, 'UNKNOWN_CONTEXT');
    expectError(await call('POST', '/dialplan/versions', one.admin.session, { context: 'Bad Name' }), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/dialplan/versions', one.admin.session, {}), 400, 'VALIDATION_FAILED');
    const [mine] = (await call('GET', '/dialplan/versions', one.admin.session)).json();
    expect((await call('GET', '/dialplan/versions', two.admin.session)).json().some((v: { id: string }) => v.id === mine.id)).toBe(false);
    expectError(await call('GET', `/dialplan/versions/${mine.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('POST', `/dialplan/versions/${mine.id}/activate`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', `/dialplan/versions/${randomUUID()}`, one.admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', '/dialplan/versions/not-an-id', one.admin.session), 400, 'VALIDATION_FAILED');
  });
});
