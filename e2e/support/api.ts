// Setup through the HTTP API, for data a test needs but is not about.

async function call<T>(
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
