// Call-center people set up through the API: an agent with its extension and queues.
import { apiTakeOver, call, type TenantAdmin } from './api.ts';

export interface AgentAccount {
  email: string;
  password: string;
  agentId: string;
  extensionNumber: string;
  /** A token bound to the tenant. */
  token: string;
}

let sequence = 0;

/** An agent-role member who is an Agent on a new extension, serving `queues` (created by name). */
export async function apiAgent(
  baseUrl: string,
  admin: TenantAdmin,
  options: {
    name?: string;
    role?: 'agent' | 'tenant_admin';
    queues?: string[];
    existingUserId?: string;
  } = {},
): Promise<AgentAccount & { queueIds: string[] }> {
  sequence += 1;
  const extensionNumber = String(2000 + sequence);
  const extension = await call<{ id: string }>(baseUrl, '/extensions', {
    method: 'POST',
    token: admin.token,
    body: { number: extensionNumber },
  });
  let email = admin.email;
  let password = admin.password;
  let userId = options.existingUserId;
  let token = admin.token;
  if (!userId) {
    email = `agent-${Date.now().toString(36)}${sequence}@example.test`;
    const invited = await call<{ user: { id: string }; password: string }>(baseUrl, '/users', {
      method: 'POST',
      token: admin.token,
      body: { email, role: options.role ?? 'agent' },
    });
    userId = invited.user.id;
    password = 'agent-secret-password-9';
    token = await apiTakeOver(baseUrl, {
      email,
      generatedPassword: invited.password,
      newPassword: password,
      tenantId: admin.tenantId,
    });
  }
  const agent = await call<{ id: string }>(baseUrl, '/agents', {
    method: 'POST',
    token: admin.token,
    body: { userId, extensionId: extension.id, name: options.name ?? 'Ana' },
  });
  const queueIds: string[] = [];
  for (const name of options.queues ?? []) {
    const queue = await call<{ id: string }>(baseUrl, '/queues', {
      method: 'POST',
      token: admin.token,
      body: { name },
    });
    await call(baseUrl, `/queues/${queue.id}/agents`, {
      method: 'POST',
      token: admin.token,
      body: { agentId: agent.id },
    });
    queueIds.push(queue.id);
  }
  return { email, password, agentId: agent.id, extensionNumber, token, queueIds };
}

/** The id of the admin's own user, read from its token's session. */
export async function apiMyUserId(baseUrl: string, token: string): Promise<string> {
  return (await call<{ sub: string }>(baseUrl, '/auth/me', { token })).sub;
}
