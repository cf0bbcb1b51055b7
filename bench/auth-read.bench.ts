// Login and an authenticated tenant-scoped read (GET /users) in requests per second, each against a
// baseline of the same run: login vs a bare Argon2id verification, GET /users vs the same read as a
// bare `pg` query. The ratios are what to compare between runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import pg from 'pg';
import { hashPassword } from '../server/src/platform/auth/passwords.ts';
import { measure } from './load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `callcenter_bench_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const admin = { email: 'bench-admin@example.test', password: 'bench-password-123' };

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

await sql(adminUrl, `CREATE DATABASE ${database}`);
const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bench-server.ts', import.meta.url))], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    PLATFORM_ADMIN_EMAIL: admin.email,
    PLATFORM_ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  const base = (JSON.parse(line) as { url: string }).url;

  // A tenant with 50 members to read.
  const platform = await json(`${base}/auth/login`, { method: 'POST', body: JSON.stringify(admin) });
  const platformAuth = { authorization: `Bearer ${platform.accessToken as string}` };
  const created = await json(`${base}/tenants`, {
    method: 'POST',
    headers: platformAuth,
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
  const tenantAuth = { authorization: `Bearer ${changed.accessToken as string}` };
  for (let i = 0; i < 49; i += 1) {
    await json(`${base}/users`, { method: 'POST', headers: tenantAuth, body: JSON.stringify({ email: `member-${i}@example.test`, role: 'agent' }) });
  }

  process.stdout.write(`\n${SECONDS} s per measurement, ${CONCURRENCY} concurrent requests\n`);
  const hash = await hashPassword(admin.password);
  const verify = await measure('baseline: Argon2id verify (in process)', () => argon2.verify(hash, admin.password), {
    concurrency: CONCURRENCY,
    seconds: SECONDS,
  });
  // Logins from many client addresses would need TRUST_PROXY; failures are not counted, so one address is fine.
  const login = await measure(
    'POST /auth/login',
    async () => (await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).ok,
    { concurrency: CONCURRENCY, seconds: SECONDS },
  );

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const bare = await measure(
    'baseline: bare pg query (members of a tenant)',
    async () => {
      const result = await pool.query(
        `SELECT u.id, u.email, u.name, u.status, m.role, u.must_change_password, m.created_at
         FROM tenant_memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1 ORDER BY u.email`,
        [tenantId],
      );
      return result.rowCount === 50;
    },
    { concurrency: CONCURRENCY, seconds: SECONDS },
  );
  await pool.end();
  const read = await measure(
    'GET /users (token, RLS transaction, JSON)',
    async () => {
      const response = await fetch(`${base}/users`, { headers: { ...tenantAuth, accept: 'application/json' } });
      await response.arrayBuffer();
      return response.ok;
    },
    { concurrency: CONCURRENCY, seconds: SECONDS },
  );

  process.stdout.write(`\nlogin / Argon2id verify:   ${(login.perSecond / verify.perSecond).toFixed(2)}\n`);
  process.stdout.write(`GET /users / bare query:   ${(read.perSecond / bare.perSecond).toFixed(2)}\n`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
