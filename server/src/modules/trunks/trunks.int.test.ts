import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { TEST_ENCRYPTION_KEY } from '../../../test/env.ts';
import { createMember, createTenant, expectError, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

const SECRET = 'Tr0nk-S3cret-Value';
const carrier = (name = 'carrier') => ({
  name,
  host: 'sip.carrier.example:5060',
  proxy: 'proxy.carrier.example',
  realm: 'carrier.example',
  register: true,
  username: 'acct-42',
  password: SECRET,
  dtmfMode: 'rfc2833',
  ping: 30,
  transport: 'udp',
});

describe('/trunks', () => {
  it('creates a trunk whose password is write-only: sealed at rest, never in any answer', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const created = await call('POST', '/trunks', fixture.admin.session, carrier());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'carrier', host: 'sip.carrier.example:5060', register: true, username: 'acct-42', hasPassword: true, status: 'UNKNOWN', statusUpdatedAt: null, ping: 30 });
    expect(created.body).not.toContain(SECRET);
    const { id } = created.json();
    for (const url of ['/trunks', `/trunks/${id}`]) {
      const response = await call('GET', url, fixture.admin.session);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('carrier');
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toMatch(/"password"|v1:/);
    }
    const row = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('trunks').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect(row.passwordSealed).not.toContain(SECRET);
    expect(new SecretBox(TEST_ENCRYPTION_KEY).open(row.passwordSealed!)).toBe(SECRET);
    const audit = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('auditLog').select(['action', 'details']).where('targetId', '=', id).execute());
    expect(audit.map((entry) => entry.action)).toEqual(['TRUNK_CREATED']);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    const marks = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(marks.map((mark) => mark.kind)).toContain('gateways');
  });

  it('fixes settings and the password in place with PATCH; the password stays write-only', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const { admin } = fixture;
    const { id } = (await call('POST', '/trunks', admin.session, carrier('Vivo SP-01'))).json();
    const NEW_SECRET = 'N3w-Tr0nk-Secret';
    const patched = await call('PATCH', `/trunks/${id}`, admin.session, {
      name: 'Vivo SP-02',
      fromDomain: 'vivo.example',
      fromUser: '1130031234',
      registerProxy: 'reg.vivo.example',
      outboundProxy: 'out.vivo.example:5080',
      expireSeconds: 600,
      callerIdInFrom: false,
      password: NEW_SECRET,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      id, name: 'Vivo SP-02', host: 'sip.carrier.example:5060', hasPassword: true, fromDomain: 'vivo.example', fromUser: '1130031234',
      registerProxy: 'reg.vivo.example', outboundProxy: 'out.vivo.example:5080', expireSeconds: 600, callerIdInFrom: false,
    });
    expect(patched.body).not.toContain(NEW_SECRET);
    expect((await call('GET', `/trunks/${id}`, admin.session)).body).not.toContain(NEW_SECRET);
    const row = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('trunks').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect(new SecretBox(TEST_ENCRYPTION_KEY).open(row.passwordSealed!)).toBe(NEW_SECRET);
    // Leaving the password out keeps it; settings can be cleared again.
    expect((await call('PATCH', `/trunks/${id}`, admin.session, { registerProxy: null, expireSeconds: null })).json()).toMatchObject({ registerProxy: null, expireSeconds: null, hasPassword: true });
    // A registering trunk keeps its credentials: removing the password alone is refused.
    expectError(await call('PATCH', `/trunks/${id}`, admin.session, { password: null }), 400, 'TRUNK_CREDENTIALS_REQUIRED');
    expect((await call('PATCH', `/trunks/${id}`, admin.session, { register: false, password: null })).json()).toMatchObject({ register: false, hasPassword: false });
    const audit = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('auditLog').select(['action', 'details']).where('targetId', '=', id).orderBy('createdAt').execute());
    expect(audit.map((entry) => entry.action)).toEqual(['TRUNK_CREATED', 'TRUNK_UPDATED', 'TRUNK_UPDATED', 'TRUNK_UPDATED']);
    expect(JSON.stringify(audit)).not.toContain(NEW_SECRET);
    expect(audit[1]!.details).toMatchObject({ password: 'replaced' });
    for (const bad of [{}, { unknown: 1 }, { fromDomain: 'bad domain' }, { expireSeconds: 5 }, { registerProxy: 'x"/><param' }, { name: '' }, { name: '   ' }, { name: 'tab\there' }]) {
      expectError(await call('PATCH', `/trunks/${id}`, admin.session, bad), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('PATCH', `/trunks/${randomUUID()}`, admin.session, { host: 'x.example' }), 404, 'NOT_FOUND');
    // A bad password in the body is never echoed back in the error either.
    const refused = await call('PATCH', `/trunks/${id}`, admin.session, { password: `${NEW_SECRET}\n` });
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body).not.toContain(NEW_SECRET);
  });

  it('carries the carrier’s calls per second (cpsLimit, 1–1000 or null) on create, PATCH and GET; a CPS change alone leaves the gateway alone', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const { admin } = fixture;
    const created = await call('POST', '/trunks', admin.session, { ...carrier(), cpsLimit: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ cpsLimit: 30 });
    expect((await call('GET', `/trunks/${id}`, admin.session)).json()).toMatchObject({ cpsLimit: 30 });
    expect((await call('GET', '/trunks', admin.session)).json()).toEqual([expect.objectContaining({ id, cpsLimit: 30 })]);
    const marked = () =>
      t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('changedAt').where('kind', '=', 'gateways').executeTakeFirstOrThrow());
    const before = await marked();
    expect((await call('PATCH', `/trunks/${id}`, admin.session, { cpsLimit: 1000 })).json()).toMatchObject({ cpsLimit: 1000 });
    expect((await marked()).changedAt).toEqual(before.changedAt);
    expect((await call('PATCH', `/trunks/${id}`, admin.session, { cpsLimit: null })).json()).toMatchObject({ cpsLimit: null });
    expect((await call('GET', `/trunks/${id}`, admin.session)).json()).toMatchObject({ cpsLimit: null });
    // Another field with it: the gateway is rewritten.
    await call('PATCH', `/trunks/${id}`, admin.session, { cpsLimit: 5, ping: 60 });
    expect((await marked()).changedAt.getTime()).toBeGreaterThan(before.changedAt.getTime());
    for (const cpsLimit of [0, -1, 1001, 2.5, '10', true]) {
      expectError(await call('PATCH', `/trunks/${id}`, admin.session, { cpsLimit }), 400, 'VALIDATION_FAILED');
      expectError(await call('POST', '/trunks', admin.session, { ...carrier('other'), cpsLimit }), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('PATCH', `/trunks/${id}`, admin.session, { cps_limit: 10 }), 400, 'VALIDATION_FAILED');
    expect((await call('GET', `/trunks/${id}`, admin.session)).json()).toMatchObject({ cpsLimit: 5, ping: 60 });
  });

  it('takes any label as a name, unique per tenant whatever the case, deleted trunks included', async () => {
    const plan = (await t.app.inject({ method: 'POST', url: '/plans', headers: t.platform.auth, payload: { name: 'Labels', max_trunks: 10 } })).json();
    const { admin } = await createTenant(t.app, t.platform, { planId: plan.id });
    for (const name of ['Vivo SP-01', 'claro-principal', 'Operadora São Paulo']) {
      const created = await call('POST', '/trunks', admin.session, carrier(name));
      expect(created.statusCode).toBe(201);
      expect(created.json().name).toBe(name);
    }
    const taken = await call('POST', '/trunks', admin.session, carrier('VIVO sp-01'));
    expectError(taken, 409, 'ALREADY_EXISTS');
    expect(taken.json().params).toEqual({ subject: 'trunkName', value: 'VIVO sp-01' });
    const claro = (await call('GET', '/trunks', admin.session)).json().find((trunk: { name: string }) => trunk.name === 'claro-principal');
    expect((await call('DELETE', `/trunks/${claro.id}`, admin.session)).statusCode).toBe(204);
    expectError(await call('POST', '/trunks', admin.session, carrier('Claro-Principal')), 409, 'ALREADY_EXISTS');
    const vivo = (await call('GET', '/trunks', admin.session)).json().find((trunk: { name: string }) => trunk.name === 'Vivo SP-01');
    expectError(await call('PATCH', `/trunks/${vivo.id}`, admin.session, { name: 'claro-PRINCIPAL' }), 409, 'ALREADY_EXISTS');
    // Renaming to the same name in another case is the trunk's own name.
    expect((await call('PATCH', `/trunks/${vivo.id}`, admin.session, { name: 'VIVO SP-01' })).statusCode).toBe(200);
  });

  it('lets one of two parallel creates of the same name win, the other gets 409', async () => {
    const plan = (await t.app.inject({ method: 'POST', url: '/plans', headers: t.platform.auth, payload: { name: 'Race', max_trunks: 10 } })).json();
    const { admin } = await createTenant(t.app, t.platform, { planId: plan.id });
    const answers = await Promise.all(['Race Trunk', 'race trunk', 'RACE TRUNK', 'Race Trunk'].map((name) => call('POST', '/trunks', admin.session, carrier(name))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().code).toBe('ALREADY_EXISTS');
    expect((await call('GET', '/trunks', admin.session)).json()).toHaveLength(1);
  });

  it('enforces the plan quota (trial: 1 trunk), refuses a reused name (deleted too) and answers 404 once deleted', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const { id } = (await call('POST', '/trunks', session, carrier('main'))).json();
    expectError(await call('POST', '/trunks', session, carrier('second')), 403, 'QUOTA_EXCEEDED');
    expect((await call('DELETE', `/trunks/${id}`, session)).statusCode).toBe(204);
    expectError(await call('GET', `/trunks/${id}`, session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/trunks/${id}`, session), 404, 'NOT_FOUND');
    expect((await call('GET', '/trunks', session)).json()).toEqual([]);
    expectError(await call('POST', '/trunks', session, carrier('main')), 409, 'ALREADY_EXISTS');
    expect((await call('POST', '/trunks', session, carrier('second'))).statusCode).toBe(201);
  });

  it('refuses a duplicate live name with 409 when the plan allows more trunks', async () => {
    const plan = (await t.app.inject({ method: 'POST', url: '/plans', headers: t.platform.auth, payload: { name: 'Trunky', max_trunks: 5 } })).json();
    const { admin } = await createTenant(t.app, t.platform, { planId: plan.id });
    expect((await call('POST', '/trunks', admin.session, carrier('dup'))).statusCode).toBe(201);
    expectError(await call('POST', '/trunks', admin.session, carrier('dup')), 409, 'ALREADY_EXISTS');
  });

  it('isolates tenants', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const { id } = (await call('POST', '/trunks', one.admin.session, carrier())).json();
    expect((await call('GET', '/trunks', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/trunks/${id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/trunks/${id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', `/trunks/${randomUUID()}`, one.admin.session), 404, 'NOT_FOUND');
    expect((await call('POST', '/trunks', two.admin.session, carrier())).statusCode).toBe(201);
  });

  it('validates bodies', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    for (const patch of [
      { name: '' },
      { name: ' ' },
      { name: 'line\nbreak' },
      { name: 'x'.repeat(101) },
      { host: 'bad host' },
      { host: 'x.example"/><gateway' },
      { dtmfMode: 'sip' },
      { transport: 'sctp' },
      { ping: 1 },
      { username: 'a b' },
      { password: 'line\nbreak' },
    ]) {
      expectError(await call('POST', '/trunks', admin.session, { ...carrier(), ...patch }), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('POST', '/trunks', admin.session, { ...carrier(), password: undefined }), 400, 'TRUNK_CREDENTIALS_REQUIRED');
    const plain = await call('POST', '/trunks', admin.session, { name: 'ip_auth', host: '203.0.113.10' });
    expect(plain.json()).toMatchObject({ register: false, hasPassword: false, dtmfMode: 'rfc2833', transport: 'udp', username: null, ping: null, cpsLimit: null });
  });

  it('needs trunks.view to read and trunks.manage to write', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/trunks' }), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/trunks', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/trunks', supervisor.session, carrier()), 403, 'FORBIDDEN');
    expectError(await call('GET', '/trunks', agent.session), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/trunks/${randomUUID()}`, agent.session), 403, 'FORBIDDEN');
  });
});
