import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { SIP_PASSWORD_LENGTH } from './extensions.service.ts';
import { TEST_ENCRYPTION_KEY } from '../../../test/env.ts';
import { assignNumbers, createMember, createTenant, expectError, type Session, type TenantFixture, uniqueDid, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

let nextNumber = 1000;
async function createExtension(admin: Session, body: object = {}) {
  const response = await call('POST', '/extensions', admin, { number: String((nextNumber += 1)), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: string; sipPassword: string; domain: string }>();
}

const auditOf = (fixture: TenantFixture, targetId: string) =>
  t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('auditLog').select(['action', 'details']).where('targetId', '=', targetId).execute());

describe('/extensions', () => {
  it('creates with a generated strong password shown once, the tenant domain and defaults', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const response = await call('POST', '/extensions', fixture.admin.session, { number: '201', callerId: 'Recepção', callGroup: 'sales' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      number: '201',
      domain: fixture.tenant.telephonyDomain,
      context: 'default',
      sipProfile: 'internal',
      codecs: ['PCMA', 'PCMU'],
      maxRegistrations: 3,
      callGroup: 'sales',
      callerId: 'Recepção',
      registeredAt: null,
      lastRegistrationFailureAt: null,
      lastRegistrationFailureIp: null,
      // What a phone needs besides user (the number), password and domain: from the configuration.
      registrar: { host: '127.0.0.1', port: 5060, transport: 'udp' },
    });
    expect(created.sipPassword).toMatch(new RegExp(`^[A-Za-z0-9]{${SIP_PASSWORD_LENGTH}}$`));

    // Sealed at rest, never the plaintext; GET and list never carry it.
    const row = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('extensions').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow());
    expect(row.sipPasswordSealed).not.toContain(created.sipPassword);
    expect(new SecretBox(TEST_ENCRYPTION_KEY).open(row.sipPasswordSealed)).toBe(created.sipPassword);
    for (const url of ['/extensions', `/extensions/${created.id}`]) {
      const body = (await call('GET', url, fixture.admin.session)).body;
      expect(body).toContain('201');
      expect(body).not.toContain(created.sipPassword);
      expect(body).not.toMatch(/sipPassword|v1:/);
    }
  });

  it('lists each extension exactly as GET /extensions/:id shows it (domain, nulls, arrays, timestamps)', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const plain = await createExtension(fixture.admin.session);
    const busy = await createExtension(fixture.admin.session, { callerId: 'Front desk', callGroup: 'sales', codecs: ['OPUS'] });
    // Microseconds the API shows truncated to milliseconds, as toISOString does.
    await t.db.withTenant(fixture.tenant.id, (tx) =>
      sql`UPDATE extensions SET registered_at = '2026-01-02 03:04:05.678901+00' WHERE id = ${busy.id}`.execute(tx),
    );
    const list = (await call('GET', '/extensions', fixture.admin.session)).json();
    expect(list.map((extension: { id: string }) => extension.id)).toEqual([plain.id, busy.id]);
    for (const extension of list) expect(extension).toEqual((await call('GET', `/extensions/${extension.id}`, fixture.admin.session)).json());
    expect(list[1]).toMatchObject({ registeredAt: '2026-01-02T03:04:05.678Z', domain: fixture.tenant.telephonyDomain, codecs: ['OPUS'] });
    expect(list[0]).toMatchObject({ registeredAt: null, callerId: null });
  });

  it('reveals the current password (audited, without the secret) and resets it', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const created = await createExtension(fixture.admin.session);
    const revealed = await call('POST', `/extensions/${created.id}/reveal-password`, fixture.admin.session);
    expect(revealed.json()).toMatchObject({ id: created.id, sipPassword: created.sipPassword, registrar: { host: '127.0.0.1', port: 5060, transport: 'udp' } });

    const reset = (await call('POST', `/extensions/${created.id}/reset-password`, fixture.admin.session)).json();
    expect(reset.sipPassword).toMatch(new RegExp(`^[A-Za-z0-9]{${SIP_PASSWORD_LENGTH}}$`));
    expect(reset.sipPassword).not.toBe(created.sipPassword);
    expect(reset.registrar).toEqual({ host: '127.0.0.1', port: 5060, transport: 'udp' });
    expect((await call('POST', `/extensions/${created.id}/reveal-password`, fixture.admin.session)).json().sipPassword).toBe(reset.sipPassword);

    const audit = await auditOf(fixture, created.id);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['EXTENSION_CREATED', 'EXTENSION_PASSWORD_REVEALED', 'EXTENSION_PASSWORD_RESET']),
    );
    expect(audit.filter((entry) => entry.action === 'EXTENSION_PASSWORD_REVEALED')).toHaveLength(2);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(created.sipPassword);
    expect(text).not.toContain(reset.sipPassword);
  });

  it('edits the editable fields and marks the directory for the switch', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const created = await createExtension(fixture.admin.session);
    await t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());
    const patched = await call('PATCH', `/extensions/${created.id}`, fixture.admin.session, { callGroup: 'support', codecs: ['OPUS', 'PCMA'], maxRegistrations: 3 });
    expect(patched.json()).toMatchObject({ callGroup: 'support', codecs: ['OPUS', 'PCMA'], maxRegistrations: 3 });
    expect(patched.body).not.toContain(created.sipPassword);
    const marks = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(marks.map((mark) => mark.kind)).toEqual(['directory']);
    expect((await call('PATCH', `/extensions/${created.id}`, fixture.admin.session, { callGroup: null })).json().callGroup).toBeNull();
  });

  it('refuses duplicates with 409, deleted numbers included; a deleted extension is 404', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const session = fixture.admin.session;
    const created = await createExtension(session, { number: '300' });
    const duplicate = await call('POST', '/extensions', session, { number: '300' });
    expectError(duplicate, 409, 'ALREADY_EXISTS');
    // What collided and its value, so the console can say it in the user's language.
    expect(duplicate.json().params).toEqual({ subject: 'extensionNumber', value: '300' });
    expect((await call('DELETE', `/extensions/${created.id}`, session)).statusCode).toBe(204);
    const gone = await call('GET', `/extensions/${created.id}`, session);
    expectError(gone, 404, 'NOT_FOUND');
    expect(gone.json().params).toEqual({ resource: 'extension' });
    expectError(await call('PATCH', `/extensions/${created.id}`, session, { callGroup: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/extensions/${created.id}`, session), 404, 'NOT_FOUND');
    expectError(await call('POST', `/extensions/${created.id}/reveal-password`, session), 404, 'NOT_FOUND');
    expectError(await call('POST', `/extensions/${created.id}/reset-password`, session), 404, 'NOT_FOUND');
    expect((await call('GET', '/extensions', session)).json()).toEqual([]);
    expectError(await call('POST', '/extensions', session, { number: '300' }), 409, 'ALREADY_EXISTS');
  });

  it('two simultaneous creations of one number: one 201, the other 409 (the unique key decides)', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const both = await Promise.all([1, 2].map(() => call('POST', '/extensions', admin.session, { number: '310' })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expectError(both.find((response) => response.statusCode === 409)!, 409, 'ALREADY_EXISTS');
  });

  it('enforces the plan quota (trial: 5 extensions); a deleted one frees its place', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await createExtension(admin.session, { number: `40${i}` }));
    expectError(await call('POST', '/extensions', admin.session, { number: '499' }), 403, 'QUOTA_EXCEEDED');
    await call('DELETE', `/extensions/${made[0]!.id}`, admin.session);
    expect((await call('POST', '/extensions', admin.session, { number: '499' })).statusCode).toBe(201);
  });

  it('isolates tenants: another tenant’s extension is invisible and 404', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const mine = await createExtension(one.admin.session, { number: '500' });
    expect((await call('GET', '/extensions', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/extensions/${mine.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/extensions/${mine.id}`, two.admin.session, { callGroup: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/extensions/${mine.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('POST', `/extensions/${mine.id}/reveal-password`, two.admin.session), 404, 'NOT_FOUND');
    // The same number is free in another tenant.
    expect((await call('POST', '/extensions', two.admin.session, { number: '500' })).statusCode).toBe(201);
    expectError(await call('GET', `/extensions/${randomUUID()}`, one.admin.session), 404, 'NOT_FOUND');
  });

  it('validates bodies: 400 with the failing field', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const bad = [
      { number: '1' },
      { number: 'abc' },
      { number: '600', codecs: ['MP3'] },
      { number: '600', codecs: [] },
      { number: '600', callGroup: 'a b' },
      { number: '600', callGroup: '"><x' },
      { number: '600', callerId: 'Evil"<x>' },
      { number: '600', maxRegistrations: 0 },
      { number: '600', context: 'Bad Context' },
      {},
    ];
    for (const body of bad) expectError(await call('POST', '/extensions', admin.session, body), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/extensions', admin.session, { number: '600', context: 'public' }), 400, 'CONTEXT_RESERVED');
    expectError(await call('GET', '/extensions/not-a-uuid', admin.session), 400, 'VALIDATION_FAILED');
    const created = await createExtension(admin.session);
    expectError(await call('PATCH', `/extensions/${created.id}`, admin.session, {}), 400, 'VALIDATION_FAILED');
  });

  it('refuses deleting an extension an inbound route still sends calls to', async () => {
    const { admin, tenant } = await createTenant(t.app, t.platform);
    const created = await createExtension(admin.session, { number: '700' });
    const did = uniqueDid();
    await assignNumbers(t.app, t.platform, tenant.id, did);
    expect((await call('POST', '/inbound-routes', admin.session, { didNumber: did, destinationType: 'EXTENSION', destinationNumber: '700' })).statusCode).toBe(201);
    expectError(await call('DELETE', `/extensions/${created.id}`, admin.session), 400, 'EXTENSION_IN_USE');
  });

  it('refuses deleting an extension an IVR option or an agent still uses, and names the use', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const target = await createExtension(admin.session, { number: '710' });
    const menu = await call('POST', '/ivr-menus', admin.session, { name: 'Menu', options: [{ digit: '1', targetExtension: '710' }] });
    expect(menu.statusCode).toBe(201);
    const inMenu = await call('DELETE', `/extensions/${target.id}`, admin.session);
    expectError(inMenu, 400, 'EXTENSION_IN_USE');
    expect(inMenu.json<{ message: string }>().message).toContain('an IVR menu');

    const phone = await createExtension(admin.session, { number: '711' });
    const member = await createMember(t.app, admin.session, 'agent');
    expect((await call('POST', '/agents', admin.session, { userId: member.id, extensionId: phone.id })).statusCode).toBe(201);
    const ofAgent = await call('DELETE', `/extensions/${phone.id}`, admin.session);
    expectError(ofAgent, 400, 'EXTENSION_IN_USE');
    expect(ofAgent.json<{ message: string }>().message).toContain('an agent');
  });

  it('needs a token, extensions.* permissions; reveal needs extensions.reveal_password', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    const created = await createExtension(admin.session);
    const supervisor = await createMember(t.app, admin.session, 'supervisor');
    const agent = await createMember(t.app, admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/extensions' }), 401, 'UNAUTHORIZED');
    expect((await call('GET', '/extensions', supervisor.session)).statusCode).toBe(200);
    expectError(await call('POST', '/extensions', supervisor.session, { number: '800' }), 403, 'FORBIDDEN');
    expectError(await call('POST', `/extensions/${created.id}/reveal-password`, supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('POST', `/extensions/${created.id}/reset-password`, supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('GET', '/extensions', agent.session), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/extensions/${created.id}`, agent.session), 403, 'FORBIDDEN');
    // 403 comes before 400: a bad body from a caller without the permission is still 403.
    expectError(await call('POST', '/extensions', agent.session, { number: 'x' }), 403, 'FORBIDDEN');
  });
});
