// Integration-test factories for the dialer: a tenant with a trunk, a queue with a logged-in agent
// whose phone answers by itself on the switch simulator, a RUNNING campaign and its leads.
import { expect } from 'vitest';
import type { CampaignStatus, DialAttemptOutcome, LeadStatus } from '../src/platform/db/schema.ts';
import { DEFAULT_SIMULATION_MODEL, type SimulatedKind, type SimulationModel } from '../src/services/dialer/simulated-outcome.ts';
import { createMember, createPlatformAdmin, createTenant, login, multipartFile, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, startSwitchedApp, type SwitchedApp, until } from './switch.ts';
import { sealedTestPassword } from './env.ts';

/** Wednesday 2026-11-25 10:00 in São Paulo: inside weekday windows, no holiday anywhere. */
export const WEDNESDAY_MORNING = new Date('2026-11-25T13:00:00Z');
export const WEEKDAYS_8_TO_20 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '08:00', end: '20:00' }]]));

/** A simulation model the tests steer: one outcome at a time, short rings. */
export function steerableModel(): SimulationModel & { only(kind: SimulatedKind): void } {
  const model = {
    ...structuredClone(DEFAULT_SIMULATION_MODEL),
    ringSeconds: { ANSWER: [0.2, 0.2], BUSY: [0.2, 0.2], FAILED: [0.2, 0.2], NO_ANSWER: [0.4, 0.4] } as SimulationModel['ringSeconds'],
    meanTalkSeconds: 4,
    only(kind: SimulatedKind) {
      model.weights = { ANSWER: 0, BUSY: 0, NO_ANSWER: 0, FAILED: 0, [kind]: 1 };
    },
  };
  return model;
}

/** Never, as far as a test is concerned: the dialer's timers set to this do not fire. */
export const NEVER = 3_600_000;

/**
 * A switched app whose dialer is driven by hand (its tick and reconciliation timers never fire: the
 * test calls tick() and reconcileOrphans() itself), on Wednesday morning's calling clock and the
 * given outcome model, with a platform administrator's session.
 */
export async function startManualDialerApp(model: SimulationModel): Promise<{ t: SwitchedApp; platform: Session }> {
  const t = await startSwitchedApp({
    dialer: { tickMs: NEVER, reconcileMs: NEVER, callingClock: () => WEDNESDAY_MORNING, simulationModel: model, random: () => 0.5 },
  });
  const admin = await createPlatformAdmin(t.db);
  return { t, platform: await login(t.app, admin.email, admin.password) };
}

export interface DialerTenant {
  tenant: TenantFixture;
  auth: Session['auth'];
  trunkId: string;
}

async function post<T>(t: SwitchedApp, auth: Session['auth'], url: string, payload: unknown): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** A multipart upload of one file in the field "file", as the console sends it. */
export function uploadFile(t: SwitchedApp, auth: Session['auth'], url: string, content: Buffer, filename = 'audio.wav') {
  const { payload, contentType } = multipartFile(content, { filename, type: 'audio/wav' });
  return t.app.inject({ method: 'POST', url, payload, headers: { ...auth, 'content-type': contentType } });
}

async function settled(t: SwitchedApp, tenantId: string): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenantId), (count) => count === 0)).toBe(0);
}

/** A tenant with a trunk; on a plan of its own when `plan` is given (the trial plan is every other test's too). */
export async function dialerTenant(t: SwitchedApp, platform: Session, plan?: Record<string, unknown>, tenantBody: Record<string, unknown> = {}): Promise<DialerTenant> {
  const planId = plan ? (await post<{ id: string }>(t, platform.auth, '/plans', { name: `plan-${crypto.randomUUID()}`, ...plan })).id : undefined;
  const tenant = await createTenant(t.app, platform, { ...tenantBody, ...(planId ? { planId } : {}) });
  const auth = tenant.admin.session.auth;
  const trunk = await post<{ id: string }>(t, auth, '/trunks', { name: 'carrier', host: 'sip.carrier.example' });
  return { tenant, auth, trunkId: trunk.id };
}

/** A queue with one logged-in agent whose registered phone answers after `autoAnswerMs` (negative: never). */
export async function staffedQueue(t: SwitchedApp, owner: DialerTenant, number: string, autoAnswerMs = 200): Promise<{ queueId: string; agentId: string }> {
  const { tenant, auth } = owner;
  const extension = await post<{ id: string; domain: string; sipPassword: string }>(t, auth, '/extensions', { number });
  await settled(t, tenant.tenant.id);
  const registered = await until(
    () => t.simulator().control.register({ user: number, domain: extension.domain, password: extension.sipPassword }),
    (result) => result.ok,
  );
  expect(registered.ok).toBe(true);
  if (autoAnswerMs >= 0) t.simulator().control.phone(number, extension.domain, { autoAnswerMs });
  const member = await createMember(t.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>(t, auth, '/agents', { userId: member.id, extensionId: extension.id });
  const queue = await post<{ id: string }>(t, auth, '/queues', { name: `fila-${number}` });
  await post(t, auth, `/queues/${queue.id}/agents`, { agentId: agent.id });
  await settled(t, tenant.tenant.id);
  expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
  await until(() => t.runtime.target.esl.api(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
  await until(
    () => t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('agents').select('state').where('id', '=', agent.id).executeTakeFirstOrThrow()),
    (row) => row.state === 'AVAILABLE',
  );
  return { queueId: queue.id, agentId: agent.id };
}

let phoneSequence = 0;
/** A São Paulo mobile number no other lead of the run has. */
export const nextPhone = (ddd = '11') => `+55${ddd}9${String(Date.now() % 10_000).padStart(4, '0')}${String(++phoneSequence).padStart(4, '0')}`;

/** A campaign straight in `status` (the API's start would read the real clock), with leads. */
export async function campaignWithLeads(
  t: SwitchedApp,
  owner: DialerTenant,
  queueId: string,
  leads: Array<{ phone?: string; phones?: string[]; name?: string; status?: LeadStatus; nextAttemptAt?: Date }>,
  settings: Record<string, unknown> = {},
  status: CampaignStatus = 'RUNNING',
): Promise<{ campaignId: string; leadIds: string[] }> {
  const tenantId = owner.tenant.tenant.id;
  return t.db.withTenant(tenantId, async (tx) => {
    const { id } = await tx
      .insertInto('campaigns')
      .values({
        tenantId,
        name: `c-${Math.random().toString(36).slice(2)}`,
        queueId,
        trunkId: owner.trunkId,
        pacingMin: 1,
        pacingMax: 3,
        schedule: JSON.stringify(WEEKDAYS_8_TO_20),
        status,
        ...settings,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const leadIds: string[] = [];
    for (const lead of leads) {
      const row = await tx
        .insertInto('leads')
        .values({ tenantId, campaignId: id, phone: lead.phones?.[0] ?? lead.phone ?? nextPhone(), phones: lead.phones, name: lead.name ?? null, status: lead.status ?? 'READY', nextAttemptAt: lead.nextAttemptAt ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      leadIds.push(row.id);
    }
    return { campaignId: id, leadIds };
  });
}

export const attemptsOf = (t: SwitchedApp, tenantId: string, campaignId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('dialAttempts').selectAll().where('campaignId', '=', campaignId).orderBy('createdAt').execute());

export const leadOf = (t: SwitchedApp, tenantId: string, leadId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow());

/** Waits until the campaign has `count` ended attempts; returns them. */
export async function endedAttempts(t: SwitchedApp, tenantId: string, campaignId: string, count: number, ms = 15_000) {
  const rows = await until(
    () => attemptsOf(t, tenantId, campaignId),
    (attempts) => attempts.filter((attempt) => attempt.endedAt !== null).length >= count,
    ms,
  );
  return rows.filter((attempt) => attempt.endedAt !== null);
}

export const outcomes = (attempts: Array<{ outcome: DialAttemptOutcome | null }>) => attempts.map((attempt) => attempt.outcome);

/**
 * `count` agents of the queue that exist only in the database, AVAILABLE: pacing counts them, the
 * switch never offers them a call (for outcomes that never reach it: busy, no answer, failed).
 */
export async function paperAgents(t: SwitchedApp, tenantId: string, queueId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const userId = await t.db.withPlatform(async (tx) => {
      const user = await tx.insertInto('users').values({ email: `paper-${crypto.randomUUID()}@example.test`, passwordHash: 'not-a-real-hash' }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('tenantMemberships').values({ tenantId, userId: user.id, role: 'agent' }).execute();
      return user.id;
    });
    await t.db.withTenant(tenantId, async (tx) => {
      const extension = await tx
        .insertInto('extensions')
        .values({ tenantId, number: String(7000 + Math.floor(Math.random() * 2_000_000)), sipPasswordSealed: sealedTestPassword() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const agent = await tx.insertInto('agents').values({ tenantId, userId, extensionId: extension.id, state: 'AVAILABLE' }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('queueTiers').values({ tenantId, queueId, agentId: agent.id }).execute();
    });
  }
}

/** Runs `work` while recording every API command the platform sends to the switch. */
export async function askedDuring<T>(t: SwitchedApp, work: () => Promise<T>): Promise<{ result: T; asked: string[] }> {
  const asked: string[] = [];
  const esl = t.runtime.target.esl;
  const api = esl.api.bind(esl);
  esl.api = (command: string, timeoutMs?: number) => {
    asked.push(command);
    return api(command, timeoutMs);
  };
  try {
    return { result: await work(), asked };
  } finally {
    esl.api = api;
  }
}
