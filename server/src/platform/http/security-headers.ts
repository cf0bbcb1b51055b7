// Security headers on every answer (API, console, errors) through @fastify/helmet (issue 19, item 25).
// The policy fits what the console loads: its own module scripts and CSS under /assets, inline style
// attributes (React, the flow editor), the API and Socket.IO on the same origin, recordings played
// from blob: URLs. Swagger UI at /docs sends its own policy (staticCSP of @fastify/swagger-ui).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    // Same-origin fetches and the Socket.IO websocket ('self' covers ws: and wss: on the same host);
    // blob: for reading back audio the console itself made (a prompt's preview).
    connectSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    // The console is never framed: no clickjacking.
    frameAncestors: ["'none'"],
    // No upgrade-insecure-requests: a first run is served over plain HTTP on any address.
  },
};

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: { policy: 'no-referrer' },
    // Recordings and prompts are fetched by the console itself; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
}
