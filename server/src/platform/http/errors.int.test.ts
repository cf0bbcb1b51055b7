// The contract's error body everywhere: code, requestId equal to the header, and nothing internal.
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createCoordination } from '../coordination/index.ts';
import { createPlatformAdmin, expectError, login, openTestDatabase, startTestApp, testConfig, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('error responses', () => {
  it('answers an unknown route with 404 in the contract shape', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/no/such/route' }), 404, 'ROUTE_NOT_FOUND');
  });

  it('puts the request id in the header, the body and the log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => { lines.push(chunk.toString()); done(); } });
    const db = openTestDatabase();
    const coordination = createCoordination({});
    const app = await buildApp({ config: testConfig(), db, coordination, log: pino({ level: 'info' }, sink) });
    try {
      const response = await app.inject({ method: 'GET', url: '/auth/me?phone=5511987654321' });
      expectError(response, 401, 'UNAUTHORIZED');
      const requestId = response.headers['x-request-id'] as string;
      const ofRequest = lines.map((line) => JSON.parse(line)).filter((entry) => entry.requestId === requestId);
      // One line per request (a terminal shows one line, not two multi-line entries), without the
      // query string (it can carry a customer's number).
      expect(ofRequest.filter((entry) => entry.msg === 'request')).toEqual([
        expect.objectContaining({ method: 'GET', url: '/auth/me', statusCode: 401, ms: expect.any(Number) }),
      ]);
      expect(ofRequest.map((entry) => entry.msg)).not.toContain('incoming request');
    } finally {
      await app.close();
      await coordination.close();
      await db.close();
    }
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const db = openTestDatabase();
    const coordination = createCoordination({});
    const app = await buildApp({ config: testConfig(), db, coordination, log: pino({ level: 'silent' }) });
    const admin = await createPlatformAdmin(db);
    const session = await login(app, admin.email, admin.password);
    await db.close(); // every query now fails inside the service
    try {
      const response = await app.inject({ method: 'GET', url: '/tenants', headers: session.auth });
      expectError(response, 500, 'INTERNAL_ERROR');
      expect(response.body).not.toMatch(/pool|pg|sql|stack|Error:/i);
    } finally {
      await app.close();
      await coordination.close();
    }
  });

  it('rejects malformed JSON with 400 and no parser text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectError(response, 400, 'INVALID_JSON');
    expect(response.json().message).toBe('The body is not valid JSON');
  });

  it('lists each invalid field in details', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 5 } });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]));
  });

  it('names the rule that refused a field and its numbers, for the console to word', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 5, password: 'x' } });
    expect(wrongType.json().details).toEqual([{ path: 'email', message: 'must be string', rule: 'type', params: { type: 'string' } }]);
    const missing = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'a@b.co' } });
    expect(missing.json().details).toEqual([{ path: 'password', message: "must have required property 'password'", rule: 'required', params: { missingProperty: 'password' } }]);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('OpenAPI', () => {
  it('is served at /docs only when SWAGGER_ENABLED=true', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/docs/json' }), 404, 'ROUTE_NOT_FOUND');
    const withDocs = await startTestApp({ env: { SWAGGER_ENABLED: 'true' } });
    try {
      const spec = (await withDocs.app.inject({ method: 'GET', url: '/docs/json' })).json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/auth/login', '/tenants', '/plans', '/users', '/platform/audit-log']));
      expect(spec.paths['/tenants'].post.requestBody).toBeDefined();
      // DELETE /suppression/:id takes its reason from an optional body or the query (issue 19, item 29).
      const removal = spec.paths['/suppression/{id}'].delete;
      expect(removal.requestBody.required).toBe(false);
      expect(removal['x-optional-body']).toBeUndefined();
      expect(removal.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'reason', required: false })]));
    } finally {
      await withDocs.close();
    }
  });
});
