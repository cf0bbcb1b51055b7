// What every bench shares: where PostgreSQL and Redis are, the scratch database's admin, paths in
// the checkout, and two small clients (one SQL statement, one JSON request).
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

/**
 * A tenant "bench" created by the platform admin on a running platform, and its admin's token
 * (first login, password changed to the platform admin's): what each bench reads as.
 */
export async function benchTenant(base: string): Promise<{ tenantId: string; authorization: string }> {
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
  return { tenantId, authorization: `Bearer ${changed.accessToken as string}` };
}
