// Setup through the HTTP API, for data a test needs but is not about.

export async function call<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const body = await call<{ accessToken: string }>(baseUrl, '/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return body.accessToken;
}

export async function apiCreateTenant(
  baseUrl: string,
  platformToken: string,
  tenant: { code: string; name: string; adminEmail: string },
): Promise<{ tenantId: string; adminPassword: string }> {
  const body = await call<{ tenant: { id: string }; admin: { password: string } }>(baseUrl, '/tenants', {
    method: 'POST',
    token: platformToken,
    body: { code: tenant.code, name: tenant.name, admin: { email: tenant.adminEmail } },
  });
  return { tenantId: body.tenant.id, adminPassword: body.admin.password };
}

export async function apiBaseDomain(baseUrl: string, platformToken: string): Promise<string> {
  const body = await call<{ baseDomain: string }>(baseUrl, '/platform/system-config', {
    token: platformToken,
  });
  return body.baseDomain;
}

/** Replaces a generated password and returns a token bound to the tenant. */
export async function apiTakeOver(
  baseUrl: string,
  account: { email: string; generatedPassword: string; newPassword: string; tenantId: string },
): Promise<string> {
  const first = await apiLogin(baseUrl, account.email, account.generatedPassword);
  const changed = await call<{ accessToken: string }>(baseUrl, '/auth/change-password', {
    method: 'POST',
    token: first,
    body: { currentPassword: account.generatedPassword, newPassword: account.newPassword },
  });
  const selected = await call<{ accessToken: string }>(baseUrl, '/auth/select-tenant', {
    method: 'POST',
    token: changed.accessToken,
    body: { tenantId: account.tenantId },
  });
  return selected.accessToken;
}

export interface TenantAdmin {
  tenantId: string;
  email: string;
  password: string;
  /** A token bound to the tenant, for setup calls. */
  token: string;
}

/** A fresh tenant whose admin has already chosen a password: ready to sign in to the console. */
export async function apiTenantAdmin(
  baseUrl: string,
  platformAdmin: { email: string; password: string },
  label: string,
): Promise<TenantAdmin> {
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `admin-${label}-${stamp}@example.test`;
  const tenant = await apiCreateTenant(baseUrl, platformToken, {
    code: `${label}-${stamp}`.slice(0, 31),
    name: `${label} Ltda`,
    adminEmail: email,
  });
  const password = 'tenant-admin-secret-1';
  const token = await apiTakeOver(baseUrl, {
    email,
    generatedPassword: tenant.adminPassword,
    newPassword: password,
    tenantId: tenant.tenantId,
  });
  return { tenantId: tenant.tenantId, email, password, token };
}
