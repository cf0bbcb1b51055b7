// What every bench shares: where PostgreSQL and Redis are, the scratch database's admin, paths in
// the checkout, and two small clients (one SQL statement, one JSON request).
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Runs a child to its end and returns the last line it printed (each child prints one JSON line). */
export async function lastLine(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  return output.trim().split('\n').at(-1) ?? '';
}

export interface PlatformOptions {
  /** The checkout whose server/ is started. */
  checkout: string;
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
  /** A --cpu-prof profile is written there when the platform stops. */
  profileDir?: string | undefined;
  /** More environment (e.g. FREESWITCH_ESL_* for an external switch). */
  env?: Record<string, string>;
}

/** The platform of a checkout as `npm start` runs it (production mode); resolves its URL once it listens. */
export function startPlatform(options: PlatformOptions): { child: ChildProcess; url: Promise<string> } {
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: `${options.checkout}/server`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: options.jwtSecret,
      // Role passwords are derived from it and roles are per cluster: the tests' key changes nothing.
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PLATFORM_ADMIN_EMAIL: admin.email,
      PLATFORM_ADMIN_PASSWORD: admin.password,
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The platform logs JSON lines on stdout (request logs included); the bench drains them.
  const url = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`platform in ${options.checkout} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('platform listening')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { child, url };
}

/** Stops a child process and waits for it to be gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/**
 * A tenant (code "bench" unless told) created by the platform admin on a running platform, and its admin's token
 * (first login, password changed to the platform admin's): what each bench reads as.
 */
export async function benchTenant(base: string, code = 'bench'): Promise<{ tenantId: string; code: string; authorization: string }> {
  const platformLogin = await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify(admin) });
  const created = await json(`${base}/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformLogin.accessToken as string}` },
    body: JSON.stringify({ code, name: `Bench ${code}`, admin: { email: `${code}-tenant-admin@example.test` } }),
  });
  const tenantId = (created.tenant as { id: string }).id;
  const tenantAdmin = created.admin as { email: string; password: string };
  const first = await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify({ email: tenantAdmin.email, password: tenantAdmin.password }) });
  const changed = await json(`${base}/auth/change-password`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.accessToken as string}` },
    body: JSON.stringify({ currentPassword: tenantAdmin.password, newPassword: admin.password }),
  });
  return { tenantId, code, authorization: `Bearer ${changed.accessToken as string}` };
}
