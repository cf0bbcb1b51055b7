// Disabling a user ends every session at once on every instance; nobody disables themselves or the
// last platform super admin, also when two admins try at the same moment.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createPlatformAdmin,
  createScratchDatabase,
  createTenant,
  expectError,
  login,
  startTestApp,
  type Session,
  type TestApp,
} from '../../../test/harness.ts';

// Long enough that only the announced revocation, not the periodic check, can close a connection.
const SESSION_CHECK_MS = 600_000;
const PROMPTLY_MS = 3_000;

let first: TestApp;
let second: TestApp;
let urls: string[];
let platform: Session;
let platformAdminId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const redisPrefix = `test:${randomUUID()}:`;
  first = await startTestApp({ redis: true, redisPrefix, realtimeSessionCheckMs: SESSION_CHECK_MS });
  second = await startTestApp({ redis: true, redisPrefix, realtimeSessionCheckMs: SESSION_CHECK_MS });
  urls = [await first.app.listen({ port: 0, host: '127.0.0.1' }), await second.app.listen({ port: 0, host: '127.0.0.1' })];
  const admin = await createPlatformAdmin(first.db);
  platformAdminId = admin.id;
  platform = await login(first.app, admin.email, admin.password);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await first.close();
  await second.close();
});

const setStatus = (app: TestApp, session: Session, userId: string, status: 'ACTIVE' | 'DISABLED') =>
  app.app.inject({ method: 'PATCH', url: `/platform/users/${userId}/status`, headers: session.auth, payload: { status } });

function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Opens the monitoring stream and waits for its snapshot; `ended` settles when the server closes it. */
async function openStream(url: string, session: Session): Promise<{ ended: Promise<void> }> {
  const response = await fetch(`${url}/monitoring/stream`, { headers: { ...session.auth, accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: snapshot')) text += decoder.decode((await reader.read()).value);
  const ended = (async () => {
    while (!(await reader.read()).done);
  })();
  return { ended };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms))]);

describe('disabling a user', () => {
  it('ends every session at once on every instance: tokens, sockets and streams; re-enabling does not revive them', async () => {
    const { admin } = await createTenant(first.app, platform);
    // Two sessions, each with its realtime connections on the other instance.
    const one = admin.session;
    const two = await login(second.app, admin.email, TEST_PASSWORD, '10.30.0.1');
    for (const session of [one, two]) expect((await second.app.inject({ method: 'GET', url: '/users', headers: session.auth })).statusCode).toBe(200);
    const socket = await openSocket(urls[1]!, one.accessToken);
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const stream = await openStream(urls[0]!, two);
    const streamOnSecond = await openStream(urls[1]!, one);

    const disabled = await setStatus(first, platform, admin.id, 'DISABLED');
    expect(disabled.json()).toMatchObject({ status: 'DISABLED' });

    // Reading and writing stop at once, on both instances.
    for (const instance of [first, second]) {
      for (const session of [one, two]) {
        expectError(await instance.app.inject({ method: 'GET', url: '/users', headers: session.auth }), 401, 'SESSION_REVOKED');
        const invite = await instance.app.inject({ method: 'POST', url: '/users', headers: session.auth, payload: { email: `x-${randomUUID().slice(0, 8)}@example.test`, role: 'agent' } });
        expectError(invite, 401, 'SESSION_REVOKED');
      }
    }
    expect(await within(socketClosed, PROMPTLY_MS, 'socket')).toBe('io server disconnect');
    await within(stream.ended, PROMPTLY_MS, 'monitoring stream');
    await within(streamOnSecond.ended, PROMPTLY_MS, 'monitoring stream');

    // Enabled again: the old sessions stay dead, a new login works.
    expect((await setStatus(second, platform, admin.id, 'ACTIVE')).json()).toMatchObject({ status: 'ACTIVE' });
    for (const session of [one, two]) {
      const refreshed = await first.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: session.refreshToken } });
      expectError(refreshed, 401, 'SESSION_REVOKED');
      expectError(await second.app.inject({ method: 'GET', url: '/users', headers: session.auth }), 401, 'SESSION_REVOKED');
    }
    const fresh = await login(first.app, admin.email, TEST_PASSWORD, '10.30.0.2');
    expect((await second.app.inject({ method: 'GET', url: '/users', headers: fresh.auth })).statusCode).toBe(200);
  });

  it('ends the sessions of a platform user without a tenant too', async () => {
    const other = await createPlatformAdmin(first.db);
    const session = await login(second.app, other.email, other.password, '10.30.0.3');
    expect((await setStatus(second, platform, other.id, 'DISABLED')).statusCode).toBe(200);
    expectError(await first.app.inject({ method: 'GET', url: '/platform/users', headers: session.auth }), 401, 'SESSION_REVOKED');
    expectError(await first.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: session.refreshToken } }), 401, 'SESSION_REVOKED');
  });
});

describe('the platform keeps an administrator', () => {
  it('refuses to disable yourself with 400 CANNOT_DISABLE_SELF, and changes nothing', async () => {
    expectError(await setStatus(first, platform, platformAdminId, 'DISABLED'), 400, 'CANNOT_DISABLE_SELF');
    const me = await first.app.inject({ method: 'GET', url: '/platform/users', headers: platform.auth });
    expect(me.json().find((user: { id: string }) => user.id === platformAdminId)).toMatchObject({ status: 'ACTIVE' });
  });

  it('leaves exactly one active super admin when the last two disable each other at the same moment', async () => {
    // A database of its own: the shared one holds every other test's super admins.
    const scratch = await createScratchDatabase('lastadmin');
    const app = await startTestApp({ db: scratch.db });
    try {
      for (let round = 0; round < 3; round += 1) {
        const a = await createPlatformAdmin(app.db);
        const b = await createPlatformAdmin(app.db);
        const [sa, sb] = [await login(app.app, a.email, a.password), await login(app.app, b.email, b.password)];
        // Only a and b are active super admins in this round.
        await app.db.withPlatform((tx) => tx.updateTable('users').set({ status: 'DISABLED' }).where('id', 'not in', [a.id, b.id]).execute());
        const [ab, ba] = await Promise.all([setStatus(app, sa, b.id, 'DISABLED'), setStatus(app, sb, a.id, 'DISABLED')]);
        const statuses = [ab.statusCode, ba.statusCode].sort();
        expect(statuses[0]).toBe(200);
        // The loser is refused by the rule, or already out because its own session ended.
        const loser = ab.statusCode === 200 ? ba : ab;
        if (loser.statusCode === 400) expectError(loser, 400, 'LAST_PLATFORM_ADMIN');
        else expectError(loser, 401, 'SESSION_REVOKED');
        const active = await app.db.withPlatform((tx) =>
          tx.selectFrom('users').select('id').where('platformRole', '=', 'platform_super_admin').where('status', '=', 'ACTIVE').execute(),
        );
        expect(active).toHaveLength(1);
      }
    } finally {
      await app.close();
      await scratch.drop();
    }
  });
});
