// Integration-test factories for the call-center modules. Extensions belong to another module, so
// tests insert them straight into the tenant's table; members can be inserted the same way when
// they never need to log in.
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { CallCenterAgentSettings, CallCenterCommands } from '../../platform/switch/callcenter.ts';
import { uniqueEmail, type Session, type TestApp } from '../../../test/harness.ts';
import { sealedTestPassword } from '../../../test/env.ts';

let sequence = randomInt(1000, 9000);

/** An extension row of the tenant; numbers are unique within a test run. */
export async function createExtension(
  t: TestApp,
  tenantId: string,
  number = String(++sequence * 10 + randomInt(10)),
): Promise<{ id: string; number: string }> {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('extensions')
      .values({ tenantId, number, sipPasswordSealed: sealedTestPassword() })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id: row.id, number };
}

/** A member who never logs in (quota and validation tests need many). */
export async function insertMember(
  t: TestApp,
  tenantId: string,
  role: 'agent' | 'supervisor' = 'agent',
): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(role);
  const id = await t.db.withPlatform(async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({ email, passwordHash: 'not-a-real-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('tenantMemberships').values({ tenantId, userId: user.id, role }).execute();
    return user.id;
  });
  return { id, email };
}

/** An Agent of userId on a fresh extension, created through the API. */
export async function createAgent(
  t: TestApp,
  admin: Session,
  tenantId: string,
  userId: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; extensionId: string; extensionNumber: string }> {
  const extension = await createExtension(t, tenantId);
  const response = await t.app.inject({
    method: 'POST',
    url: '/agents',
    headers: admin.auth,
    payload: { userId, extensionId: extension.id, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    id: response.json<{ id: string }>().id,
    extensionId: extension.id,
    extensionNumber: extension.number,
  };
}

/** Every realtime message published while the test runs. */
export async function recordMessages(
  t: TestApp,
): Promise<{ messages: unknown[]; stop: () => Promise<void> }> {
  const messages: unknown[] = [];
  const stop = await t.coordination.subscribe((message) => messages.push(message));
  return { messages, stop };
}

/** Settings as `key=value` pairs in mod_callcenter's order, e.g. `wrap_up_time=10 max_no_answer=0 …`. */
export const settingsLine = (settings: CallCenterAgentSettings) =>
  Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');

/** A switch that records each mod_callcenter command as one line instead of sending it. */
export function recordingSwitch(): { sent: string[]; commands: CallCenterCommands } {
  const sent: string[] = [];
  const record = (line: string) => {
    sent.push(line);
    return Promise.resolve();
  };
  const commands: CallCenterCommands = {
    upsertAgent: (agent, contact, status, settings) =>
      record(`upsertAgent ${agent} ${contact} ${status} ${settingsLine(settings)}`),
    setAgentSettings: (agent, settings) => record(`setAgentSettings ${agent} ${settingsLine(settings)}`),
    setAgentStatus: (agent, status) => record(`setAgentStatus ${agent} ${status}`),
    removeAgent: (agent) => record(`removeAgent ${agent}`),
    upsertTier: (queue, agent, level, position) =>
      record(`upsertTier ${queue} ${agent} ${level} ${position}`),
    removeTier: (queue, agent) => record(`removeTier ${queue} ${agent}`),
    reloadQueue: (queue) => record(`reloadQueue ${queue}`),
  };
  return { sent, commands };
}
