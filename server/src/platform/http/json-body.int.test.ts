// Issue 19, item 23 and part of 25: a JSON body nested past the cap, or not UTF-8, is a 400 in the
// contract's shape (with its request id), before and after authentication, and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectError, useTestApp, type TenantFixture } from '../../../test/harness.ts';
import { snapshot } from '../../../test/db-snapshot.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

const t = useTestApp();
let a: TenantFixture;
beforeAll(async () => {
  a = await createTenant(t.app, t.platform);
});

const nested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const post = (url: string, payload: string | Buffer, auth: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload,
    remoteAddress: '10.9.0.1',
  });

describe('deeply nested JSON', () => {
  it('is a 400 VALIDATION_FAILED on POST /auth/login, without a token', async () => {
    const response = await post(
      '/auth/login',
      `{"email":"a@b.test","password":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json<{ details: { message: string }[] }>().details[0]!.message).toContain(
      String(MAX_JSON_DEPTH),
    );
  });

  it('is a 400 on an authenticated write route, and nothing is written', async () => {
    const before = await snapshot(t.db, { tenantIds: [a.tenant.id], planIds: [] });
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000])
      expectError(await post('/queues', nested(depth), a.admin.session.auth), 400, 'VALIDATION_FAILED');
    expect(await snapshot(t.db, { tenantIds: [a.tenant.id], planIds: [] })).toEqual(before);
  });

  it('counts brackets inside strings as text, and lets a body within the cap through to validation', async () => {
    const name = `${'['.repeat(200)}q`;
    const created = await post('/queues', JSON.stringify({ name }), a.admin.session.auth);
    // Refused by the queue name's own rule, not by the depth cap.
    expectError(created, 400, 'VALIDATION_FAILED');
    expect(created.json<{ details: { path: string }[] }>().details[0]!.path).toBe('name');
    expectError(
      await post('/queues', nested(MAX_JSON_DEPTH - 1), a.admin.session.auth),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('JSON that is not UTF-8', () => {
  it('is a 400 INVALID_JSON, not a name with U+FFFD in it', async () => {
    const before = await snapshot(t.db, { tenantIds: [a.tenant.id], planIds: [] });
    const body = Buffer.concat([
      Buffer.from('{"name":"Vendas '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const response = await post('/queues', body, a.admin.session.auth);
    expectError(response, 400, 'INVALID_JSON');
    expect(response.json<{ message: string }>().message).toContain('UTF-8');
    expect(await snapshot(t.db, { tenantIds: [a.tenant.id], planIds: [] })).toEqual(before);
  });

  it('refuses a truncated multi-byte character on /auth/login too', async () => {
    const body = Buffer.concat([
      Buffer.from('{"email":"a@b.test","password":"caf'),
      Buffer.from([0xc3]),
      Buffer.from('"}'),
    ]);
    expectError(await post('/auth/login', body), 400, 'INVALID_JSON');
  });

  it('takes well-formed UTF-8 as sent', async () => {
    const response = await post(
      '/queues',
      Buffer.from(JSON.stringify({ name: 'atenção-ü' }), 'utf8'),
      a.admin.session.auth,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ name: string }>().name).toBe('atenção-ü');
  });
});
