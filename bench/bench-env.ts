// What every bench shares: where PostgreSQL and Redis are, the scratch database's admin, paths in
// the checkout, and two small clients (one SQL statement, one JSON request).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_ENCRYPTION_KEY } from '../server/test/env.ts';

export const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of a scratch database beside the admin one. */
export const databaseUrlOf = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

/** The platform administrator each bench's platform is started with. */
export const admin = { email: 'bench-admin@example.test', password: 'bench-password-123' };

export const root = new URL('../', import.meta.url);
export const file = (relative: string) => fileURLToPath(new URL(relative, root));

/** One statement on its own connection. */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A JSON request that must succeed. */
export async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const jwtSecret = randomBytes(32).toString('base64url');

/**
 * The platform of a checkout as `npm start` runs it (production mode, its own process, serving the
 * built console); `url` resolves once it listens. With `profile`, a --cpu-prof profile is written
 * there when it stops.
 */
export function startServedPlatform(options: { checkout: string; databaseUrl: string; dataDir: string; profile?: string | undefined }): {
  child: ChildProcess;
  url: Promise<string>;
} {
  const { checkout, databaseUrl, dataDir, profile } = options;
  const child = spawn(process.execPath, [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), '--import', 'tsx', 'src/main.ts'], {
    cwd: `${checkout}/server`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: jwtSecret,
      // Role passwords are derived from it and roles are per cluster: the tests' key changes nothing.
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PLATFORM_ADMIN_EMAIL: admin.email,
      PLATFORM_ADMIN_PASSWORD: admin.password,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The platform logs JSON lines on stdout (request logs included); the bench drains them.
  const url = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`platform in ${checkout} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('platform listening')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { child, url };
}

/** Stops a platform started by startServedPlatform and waits for it to exit. */
export async function stopServedPlatform(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

/**
 * A tenant "bench" created by the platform admin on a running platform, and its admin's token
 * (first login, password changed to the platform admin's): what each bench reads as; also the
 * platform admin's token (to raise the tenant's plan limits, for instance).
 */
export async function benchTenant(base: string): Promise<{ tenantId: string; authorization: string; platformAuthorization: string }> {
  const platformLogin = await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify(admin) });
  const created = await json(`${base}/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformLogin.accessToken as string}` },
    body: JSON.stringify({ code: 'bench', name: 'Bench', admin: { email: 'tenant-admin@example.test' } }),
  });
  const tenantId = (created.tenant as { id: string }).id;
  const tenantAdmin = created.admin as { email: string; password: string };
  const first = await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify({ email: tenantAdmin.email, password: tenantAdmin.password }) });
  const changed = await json(`${base}/auth/change-password`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.accessToken as string}` },
    body: JSON.stringify({ currentPassword: tenantAdmin.password, newPassword: admin.password }),
  });
  return {
    tenantId,
    authorization: `Bearer ${changed.accessToken as string}`,
    platformAuthorization: `Bearer ${platformLogin.accessToken as string}`,
  };
}
