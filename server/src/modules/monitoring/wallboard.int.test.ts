import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CallsTable } from '../../platform/db/schema.ts';
import { createMember, createTenant, expectError, useTestApp, type Session } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

interface WallboardBody {
  dayStartedAt: string;
  serviceLevelSeconds: number;
  queues: { queueId: string; name: string; waiting: number; longestWaitSince: string | null; answered: number; abandoned: number; serviceLevel: number | null }[];
  callsInProgress: { id: string; queueId: string | null; agentId: string | null; callerNumber: string | null }[];
  callsInProgressTotal: number;
}

const wallboard = async (session: Session) => {
  const response = await call('GET', '/monitoring/wallboard', session);
  expect(response.statusCode).toBe(200);
  return response.json<WallboardBody>();
};

const seconds = (n: number) => n * 1000;

/** A call row as the switch's events would have left it (only what the wallboard reads). */
function insertCall(tenantId: string, fields: Partial<Omit<Insertable<CallsTable>, 'id' | 'tenantId'>> & { createdAt: Date }) {
  return t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('calls')
      .values({ id: randomUUID(), tenantId, direction: 'INBOUND', callerNumber: '5511987654321', ...fields })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

async function tenantWithQueues(timezone = 'America/Sao_Paulo') {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  expect((await call('PATCH', '/tenant-settings', admin.session, { timezone })).statusCode).toBe(200);
  const queue = async (name: string) => (await call('POST', '/queues', admin.session, { name })).json<{ id: string }>().id;
  return { tenant, admin, support: await queue('Suporte'), sales: await queue('Vendas') };
}

describe('GET /monitoring/wallboard', () => {
  it('counts callers waiting now, since when the longest waits, and today’s answered, abandoned and service level per queue', async () => {
    const { tenant, admin, support, sales } = await tenantWithQueues();
    const now = Date.now();
    const { dayStartedAt } = await wallboard(admin.session);
    const today = Math.max(Date.parse(dayStartedAt) + seconds(60), now - seconds(600));
    const at = (ms: number) => new Date(ms);
    // Waiting: joined, no agent yet, still on the line. The longest joined 90 s ago.
    await insertCall(tenant.id, { queueId: support, createdAt: at(now - seconds(95)), queuedAt: at(now - seconds(90)) });
    await insertCall(tenant.id, { queueId: support, createdAt: at(now - seconds(12)), queuedAt: at(now - seconds(10)) });
    // Answered today: one within 20 s of joining, one after 45 s (still talking: answered, not waiting).
    await insertCall(tenant.id, { queueId: support, createdAt: at(today), queuedAt: at(today), bridgedAt: at(today + seconds(5)), endedAt: at(today + seconds(60)) });
    await insertCall(tenant.id, { queueId: support, createdAt: at(today), queuedAt: at(today), bridgedAt: at(today + seconds(45)) });
    // Abandoned today: left the queue without an agent.
    await insertCall(tenant.id, { queueId: support, createdAt: at(today), queuedAt: at(today), queueLeftAt: at(today + seconds(30)), queueCause: 'Cancel', endedAt: at(today + seconds(30)) });
    // Yesterday's in the tenant's time zone: not today's.
    const yesterday = at(Date.parse(dayStartedAt) - seconds(60));
    await insertCall(tenant.id, { queueId: support, createdAt: yesterday, queuedAt: yesterday, bridgedAt: yesterday, endedAt: yesterday });

    const body = await wallboard(admin.session);
    expect(body.serviceLevelSeconds).toBe(20);
    const bySupport = body.queues.find((q) => q.queueId === support)!;
    expect(bySupport).toMatchObject({ name: 'Suporte', waiting: 2, answered: 2, abandoned: 1 });
    expect(Date.parse(bySupport.longestWaitSince!)).toBe(now - seconds(90));
    expect(bySupport.serviceLevel).toBeCloseTo(1 / 3);
    expect(body.queues.find((q) => q.queueId === sales)).toMatchObject({ waiting: 0, answered: 0, abandoned: 0, longestWaitSince: null, serviceLevel: null });
    // In progress: the two waiting and the one still talking.
    expect(body.callsInProgress).toHaveLength(3);
    expect(body.callsInProgressTotal).toBe(3);
  });

  it('starts the day at midnight in the tenant’s time zone', async () => {
    for (const timezone of ['America/Sao_Paulo', 'Asia/Tokyo']) {
      const { admin } = await tenantWithQueues(timezone);
      const { dayStartedAt } = await wallboard(admin.session);
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(dayStartedAt));
      expect(local).toBe('00:00');
      expect(Date.now() - Date.parse(dayStartedAt)).toBeLessThan(seconds(86_400));
    }
  });

  it('shows only the token’s tenant, and needs monitoring.view', async () => {
    const one = await tenantWithQueues();
    const other = await tenantWithQueues();
    await insertCall(other.tenant.id, { queueId: other.support, createdAt: new Date(), queuedAt: new Date() });
    const body = await wallboard(one.admin.session);
    expect(body.queues.map((q) => q.queueId).sort()).toEqual([one.support, one.sales].sort());
    expect(body.callsInProgress).toHaveLength(0);
    const agent = await createMember(t.app, one.admin.session, 'agent');
    expectError(await call('GET', '/monitoring/wallboard', agent.session), 403, 'FORBIDDEN');
  });

  it('does not list as in progress a call the switch never closed more than a day ago', async () => {
    const { tenant, admin } = await tenantWithQueues();
    await insertCall(tenant.id, { createdAt: new Date(Date.now() - seconds(2 * 86_400)) });
    expect((await wallboard(admin.session)).callsInProgress).toHaveLength(0);
  });
});
