import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConsoleNavigation, serveConsole } from './console.ts';

describe('isConsoleNavigation', () => {
  const html = 'text/html,application/xhtml+xml,*/*;q=0.8';
  it('serves the console to a browser navigation on a path the API also has', () => {
    expect(isConsoleNavigation('GET', '/tenants', html, undefined)).toBe(true);
  });
  it('leaves API calls alone: bearer token, JSON accept, or another method', () => {
    expect(isConsoleNavigation('GET', '/tenants', html, 'Bearer x')).toBe(false);
    expect(isConsoleNavigation('GET', '/tenants', 'application/json', undefined)).toBe(false);
    expect(isConsoleNavigation('POST', '/tenants', html, undefined)).toBe(false);
  });
  it('never answers assets or documentation with the console page', () => {
    expect(isConsoleNavigation('GET', '/assets/app.js', html, undefined)).toBe(false);
    expect(isConsoleNavigation('GET', '/docs', html, undefined)).toBe(false);
  });
});

describe('serveConsole', () => {
  it('answers /favicon.ico and /favicon.svg with the console icon, even to a browser navigation', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = Fastify();
    try {
      expect(await serveConsole(app, dist)).toBe(true);
      for (const url of ['/favicon.ico', '/favicon.svg']) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'image/avif,image/webp,*/*' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml');
        expect(response.body).toContain('<svg');
      }
      const navigation = await app.inject({
        method: 'GET',
        url: '/favicon.ico',
        headers: { accept: 'text/html,*/*' },
      });
      expect(navigation.headers['content-type']).toBe('image/svg+xml');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
