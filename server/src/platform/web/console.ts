// Serves the built React console. The console's client routes share paths with the API
// (/tenants, /users…), so a browser navigation (GET, Accept: text/html, no bearer token) gets
// index.html and the console's own fetches (Accept: application/json, bearer token) reach the API.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NEVER_HTML = ['/assets/', '/favicon.', '/socket.io', '/docs', '/api/docs'];

export function isConsoleNavigation(
  method: string,
  url: string,
  accept: string | undefined,
  authorization: string | undefined,
): boolean {
  if (method !== 'GET' || authorization) return false;
  if (!accept?.includes('text/html')) return false;
  return !NEVER_HTML.some((prefix) => url.startsWith(prefix));
}

export async function serveConsole(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    maxAge: '1y',
    immutable: true,
  });
  // The console's icon: browsers ask for /favicon.ico whatever the page links, so both paths answer it.
  const iconFile = path.join(distDir, 'favicon.svg');
  if (existsSync(iconFile)) {
    const icon = readFileSync(iconFile);
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      app.get(url, { schema: { hide: true } }, (_request, reply) =>
        reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon),
      );
    }
  }
  app.addHook('onRequest', async (request, reply) => {
    if (
      !isConsoleNavigation(request.method, request.url, request.headers.accept, request.headers.authorization)
    )
      return;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
  return true;
}
