// Integration-test helpers: the run's migrated database, an app built on real dependencies, and
// factories so each test makes its own tenant and users (tests never depend on one another).
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { parseConfig, type Config } from '../src/config.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { Coordination } from '../src/platform/coordination/coordination.ts';
import type { ObjectStorage } from '../src/platform/storage/storage.ts';
import type { SwitchTarget } from '../src/modules/switch-admin/switch-admin.routes.ts';
import { createCoordination } from '../src/platform/coordination/index.ts';
import { openDatabase, type DatabaseHandles } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { APP_ROLE, PLATFORM_ROLE, urlForRole } from '../src/platform/db/roles.ts';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET, TEST_REDIS_URL, testRolePasswords } from './env.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export function testDatabaseUrl(): string {
  return inject('databaseUrl');
}

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    DATABASE_URL: testDatabaseUrl(),
    JWT_SECRET: TEST_JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATA_DIR: '/tmp/callcenter-test-data',
    ...env,
  });
}

/** Where local object storage keeps a tenant's files of one kind (each upload under a key of its own). */
export const tenantObjectsFolder = (tenantId: string, kind: 'prompts' | 'abandon-messages') =>
  path.join(testConfig().dataDir, 'objects', 'tenants', tenantId, kind);

/** The file names in a folder; none when it does not exist. */
export const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

export function openTestDatabase(): DatabaseHandles {
  const owner = testDatabaseUrl();
  const passwords = testRolePasswords(TEST_ENCRYPTION_KEY);
  return openDatabase(
    {
      app: urlForRole(owner, APP_ROLE, passwords[APP_ROLE]!),
      platform: urlForRole(owner, PLATFORM_ROLE, passwords[PLATFORM_ROLE]!),
    },
    4,
  );
}

/** A fresh migrated database of its own, for tests whose background services read every tenant. */
export async function createScratchDatabase(
  label: string,
): Promise<{ db: DatabaseHandles; url: string; drop(): Promise<void> }> {
  const admin = new URL(testDatabaseUrl());
  const name = `${admin.pathname.slice(1)}_${label}_${randomUUID().slice(0, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({
      connectionString: Object.assign(new URL(admin), { pathname: '/postgres' }).toString(),
    });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // A copy of the run's migrated template; migrate() then finds nothing to apply.
  await run(`CREATE DATABASE ${name} TEMPLATE ${inject('scratchTemplate')}`);
  const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  await migrate(url);
  const passwords = testRolePasswords(TEST_ENCRYPTION_KEY);
  const db = openDatabase(
    {
      app: urlForRole(url, APP_ROLE, passwords[APP_ROLE]!),
      platform: urlForRole(url, PLATFORM_ROLE, passwords[PLATFORM_ROLE]!),
    },
    4,
  );
  return {
    db,
    url,
    async drop() {
      await db.close().catch(() => undefined); // may already be closed by the app that used it
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandles;
  coordination: Coordination;
  close(): Promise<void>;
}

/** A real app on the run's database; Redis coordination with a private key prefix when asked. */
export async function startTestApp(
  options: {
    redis?: boolean;
    redisPrefix?: string;
    /** How often realtime connections re-check their session (the app's default is 15 s). */
    realtimeSessionCheckMs?: number;
    env?: Record<string, string>;
    webDistDir?: string;
    /** Shared with a switch runtime started by the caller (see switch.ts). */
    switch?: SwitchTarget;
    storage?: ObjectStorage;
    /** Where the app logs (default: nowhere), for a test that reads what was logged. */
    log?: Logger;
    db?: DatabaseHandles;
    coordination?: Coordination;
    onRoute?: AppDeps['onRoute'];
    revocationCache?: AppDeps['revocationCache'];
  } = {},
): Promise<TestApp> {
  const db = options.db ?? openTestDatabase();
  const coordination =
    options.coordination ??
    createCoordination(
      options.redis
        ? { redisUrl: TEST_REDIS_URL, keyPrefix: options.redisPrefix ?? `test:${randomUUID()}:` }
        : {},
    );
  const app = await buildApp({
    config: testConfig(options.env),
    db,
    coordination,
    log: options.log ?? pino({ level: 'silent' }),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.switch ? { switch: options.switch } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.realtimeSessionCheckMs ? { realtimeSessionCheckMs: options.realtimeSessionCheckMs } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.revocationCache ? { revocationCache: options.revocationCache } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    coordination,
    async close() {
      await app.close();
      await coordination.close();
      await db.close();
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A test file's app with a signed-in platform super admin, and requests made as any session. */
export interface TestContext extends TestApp {
  platform: Session;
  /** The request as `session` (its bearer token), with an optional JSON body. */
  call: (method: HttpMethod, url: string, session: Session, payload?: object) => Promise<LightMyRequestResponse>;
  /** POSTs `payload` as `session` and returns the created row's id; throws unless the answer is 201. */
  createId: (url: string, session: Session, payload: object) => Promise<string>;
}

/**
 * One app for the calling test file: started before its tests, closed after them. The fields are
 * filled in by then; `call` may be taken from it at once.
 */
export function useTestApp(options: Parameters<typeof startTestApp>[0] = {}): TestContext {
  const context = {
    call: (method: HttpMethod, url: string, session: Session, payload?: object) =>
      context.app.inject({ method, url, headers: session.auth, ...(payload ? { payload } : {}) }),
    createId: async (url: string, session: Session, payload: object) => {
      const response = await context.call('POST', url, session, payload);
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>().id;
    },
  } as TestContext;
  beforeAll(async () => {
    const started = await startTestApp(options);
    const admin = await createPlatformAdmin(started.db);
    Object.assign(context, started, { platform: await login(started.app, admin.email, admin.password) });
  });
  afterAll(() => context.close?.());
  return context;
}

let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
export const uniqueCode = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

/** A platform super admin straight in the database, with a known password that need not change. */
export async function createPlatformAdmin(
  db: DatabaseHandles,
): Promise<{ id: string; email: string; password: string }> {
  const email = uniqueEmail('platform');
  const row = await db.withPlatform(async (tx) =>
    tx
      .insertInto('users')
      .values({ email, passwordHash: await testPasswordHash(), platformRole: 'platform_super_admin' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id: row.id, email, password: TEST_PASSWORD };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = '10.0.0.1',
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return toSession(response.json());
}

export function toSession(body: { accessToken: string; refreshToken: string }): Session {
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}

export interface TenantFixture {
  tenant: { id: string; code: string; telephonyDomain: string };
  admin: { id: string; email: string; session: Session };
}

/** A tenant created through the API, its admin logged in with the generated password changed. */
export async function createTenant(
  app: FastifyInstance,
  platform: Session,
  body: Record<string, unknown> = {},
): Promise<TenantFixture> {
  const adminEmail = uniqueEmail('admin');
  const created = await app.inject({
    method: 'POST',
    url: '/tenants',
    headers: platform.auth,
    payload: { code: uniqueCode(), name: 'Tenant', admin: { email: adminEmail }, ...body },
  });
  if (created.statusCode !== 201)
    throw new Error(`tenant creation failed: ${created.statusCode} ${created.body}`);
  const { tenant, admin } = created.json<{
    tenant: TenantFixture['tenant'];
    admin: { id: string; email: string; password: string };
  }>();
  const first = await login(app, admin.email, admin.password);
  const changed = await app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers: first.auth,
    payload: { currentPassword: admin.password, newPassword: TEST_PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  return { tenant, admin: { id: admin.id, email: admin.email, session: toSession(changed.json()) } };
}

/** A member invited through the API, logged in with a changed password, bound to that tenant. */
export async function createMember(
  app: FastifyInstance,
  tenantAdmin: Session,
  role: 'tenant_admin' | 'supervisor' | 'agent',
): Promise<{ id: string; email: string; session: Session }> {
  const email = uniqueEmail(role);
  const invited = await app.inject({
    method: 'POST',
    url: '/users',
    headers: tenantAdmin.auth,
    payload: { email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const { user, password } = invited.json<{ user: { id: string }; password: string }>();
  const first = await login(app, email, password);
  const changed = await app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers: first.auth,
    payload: { currentPassword: password, newPassword: TEST_PASSWORD },
  });
  return { id: user.id, email, session: toSession(changed.json()) };
}

/** The contract's error body, asserted in one place. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  const body = response.json<{
    statusCode: number;
    code: string;
    requestId: string;
    message: string;
    error: string;
  }>();
  if (response.statusCode !== status || body.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.statusCode} ${response.body}`);
  }
  if (!body.requestId || body.requestId !== response.headers['x-request-id'])
    throw new Error('requestId missing or not the header');
  if (typeof body.message !== 'string' || typeof body.error !== 'string' || body.statusCode !== status) {
    throw new Error(`error body not in the contract's shape: ${response.body}`);
  }
}

/** A multipart/form-data body of one file, as a browser sends an upload: the payload and its content type. */
export function multipartFile(content: Buffer, { field = 'file', filename = 'file.bin', type = 'application/octet-stream' } = {}): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A Brazilian landline number nobody holds yet (São Paulo, 3xxx-xxxx), in E.164. */
export const uniqueDid = () => `+55113${randomInt(1_000_000, 9_999_999)}`;

/** Numbers assigned to a tenant by the platform (decision 0063): routes and caller IDs need them. */
export async function assignNumbers(app: FastifyInstance, platform: Session, tenantId: string, ...numbers: string[]): Promise<void> {
  for (const number of numbers) {
    const response = await app.inject({ method: 'POST', url: `/tenants/${tenantId}/numbers`, headers: platform.auth, payload: { number } });
    if (response.statusCode !== 201) throw new Error(`number assignment failed: ${response.statusCode} ${response.body}`);
  }
}
