import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_NUMBER_RANGE } from '@callcenter/rules/phone';
import {
  assignNumbers,
  createMember,
  createTenant,
  expectError,
  uniqueDid,
  useTestApp,
} from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

/** The national written form of an E.164 São Paulo landline: +551130002000 → (11) 3000-2000. */
const written = (e164: string) => `(${e164.slice(3, 5)}) ${e164.slice(5, 9)}-${e164.slice(9)}`;

describe('/tenants/:id/numbers (platform inventory)', () => {
  it('assigns a number written in any form, stores E.164, lists it for the platform and the tenant, audits', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const number = uniqueDid();
    const created = await call('POST', `/tenants/${fixture.tenant.id}/numbers`, t.platform, {
      number: written(number),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual([{ id: expect.any(String), number, createdAt: expect.any(String) }]);
    expect(
      (await call('GET', `/tenants/${fixture.tenant.id}/numbers`, t.platform))
        .json()
        .map((row: { number: string }) => row.number),
    ).toEqual([number]);
    expect(
      (await call('GET', '/numbers', fixture.admin.session))
        .json()
        .map((row: { number: string }) => row.number),
    ).toEqual([number]);
    const audit = await t.db.withPlatform((tx) =>
      tx
        .selectFrom('auditLog')
        .select(['action', 'details'])
        .where('tenantId', '=', fixture.tenant.id)
        .where('action', '=', 'PHONE_NUMBERS_ASSIGNED')
        .execute(),
    );
    expect(audit).toHaveLength(1);
  });

  it('assigns a range all or nothing, bounded in size', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const base = 551120000000 + randomInt(0, 999_000) * 10; // (11) 2xxx-xxxx, apart from uniqueDid's 3xxx-xxxx
    const from = `+${base}`;
    const to = `+${base + 4}`;
    const created = await call('POST', `/tenants/${fixture.tenant.id}/numbers`, t.platform, {
      from: written(from),
      to,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toHaveLength(5);
    expectError(
      await call('POST', `/tenants/${fixture.tenant.id}/numbers`, t.platform, {
        from: `+${base + 5}`,
        to: `+${base + 5 + MAX_NUMBER_RANGE}`,
      }),
      400,
      'NUMBER_RANGE_TOO_LARGE',
    );
    // A range that overlaps a held number writes nothing.
    const other = await createTenant(t.app, t.platform);
    expectError(
      await call('POST', `/tenants/${other.tenant.id}/numbers`, t.platform, {
        from: `+${base + 4}`,
        to: `+${base + 8}`,
      }),
      409,
      'ALREADY_EXISTS',
    );
    expect((await call('GET', `/tenants/${other.tenant.id}/numbers`, t.platform)).json()).toEqual([]);
  });

  it('refuses bad bodies with a clear 4xx', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const url = `/tenants/${fixture.tenant.id}/numbers`;
    expectError(await call('POST', url, t.platform, { number: '190' }), 400, 'INVALID_PHONE_NUMBER');
    expectError(await call('POST', url, t.platform, { number: 'abc' }), 400, 'INVALID_PHONE_NUMBER');
    expectError(
      await call('POST', url, t.platform, { number: uniqueDid(), extra: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await call('POST', url, t.platform, { from: uniqueDid() }), 400, 'VALIDATION_FAILED');
    expectError(
      await call('POST', url, t.platform, { from: '+551130002005', to: '+551130002000' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('POST', `/tenants/00000000-0000-4000-8000-000000000000/numbers`, t.platform, {
        number: uniqueDid(),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('gives a number to one tenant only, also under parallel requests', async () => {
    const one = await createTenant(t.app, t.platform);
    const two = await createTenant(t.app, t.platform);
    const number = uniqueDid();
    const answers = await Promise.all(
      [one, two].map((fixture) =>
        call('POST', `/tenants/${fixture.tenant.id}/numbers`, t.platform, { number }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const holders = await t.db.withPlatform((tx) =>
      tx.selectFrom('phoneNumbers').select('tenantId').where('number', '=', number).execute(),
    );
    expect(holders).toHaveLength(1);
  });

  it('releases a number unless a route or a campaign uses it', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const [routed, free] = [uniqueDid(), uniqueDid()];
    await assignNumbers(t.app, t.platform, fixture.tenant.id, routed, free);
    expect((await call('POST', '/extensions', fixture.admin.session, { number: '101' })).statusCode).toBe(
      201,
    );
    const route = await call('POST', '/inbound-routes', fixture.admin.session, {
      didNumber: written(routed),
      destinationType: 'EXTENSION',
      destinationNumber: '101',
    });
    expect(route.json()).toMatchObject({ didNumber: routed });
    expectError(
      await call('DELETE', `/tenants/${fixture.tenant.id}/numbers/${encodeURIComponent(routed)}`, t.platform),
      400,
      'NUMBER_IN_USE',
    );
    expect(
      (await call('DELETE', `/tenants/${fixture.tenant.id}/numbers/${encodeURIComponent(free)}`, t.platform))
        .statusCode,
    ).toBe(204);
    expectError(
      await call('DELETE', `/tenants/${fixture.tenant.id}/numbers/${encodeURIComponent(free)}`, t.platform),
      404,
      'NOT_FOUND',
    );
    expect(
      (await call('GET', '/numbers', fixture.admin.session))
        .json()
        .map((row: { number: string }) => row.number),
    ).toEqual([routed]);
    const audit = await t.db.withPlatform((tx) =>
      tx
        .selectFrom('auditLog')
        .select('action')
        .where('tenantId', '=', fixture.tenant.id)
        .where('action', '=', 'PHONE_NUMBER_RELEASED')
        .execute(),
    );
    expect(audit).toHaveLength(1);
  });

  it('is for platform users; a tenant reads its own list with the routes or campaigns view permission', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const agent = await createMember(t.app, fixture.admin.session, 'agent');
    expectError(
      await call('GET', `/tenants/${fixture.tenant.id}/numbers`, fixture.admin.session),
      403,
      'PLATFORM_ONLY',
    );
    expectError(
      await call('POST', `/tenants/${fixture.tenant.id}/numbers`, fixture.admin.session, {
        number: uniqueDid(),
      }),
      403,
      'PLATFORM_ONLY',
    );
    expectError(await call('GET', '/numbers', agent.session), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/numbers' }), 401, 'UNAUTHORIZED');
    const other = await createTenant(t.app, t.platform);
    await assignNumbers(t.app, t.platform, other.tenant.id, uniqueDid());
    expect((await call('GET', '/numbers', fixture.admin.session)).json()).toEqual([]);
  });
});
