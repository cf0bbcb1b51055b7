import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CallsTable } from '../../platform/db/schema.ts';
import { createMember, createTenant, expectError, useTestApp, type Session } from '../../../test/harness.ts';
import { queueCall, type EntrySpec } from '../reports/test-support.ts';
import type { Wallboard } from '@callcenter/rules/monitoring/wallboard-shapes';

const t = useTestApp();
const { call } = t;

const wallboard = async (session: Session) => {
  const response = await call('GET', '/monitoring/wallboard', session);
  expect(response.statusCode).toBe(200);
  return response.json<Wallboard>();
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
  it('counts callers waiting now and today’s queue numbers as the queue report does: the queue’s threshold and targets, the tenant’s formula', async () => {
    const { tenant, admin, support, sales } = await tenantWithQueues();
    expect((await call('PATCH', `/queues/${support}`, admin.session, { serviceLevelSeconds: 30, serviceLevelTarget: 0.9, abandonRateTarget: 0.03 })).statusCode).toBe(200);
    const now = Date.now();
    const { dayStartedAt } = await wallboard(admin.session);
    const today = new Date(Math.max(Date.parse(dayStartedAt) + seconds(60), now - seconds(600)));
    const entry = (spec: Omit<EntrySpec, 'queueId'>) => queueCall(t.db, tenant.id, { queueId: support, serviceLevelSeconds: 30, ...spec });
    // Waiting: joined, no agent yet. The longest joined 90 s ago.
    await entry({ joinedAt: new Date(now - seconds(90)) });
    await entry({ joinedAt: new Date(now - seconds(10)) });
    // Answered today: within the queue's 30 s, after 25 s and 45 s (the last still talking: answered, not waiting).
    await entry({ joinedAt: today, answerAfter: 25, leaveAfter: 60 });
    await entry({ joinedAt: today, answerAfter: 45 });
    // Abandoned today after 40 s, and a short abandon after 3 s.
    await entry({ joinedAt: today, leaveAfter: 40 });
    await entry({ joinedAt: today, leaveAfter: 3 });
    // Yesterday's in the tenant's time zone: not today's.
    await entry({ joinedAt: new Date(Date.parse(dayStartedAt) - seconds(60)), answerAfter: 1, leaveAfter: 10 });

    const body = await wallboard(admin.session);
    expect(body.serviceLevelFormula).toBe('EXCLUDE_SHORT_ABANDONS');
    const bySupport = body.queues.find((q) => q.queueId === support)!;
    expect(bySupport).toMatchObject({
      name: 'Suporte', waiting: 2, offered: 6, answered: 2, abandoned: 2, shortAbandoned: 1,
      serviceLevelSeconds: 30, serviceLevelTarget: 0.9, abandonRateTarget: 0.03,
    });
    expect(Date.parse(bySupport.longestWaitSince!)).toBe(now - seconds(90));
    // Answered within 30 s: 1, over offered minus the short abandon: 5 (the two waiting included).
    expect(bySupport.serviceLevel).toBeCloseTo(1 / 5);
    expect(bySupport.abandonRate).toBeCloseTo(1 / 5);
    expect(body.queues.find((q) => q.queueId === sales)).toMatchObject({
      waiting: 0, offered: 0, answered: 0, abandoned: 0, longestWaitSince: null, serviceLevel: null, abandonRate: null, serviceLevelSeconds: 20,
    });
    // In progress: the two waiting and the one still talking.
    expect(body.callsInProgress).toHaveLength(3);
    expect(body.callsInProgressTotal).toBe(3);

    // The same numbers as the dashboard's today, by the formula the tenant picks.
    expect((await call('PATCH', '/tenant-settings', admin.session, { serviceLevelFormula: 'ANSWERED_ONLY' })).statusCode).toBe(200);
    const answeredOnly = (await wallboard(admin.session)).queues.find((q) => q.queueId === support)!;
    expect(answeredOnly.serviceLevel).toBeCloseTo(1 / 2);
    const dashboard = (await call('GET', '/reports/dashboard', admin.session)).json<{ today: { serviceLevel: number | null; offered: number } }>();
    expect(dashboard.today).toMatchObject({ offered: 6, serviceLevel: answeredOnly.serviceLevel });
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
    await queueCall(t.db, other.tenant.id, { queueId: other.support, joinedAt: new Date() });
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
