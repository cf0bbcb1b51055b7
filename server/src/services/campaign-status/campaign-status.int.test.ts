// The system's campaign moves on a database of its own (the review reads every tenant), with two
// "instances" on one Redis.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, createScratchDatabase, createTenant, login, startTestApp, type TestApp } from '../../../test/harness.ts';
import { TEST_REDIS_URL } from '../../../test/env.ts';
import { until } from '../../../test/switch.ts';
import { createCoordination } from '../../platform/coordination/index.ts';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { CampaignStatus, LeadStatus } from '../../platform/db/schema.ts';
import { realtimeEventOf, realtimePublisher, type RealtimeEvent } from '../../platform/realtime/events.ts';
import { CampaignStatusKeeper, causeOf } from './campaign-status.service.ts';

const log = pino({ level: 'silent' });
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let app: TestApp;
let db: DatabaseHandles;
let tenantId: string;
let queueId: string;
let trunkId: string;
const prefix = `test:${randomUUID()}:`;
const coordinations: Coordination[] = [];
const keeper = () => {
  const coordination = createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
  coordinations.push(coordination);
  return new CampaignStatusKeeper({ db, coordination, realtime: realtimePublisher(coordination), log });
};
// Monday 2026-11-23 10:00 and Sunday 2026-11-22 10:00 in São Paulo (UTC-3).
const MONDAY_MORNING = new Date('2026-11-23T13:00:00Z');
const SUNDAY_MORNING = new Date('2026-11-22T13:00:00Z');
const WEEKDAYS_9_TO_18 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:00', end: '18:00' }]]));

beforeAll(async () => {
  scratch = await createScratchDatabase('campaign_status');
  db = scratch.db;
  app = await startTestApp({ db });
  const admin = await createPlatformAdmin(db);
  const platform = await login(app.app, admin.email, admin.password);
  tenantId = (await createTenant(app.app, platform)).tenant.id;
  ({ queueId, trunkId } = await db.withTenant(tenantId, async (tx) => {
    const queue = await tx.insertInto('queues').values({ tenantId, name: `q-${randomUUID()}` }).returning('id').executeTakeFirstOrThrow();
    const trunk = await tx
      .insertInto('trunks')
      .values({ tenantId, name: `t-${randomUUID()}`, host: 'sip.example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { queueId: queue.id, trunkId: trunk.id };
  }));
});
afterAll(async () => {
  for (const coordination of coordinations) await coordination.close();
  await app?.close();
  await scratch?.drop();
});

/** A campaign in `status`, with leads in the given statuses and `inFlight` calls not ended. */
async function campaign(status: CampaignStatus, leads: LeadStatus[], inFlight = 0): Promise<string> {
  return db.withTenant(tenantId, async (tx) => {
    const { id } = await tx
      .insertInto('campaigns')
      .values({ tenantId, name: `c-${randomUUID()}`, queueId, trunkId, pacingMin: 1, pacingMax: 2, schedule: JSON.stringify(WEEKDAYS_9_TO_18), status })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, lead] of leads.entries()) {
      await tx.insertInto('leads').values({ tenantId, campaignId: id, phone: `+55119876500${String(index).padStart(2, '0')}`, status: lead }).execute();
    }
    for (let call = 0; call < inFlight; call++) {
      await tx.insertInto('calls').values({ id: randomUUID(), tenantId, direction: 'OUTBOUND', campaignId: id, createdAt: new Date() }).execute();
    }
    return id;
  });
}

const statusOf = (id: string) =>
  db.withTenant(tenantId, (tx) => tx.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).then((row) => row.status);

describe('CampaignStatusKeeper', () => {
  it('moves RUNNING to WAITING_SCHEDULE outside its windows and back inside them, audited and emitted to the tenant', async () => {
    const id = await campaign('RUNNING', ['READY']);
    const other = await campaign('RUNNING', ['READY']);
    const heard: RealtimeEvent[] = [];
    const listener = createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
    coordinations.push(listener);
    await listener.subscribe((message) => {
      const event = realtimeEventOf(message);
      if (event?.type === 'CAMPAIGN_STATUS_CHANGED' && event.campaignId === id) heard.push(event);
    });
    const instance = keeper();

    const sunday = await instance.review(SUNDAY_MORNING);
    expect(sunday.moves).toContainEqual({ campaignId: id, status: 'WAITING_SCHEDULE', previousStatus: 'RUNNING', cause: 'schedule', userId: null });
    expect(await statusOf(id)).toBe('WAITING_SCHEDULE');
    expect(await statusOf(other)).toBe('WAITING_SCHEDULE');
    // Nothing more to do until the window opens.
    expect((await instance.review(SUNDAY_MORNING)).moves.filter((move) => move.campaignId === id)).toEqual([]);

    await instance.review(MONDAY_MORNING);
    expect(await statusOf(id)).toBe('RUNNING');
    await until(() => heard.length, (count) => count >= 2);
    expect(heard.map((event) => [event.previousStatus, event.status, event.tenantId])).toEqual([
      ['RUNNING', 'WAITING_SCHEDULE', tenantId],
      ['WAITING_SCHEDULE', 'RUNNING', tenantId],
    ]);
    const audit = await db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select(['actorUserId', 'tenantId', 'details']).where('action', '=', 'CAMPAIGN_STATUS_CHANGED').where('targetId', '=', id).orderBy('createdAt').execute(),
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorUserId: null, tenantId, details: { from: 'RUNNING', to: 'WAITING_SCHEDULE', cause: 'schedule', inSchedule: false } });
  });

  it('waits while no lead left may be called under the state policies it observes, and runs while one may', async () => {
    // Saturday 2026-11-28 10:00 in São Paulo and Rio: the campaign calls on Saturdays, Rio's law does not allow it.
    const saturdayMorning = new Date('2026-11-28T13:00:00Z');
    const everyDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((day) => [day, [{ start: '08:00', end: '20:00' }]]));
    const withLeads = (phones: string[]) =>
      db.withTenant(tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('campaigns')
          .values({ tenantId, name: `c-${randomUUID()}`, queueId, trunkId, pacingMin: 1, pacingMax: 2, schedule: JSON.stringify(everyDay), status: 'RUNNING', callingPolicies: ['RJ_TELEMARKETING'] })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const phone of phones) await tx.insertInto('leads').values({ tenantId, campaignId: id, phone }).execute();
        return id;
      });
    const rioOnly = await withLeads(['+5521987650001', '+5521987650002']);
    const rioAndSaoPaulo = await withLeads(['+5521987650003', '+5511987650004']);
    await keeper().review(saturdayMorning);
    expect(await statusOf(rioOnly)).toBe('WAITING_SCHEDULE');
    expect(await statusOf(rioAndSaoPaulo)).toBe('RUNNING');
  });

  it('completes a campaign with nothing left to dial and nothing in flight, and only then', async () => {
    const done = await campaign('RUNNING', ['DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED']);
    const waitingCallback = await campaign('RUNNING', ['COMPLETED', 'CALLBACK']);
    const stillTalking = await campaign('RUNNING', ['COMPLETED'], 1);
    const waitingAndDone = await campaign('WAITING_SCHEDULE', ['DO_NOT_CALL']);
    await keeper().review(MONDAY_MORNING);
    expect(await statusOf(done)).toBe('COMPLETED');
    expect(await statusOf(waitingCallback)).toBe('RUNNING');
    expect(await statusOf(stillTalking)).toBe('RUNNING');
    expect(await statusOf(waitingAndDone)).toBe('COMPLETED');
  });

  it('stops a draining campaign once its calls ended, never while one is up; leaves paused and stopped ones alone', async () => {
    const drained = await campaign('DRAINING', ['READY']);
    const draining = await campaign('DRAINING', ['READY'], 2);
    const paused = await campaign('PAUSED', ['DO_NOT_CALL']);
    const stopped = await campaign('STOPPED', ['READY']);
    await keeper().review(SUNDAY_MORNING);
    expect(await statusOf(drained)).toBe('STOPPED');
    expect(await statusOf(draining)).toBe('DRAINING');
    expect(await statusOf(paused)).toBe('PAUSED');
    expect(await statusOf(stopped)).toBe('STOPPED');
  });

  it('one instance reviews at a time: the other skips while the lock is held', async () => {
    const id = await campaign('RUNNING', ['READY']);
    const other = createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
    coordinations.push(other);
    const held = (await other.acquireLock('campaign-status', 10_000))!;
    expect(held).not.toBeNull();
    expect(await keeper().review(SUNDAY_MORNING)).toEqual({ skipped: true, moves: [] });
    expect(await statusOf(id)).toBe('RUNNING');
    await held.release();
    expect((await keeper().review(SUNDAY_MORNING)).skipped).toBe(false);
    expect(await statusOf(id)).toBe('WAITING_SCHEDULE');
  });

  it('leaves the campaigns of a suspended tenant as they are', async () => {
    const id = await campaign('RUNNING', ['READY']);
    await db.withPlatform((tx) => tx.updateTable('tenants').set({ status: 'SUSPENDED' }).where('id', '=', tenantId).execute());
    try {
      await keeper().review(SUNDAY_MORNING);
      expect(await statusOf(id)).toBe('RUNNING');
    } finally {
      await db.withPlatform((tx) => tx.updateTable('tenants').set({ status: 'ACTIVE' }).where('id', '=', tenantId).execute());
    }
  });

  it('names the cause of each move', () => {
    expect(causeOf('RUNNING', 'COMPLETED')).toBe('completed');
    expect(causeOf('DRAINING', 'STOPPED')).toBe('drained');
    expect(causeOf('WAITING_SCHEDULE', 'RUNNING')).toBe('schedule');
  });
});
