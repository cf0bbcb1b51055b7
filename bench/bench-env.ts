// What every bench shares: where PostgreSQL and Redis are, the scratch database's admin, paths in
// the checkout, and two small clients (one SQL statement, one JSON request).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
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

/** A numeric setting of a bench from its environment variable, or its default. */
export const setting = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

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

/** Stops a child process and waits for it to be gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** The platform administrator's access token on a running platform. */
export async function platformToken(base: string): Promise<string> {
  return (await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify(admin) })).accessToken as string;
}

/** The e-mail of a bench tenant's admin (the password is the platform admin's). */
export const tenantAdminEmail = (code: string) => `${code}-tenant-admin@example.test`;

export interface BenchTenant {
  tenantId: string;
  code: string;
  /** `Bearer <access token>` of the tenant's admin (monitoring.view and every tenant permission). */
  authorization: string;
}

/**
 * A tenant created by the platform admin, and its admin's token (first login, password changed to
 * the platform admin's): what a bench reads or listens as.
 */
async function createTenant(base: string, platformAccessToken: string, code: string): Promise<BenchTenant> {
  const created = await json(`${base}/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformAccessToken}` },
    body: JSON.stringify({ code, name: code, admin: { email: tenantAdminEmail(code) } }),
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

/** A tenant (code "bench" unless told) and its admin's token. */
export async function benchTenant(base: string, code = 'bench'): Promise<BenchTenant> {
  return createTenant(base, await platformToken(base), code);
}

// Logins from one address are counted before the password is checked (5 per minute, each refunded
// on success): more logins in flight than that would be refused.
const LOGINS_IN_FLIGHT = 4;

/** `count` tenants bench-0, bench-1, … and their admins' tokens, created a few at a time. */
export async function benchTenants(base: string, count: number): Promise<BenchTenant[]> {
  const token = await platformToken(base);
  const tenants: BenchTenant[] = new Array<BenchTenant>(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) tenants[index] = await createTenant(base, token, `bench-${index}`);
  };
  await Promise.all(Array.from({ length: Math.min(LOGINS_IN_FLIGHT, count) }, worker));
  return tenants;
}

export interface PlatformProcess {
  child: ChildProcess;
  /** Resolves to the base URL once the platform listens. */
  url: Promise<string>;
  /** Stops it (SIGTERM, as a deployment does) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The platform of a checkout as `npm start` runs it (production mode, its own process) on a
 * scratch database; several may run side by side on one database and Redis, each on its own port.
 */
export interface PlatformOptions {
  /** The checkout whose server/ is started. */
  checkout: string;
  databaseUrl: string;
  jwtSecret: string;
  /** A --cpu-prof profile is written there when the platform stops. */
  profileDir?: string | undefined;
  /** Its data folder; one of its own (removed when it stops) unless told. */
  dataDir?: string;
  /** More environment (e.g. FREESWITCH_ESL_* for an external switch). */
  env?: Record<string, string>;
}

export function startPlatform(options: PlatformOptions): PlatformProcess {
  const dataDir = options.dataDir ?? file(`bench/.data-${process.pid}-${(platformsStarted += 1)}`);
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
      DATA_DIR: dataDir,
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
  url.catch(() => undefined); // A platform stopped before it listened is not an unhandled rejection.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  return { child, url, stop };
}
let platformsStarted = 0;
