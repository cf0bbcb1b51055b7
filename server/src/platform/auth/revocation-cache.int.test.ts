// The guard's cache of "not revoked" answers across two real instances sharing PostgreSQL and
// Redis: a revocation on one instance ends the session on the other within the channel's delivery,
// and a subscriber that lost its connection never trusts what it remembered before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, expectError, login, startTestApp, type TestApp } from '../../../test/harness.ts';
import { TEST_REDIS_URL } from '../../../test/env.ts';
import { TcpProxy } from '../../../test/tcp-proxy.ts';
import { createCoordination } from '../coordination/index.ts';
import { revokedSessionFlag } from './guard.ts';
import { E } from '../http/error-codes.ts';

const keyPrefix = `test:${randomUUID()}:`;
// Long enough that only an announcement or a channel change can end a remembered answer here.
const cache = { ttlMs: 60_000, maxEntries: 1_000 };
let a: TestApp;
let b: TestApp;
let proxy: TcpProxy;
let admin: { email: string; password: string };

beforeAll(async () => {
  const target = new URL(TEST_REDIS_URL);
  proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
  a = await startTestApp({ redis: true, redisPrefix: keyPrefix, revocationCache: cache });
  // B reaches Redis through a relay the test can cut.
  const coordination = createCoordination({ redisUrl: proxy.via(TEST_REDIS_URL), keyPrefix, onError: () => undefined });
  b = await startTestApp({ coordination, db: a.db, revocationCache: cache });
  admin = await createPlatformAdmin(a.db);
});

afterAll(async () => {
  await b?.app.close();
  await b?.coordination.close();
  await a?.close();
  await proxy?.close();
});

const me = (app: TestApp, authorization: string) => app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization } });

/** Resolves once `app`'s instance has heard the next revocation announcement (its guard first). */
async function nextAnnouncement(app: TestApp): Promise<() => Promise<void>> {
  let heard!: () => void;
  const done = new Promise<void>((resolve) => (heard = resolve));
  const stop = await app.coordination.subscribe((message) => {
    if ((message as { kind?: string } | null)?.kind === 'sessions-revoked') heard();
  });
  return async () => {
    await done;
    await stop();
  };
}

async function waitForChannel(app: TestApp, live: boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (app.coordination.channelLive() !== live) {
    if (Date.now() > deadline) throw new Error(`channel never became ${live ? 'live' : 'down'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('revocation cache across instances', () => {
  it('remembers "not revoked" on B: a flag set without an announcement is not read again', async () => {
    const session = await login(a.app, admin.email, admin.password);
    expect((await me(b, session.auth.authorization)).statusCode).toBe(200);
    await a.coordination.setFlag(revokedSessionFlag(tokenSid(session.accessToken)), 60);
    // Served from the cache: proves the Redis round trip is skipped (the lever this cache exists for).
    expect((await me(b, session.auth.authorization)).statusCode).toBe(200);
    // A, which never cached an answer for it, asks Redis and refuses.
    expect((await me(a, session.auth.authorization)).statusCode).toBe(401);
  });

  it('a logout on A makes the next request on B 401 once the announcement is delivered', async () => {
    const session = await login(a.app, admin.email, admin.password);
    expect((await me(b, session.auth.authorization)).statusCode).toBe(200);
    const delivered = await nextAnnouncement(b);
    const logout = await a.app.inject({ method: 'POST', url: '/auth/logout', headers: session.auth });
    expect(logout.statusCode).toBeLessThan(300);
    await delivered();
    const refused = await me(b, session.auth.authorization);
    expectError(refused, 401, E.SESSION_REVOKED);
  });

  it('B drops the whole cache when its subscriber loses Redis, and does not use it while down', async () => {
    const session = await login(a.app, admin.email, admin.password);
    expect((await me(b, session.auth.authorization)).statusCode).toBe(200);
    await proxy.cut();
    await waitForChannel(b, false);
    // Down: no answer from memory; Redis is asked and is unreachable.
    expect((await me(b, session.auth.authorization)).statusCode).toBe(503);
    // Revoked while B could not hear the announcement.
    await a.coordination.setFlag(revokedSessionFlag(tokenSid(session.accessToken)), 60);
    await proxy.restore();
    await waitForChannel(b, true);
    expect((await me(b, session.auth.authorization)).statusCode).toBe(401);
  });
});

it('bounds how long and how many answers are kept', async () => {
  const { RevocationCache } = await import('./revocation-cache.ts');
  let now = 0;
  const channel = { live: () => true, onChange: () => () => undefined, onSessionsRevoked: () => () => undefined };
  const small = new RevocationCache(channel, { ttlMs: 1_000, maxEntries: 2, now: () => now });
  let reads = 0;
  const check = () => {
    reads += 1;
    return Promise.resolve(false);
  };
  for (const id of ['s1', 's2', 's3']) await small.isRevoked(id, check);
  expect(small.size).toBe(2);
  await small.isRevoked('s3', check);
  expect(reads).toBe(3);
  await small.isRevoked('s1', check); // evicted: read again
  expect(reads).toBe(4);
  now = 1_001;
  await small.isRevoked('s3', check); // expired: read again
  expect(reads).toBe(5);
});

/** The session id a token speaks for (its `sid` claim). */
function tokenSid(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}
