// Real outages: the app talks to the real PostgreSQL and Redis through a TCP relay that the test
// cuts and restores. While one is unreachable every request answers 503 with its code and
// Retry-After (never 500), the log says so once per outage, and the app recovers by itself.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { io as connect } from 'socket.io-client';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createCoordination, type Coordination } from '../coordination/index.ts';
import { openDatabase } from '../db/database.ts';
import { APP_ROLE, PLATFORM_ROLE, urlForRole } from '../db/roles.ts';
import {
  createPlatformAdmin,
  createTenant,
  expectError,
  login,
  openTestDatabase,
  testConfig,
  testDatabaseUrl,
  uniqueCode,
  uniqueEmail,
  type Session,
} from '../../../test/harness.ts';
import { TEST_ENCRYPTION_KEY, TEST_REDIS_URL, testRolePasswords } from '../../../test/env.ts';
import { TcpProxy } from '../../../test/tcp-proxy.ts';
import { coordinationErrorHandler, DependencyOutages } from './dependency-outages.ts';

type LogLine = { level: number; msg: string; dependency?: string };

function capturedLog() {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, sink),
    lines,
    withMessage: (msg: string) => lines.filter((line) => line.msg === msg),
  };
}

async function until(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectUnavailable(response: LightMyRequestResponse, code: string): void {
  expectError(response, 503, code);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.body).not.toMatch(/ECONN|pg|redis|stack|Error:/i);
}

/** A list, a write, a login and the monitoring stream, made at once. */
function everyKindOfRequest(
  app: FastifyInstance,
  platform: Session,
  tenantAdmin: Session,
  refusedCode: string,
) {
  return Promise.all([
    app.inject({ method: 'GET', url: '/tenants', headers: platform.auth }),
    app.inject({
      method: 'POST',
      url: '/tenants',
      headers: platform.auth,
      payload: { code: refusedCode, name: 'Never', admin: { email: uniqueEmail() } },
    }),
    app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: uniqueEmail(), password: 'whatever-password' },
    }),
    app.inject({ method: 'GET', url: '/monitoring/stream', headers: tenantAdmin.auth }),
  ]);
}

async function expectRecovered(
  app: FastifyInstance,
  platform: Session,
  refusedCode: string,
  log: ReturnType<typeof capturedLog>,
  dependency: string,
) {
  await until(
    async () =>
      (await app.inject({ method: 'GET', url: '/tenants', headers: platform.auth })).statusCode === 200,
  );
  await until(() => log.withMessage('dependency available again').length > 0);
  expect(log.withMessage('dependency unavailable').map((line) => [line.level, line.dependency])).toEqual([
    [40, dependency],
  ]);
  expect(log.withMessage('dependency available again').map((line) => [line.level, line.dependency])).toEqual([
    [30, dependency],
  ]);
  expect(log.withMessage('request failed')).toEqual([]);
  const tenants = (await app.inject({ method: 'GET', url: '/tenants', headers: platform.auth })).json<
    { code: string }[]
  >();
  expect(tenants.some((tenant) => tenant.code === refusedCode)).toBe(false);
}

describe('database outage', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, logs the outage once, and recovers', async () => {
    const target = new URL(testDatabaseUrl());
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    const owner = proxy.via(testDatabaseUrl());
    const passwords = testRolePasswords(TEST_ENCRYPTION_KEY);
    const db = openDatabase(
      {
        app: urlForRole(owner, APP_ROLE, passwords[APP_ROLE]!),
        platform: urlForRole(owner, PLATFORM_ROLE, passwords[PLATFORM_ROLE]!),
      },
      4,
    );
    const coordination = createCoordination({});
    const log = capturedLog();
    const app = await buildApp({ config: testConfig(), db, coordination, log: log.logger });
    try {
      const platform = await login(app, (await createPlatformAdmin(db)).email, 'correct-horse-battery');
      const tenant = await createTenant(app, platform);
      const refusedCode = uniqueCode();

      // A transaction holds its connection when the database goes: it fails, the process lives.
      const held = db.withTenant(tenant.tenant.id, async (tx) => {
        await sql`SELECT pg_sleep(5)`.execute(tx);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await proxy.cut();
      await expect(held).rejects.toThrow();
      for (let round = 0; round < 3; round++) {
        for (const response of await everyKindOfRequest(app, platform, tenant.admin.session, refusedCode))
          expectUnavailable(response, 'DATABASE_UNAVAILABLE');
      }

      await proxy.restore();
      await expectRecovered(app, platform, refusedCode, log, 'database');
    } finally {
      await app.close();
      await coordination.close();
      await db.close();
      await proxy.close();
    }
  });
});

describe('Redis outage', () => {
  it('answers 503 CACHE_UNAVAILABLE fast with Retry-After, refuses the socket handshake cleanly, logs once, and recovers', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const db = openTestDatabase();
    const log = capturedLog();
    // Wired as runtime.ts wires it: the Redis client's own error events feed the same tracker.
    const outages = new DependencyOutages(log.logger, {
      database: () => db.ping(),
      cache: () => coordination.ping(),
    });
    const coordination: Coordination = createCoordination({
      redisUrl: proxy.via(TEST_REDIS_URL),
      keyPrefix: `test:${randomUUID()}:`,
      onError: coordinationErrorHandler(log.logger, outages),
    });
    const app = await buildApp({ config: testConfig(), db, coordination, log: log.logger, outages });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const handshake = (token: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
        socket.once('connect', () => {
          socket.disconnect();
          resolve('connected');
        });
        socket.once('connect_error', (error) => resolve(error.message));
      });
    try {
      const platform = await login(app, (await createPlatformAdmin(db)).email, 'correct-horse-battery');
      const tenant = await createTenant(app, platform);
      const refusedCode = uniqueCode();

      await proxy.cut();
      // Some seconds into the outage, when a client backing off between reconnections would hold
      // each command until its next attempt: a request must still fail fast.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      for (let round = 0; round < 3; round++) {
        const started = Date.now();
        for (const response of await everyKindOfRequest(app, platform, tenant.admin.session, refusedCode))
          expectUnavailable(response, 'CACHE_UNAVAILABLE');
        expect(Date.now() - started).toBeLessThan(1_200);
      }
      expect(await handshake(tenant.admin.session.accessToken)).toBe('CACHE_UNAVAILABLE');

      await proxy.restore();
      await expectRecovered(app, platform, refusedCode, log, 'cache');
      expect(await handshake(tenant.admin.session.accessToken)).toBe('connected');
    } finally {
      await app.close();
      await coordination.close();
      await db.close();
      await proxy.close();
    }
  });
});
