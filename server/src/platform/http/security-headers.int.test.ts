// Issue 19, item 25: security headers on API answers, error answers, the console and Swagger UI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, startTestApp, useTestApp } from '../../../test/harness.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'console-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><script type="module" src="/assets/main.js"></script>',
);
writeFileSync(path.join(dist, 'assets', 'main.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ webDistDir: dist });

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const where = `${response.statusCode} ${String(response.headers['content-type'])}`;
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['referrer-policy'], where).toBe('no-referrer');
  const csp = String(response.headers['content-security-policy']);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).not.toContain('upgrade-insecure-requests');
}

describe('security headers', () => {
  it('are on API answers and on error answers', async () => {
    const ok = await t.call('GET', '/plans', t.platform);
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const unauthorized = await t.app.inject({ method: 'GET', url: '/auth/me' });
    expectError(unauthorized, 401, 'UNAUTHORIZED');
    expectSecurityHeaders(unauthorized);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/no/such/route',
      headers: { accept: 'application/json' },
    });
    expectError(missing, 404, 'ROUTE_NOT_FOUND');
    expectSecurityHeaders(missing);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expectError(invalid, 400, 'INVALID_JSON');
    expectSecurityHeaders(invalid);
  });

  it('are on the console page and its assets, with a policy that lets the console load', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(page);
    const csp = String(page.headers['content-security-policy']);
    // React's style attributes, recordings played from blob: URLs, the same-origin websocket.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("connect-src 'self' blob:");
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
  });

  it('leave Swagger UI at /docs working, with its own policy', async () => {
    const withDocs = await startTestApp({ env: { SWAGGER_ENABLED: 'true' } });
    try {
      const page = await withDocs.app.inject({ method: 'GET', url: '/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // Swagger UI's own scripts and styles, allowed by its policy rather than the console's.
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      const initializer = await withDocs.app.inject({
        method: 'GET',
        url: '/docs/static/swagger-initializer.js',
      });
      expect(initializer.statusCode).toBe(200);
      expect((await withDocs.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await withDocs.close();
    }
  });
});
