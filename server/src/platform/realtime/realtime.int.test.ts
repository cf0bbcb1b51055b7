// Socket.IO and the monitoring stream against real servers, fed through the coordination channel.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createPlatformAdmin,
  createTenant,
  login,
  startTestApp,
  type Session,
  type TenantFixture,
  type TestApp,
} from '../../../test/harness.ts';
import { realtimePublisher } from './events.ts';

let first: TestApp;
let second: TestApp;
let urls: string[];
let tenantA: TenantFixture;
let tenantB: TenantFixture;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Two instances on one Redis: what one publishes, the other delivers.
  const redisPrefix = `test:${randomUUID()}:`;
  first = await startTestApp({ redis: true, redisPrefix, realtimeSessionCheckMs: 100 });
  second = await startTestApp({ redis: true, redisPrefix, realtimeSessionCheckMs: 100 });
  urls = [await first.app.listen({ port: 0, host: '127.0.0.1' }), await second.app.listen({ port: 0, host: '127.0.0.1' })];
  const admin = await createPlatformAdmin(first.db);
  const platform = await login(first.app, admin.email, admin.password);
  tenantA = await createTenant(first.app, platform);
  tenantB = await createTenant(first.app, platform);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await first.close();
  await second.close();
});

function open(url: string, token: unknown): Promise<{ socket: Socket; error?: string }> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
  });
}

const nextEvent = (socket: Socket, type: string, ms = 3_000) =>
  new Promise<Record<string, unknown> | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.once(type, (payload: Record<string, unknown>) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('Socket.IO realtime', () => {
  it('refuses a missing or invalid token, a token without tenant, and a caller without monitoring.view', async () => {
    expect((await open(urls[0]!, undefined)).error).toBe('UNAUTHORIZED');
    expect((await open(urls[0]!, 'not-a-token')).error).toBe('UNAUTHORIZED');
    const platformSession: Session = await login(first.app, (await createPlatformAdmin(first.db)).email, 'correct-horse-battery');
    expect((await open(urls[0]!, platformSession.accessToken)).error).toBe('TENANT_REQUIRED');
    const agent = await createMember(first.app, tenantA.admin.session, 'agent');
    const refused = await open(urls[0]!, agent.session.accessToken);
    expect(refused.error).toBe('FORBIDDEN');
    expect(refused.socket.connected).toBe(false);
    // A supervisor who has not yet replaced the generated password is refused like on HTTP.
    const invited = await first.app.inject({ method: 'POST', url: '/users', headers: tenantA.admin.session.auth, payload: { email: `sup-${randomUUID().slice(0, 8)}@example.test`, role: 'supervisor' } });
    const { user, password } = invited.json<{ user: { email: string }; password: string }>();
    const pending = await login(first.app, user.email, password, '10.50.0.1');
    expect((await open(urls[0]!, pending.accessToken)).error).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it("delivers a tenant's events to its room only, across instances, with tenantId and at", async () => {
    const a = (await open(urls[1]!, tenantA.admin.session.accessToken)).socket;
    const b = (await open(urls[1]!, tenantB.admin.session.accessToken)).socket;
    expect(a.connected && b.connected).toBe(true);
    const toA = nextEvent(a, 'AGENT_STATE_CHANGED');
    const toB = nextEvent(b, 'AGENT_STATE_CHANGED', 1_000);
    await realtimePublisher(first.coordination).publish(tenantA.tenant.id, 'AGENT_STATE_CHANGED', { agentId: 'x', state: 'AVAILABLE' });
    expect(await toA).toMatchObject({ type: 'AGENT_STATE_CHANGED', tenantId: tenantA.tenant.id, agentId: 'x', at: expect.any(String) });
    expect(await toB).toBeNull();
  });

  it('ignores a room the client asks for: it stays in its own', async () => {
    const b = (await open(urls[0]!, tenantB.admin.session.accessToken)).socket;
    b.emit('join', `tenant:${tenantA.tenant.id}`);
    const leaked = nextEvent(b, 'EXTENSION_REGISTERED', 1_000);
    await realtimePublisher(second.coordination).publish(tenantA.tenant.id, 'EXTENSION_REGISTERED', { extensionId: 'e' });
    expect(await leaked).toBeNull();
  });
});

describe('GET /monitoring/stream', () => {
  it('sends a snapshot, then registration and trunk changes of its own tenant only', async () => {
    const controller = new AbortController();
    const response = await fetch(`${urls[0]}/monitoring/stream`, {
      headers: { authorization: tenantA.admin.session.auth.authorization, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
    };
    await readUntil('event: snapshot');
    await realtimePublisher(second.coordination).publish(tenantB.tenant.id, 'EXTENSION_REGISTERED', { extensionId: 'other-tenant' });
    await realtimePublisher(second.coordination).publish(tenantA.tenant.id, 'EXTENSION_REGISTERED', { extensionId: 'mine' });
    await readUntil('event: EXTENSION_REGISTERED');
    await readUntil('\n\n');
    expect(text).toContain('"extensionId":"mine"');
    await realtimePublisher(second.coordination).publish(tenantB.tenant.id, 'TRUNK_STATUS_CHANGED', { trunkId: 'other-trunk', status: 'UP' });
    await realtimePublisher(second.coordination).publish(tenantA.tenant.id, 'TRUNK_STATUS_CHANGED', { trunkId: 'my-trunk', status: 'UP' });
    await readUntil('event: TRUNK_STATUS_CHANGED');
    await readUntil('"trunkId":"my-trunk"');
    expect(text).not.toContain('other-tenant');
    expect(text).not.toContain('other-trunk');
    controller.abort();
  });

  it('needs monitoring.view', async () => {
    const agent = await createMember(first.app, tenantA.admin.session, 'agent');
    const response = await fetch(`${urls[0]}/monitoring/stream`, { headers: agent.session.auth });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('FORBIDDEN');
  });
});

describe('a realtime connection ends with its session', () => {
  it('disconnects a socket once its session is revoked, on the instance that did not revoke it', async () => {
    const supervisor = await createMember(first.app, tenantA.admin.session, 'supervisor');
    const { socket, error } = await open(urls[1]!, supervisor.session.accessToken);
    expect(error).toBeUndefined();
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await first.app.inject({ method: 'POST', url: '/auth/logout', headers: supervisor.session.auth })).statusCode).toBeLessThan(300);
    expect(await disconnected).toBe('io server disconnect');
    // And it cannot come back with the same token.
    expect((await open(urls[1]!, supervisor.session.accessToken)).error).toBe('UNAUTHORIZED');
  });

  it('ends the monitoring stream once its session is revoked', async () => {
    const supervisor = await createMember(first.app, tenantA.admin.session, 'supervisor');
    const response = await fetch(`${urls[0]}/monitoring/stream`, {
      headers: { authorization: supervisor.session.auth.authorization, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: snapshot')) text += decoder.decode((await reader.read()).value);
    expect((await second.app.inject({ method: 'POST', url: '/auth/logout', headers: supervisor.session.auth })).statusCode).toBeLessThan(300);
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
