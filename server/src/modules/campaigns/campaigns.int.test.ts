// Campaigns against the real database: validation against the tenant's own queues and trunks,
// quota, tenant isolation, the state machine's operations (every refused move a 400 that changes
// nothing), delete refused while active, audit and CAMPAIGN_STATUS_CHANGED.
import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { assignNumbers, createMember, createTenant, expectError, type Session, uniqueDid, useTestApp } from '../../../test/harness.ts';
import { CampaignStatusChangedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import { realtimeEventOf } from '../../platform/realtime/events.ts';
import { recordMessages } from '../agents/test-support.ts';

const t = useTestApp();
const { call } = t;

/** A tenant with a queue and a trunk to point campaigns at. */
async function tenantWithRoutes() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queue = (await call('POST', '/queues', session, { name: 'Vendas' })).json<{ id: string }>();
  const trunk = (await call('POST', '/trunks', session, { name: 'Operadora', host: 'sip.carrier.example:5060', register: false })).json<{ id: string }>();
  expect(queue.id && trunk.id).toBeTruthy();
  const number = uniqueDid();
  await assignNumbers(t.app, t.platform, fixture.tenant.id, number);
  return { ...fixture, session, queueId: queue.id, trunkId: trunk.id, number };
}

const body = (routes: { queueId: string; trunkId: string }, extra: Record<string, unknown> = {}) => ({
  name: `Campanha ${randomUUID().slice(0, 6)}`,
  queueId: routes.queueId,
  trunkId: routes.trunkId,
  pacingMin: 1,
  pacingMax: 2.5,
  ...extra,
});

async function createCampaign(session: Session, payload: Record<string, unknown>) {
  const response = await call('POST', '/campaigns', session, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; status: string; operations: string[]; schedule: unknown; timezone: string }>();
}

/** Puts a campaign in a status directly (the moves into READY come with leads, a later part). */
const forceStatus = (tenantId: string, id: string, status: string) =>
  t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: status as never }).where('id', '=', id).execute());

const stored = (tenantId: string, id: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

describe('/campaigns', () => {
  it('creates a DRAFT with the defaults (São Paulo, Monday to Friday 09:00–18:00), reads it back and audits', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes, { name: '  Black Friday  ', callerId: `(11) ${routes.number.slice(5, 9)}-${routes.number.slice(9)}` }));
    expect(created).toMatchObject({
      name: 'Black Friday',
      status: 'DRAFT',
      pacingMin: 1,
      pacingMax: 2.5,
      recordingEnabled: false,
      timezone: 'America/Sao_Paulo',
      callerId: routes.number,
      maxAttempts: 3,
      operations: ['stop'],
    });
    expect(created.schedule).toEqual(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:00', end: '18:00' }]])));
    expect((await call('GET', `/campaigns/${created.id}`, routes.session)).json()).toEqual(created);
    expect((await call('GET', '/campaigns', routes.session)).json<{ id: string }[]>().map((one) => one.id)).toEqual([created.id]);
    const audit = await t.db.withPlatform((tx) => tx.selectFrom('auditLog').select(['action', 'targetType']).where('targetId', '=', created.id).execute());
    expect(audit).toEqual([{ action: 'CAMPAIGN_CREATED', targetType: 'campaign' }]);
  });

  it('refuses another tenant’s queue or trunk, unknown ids, pacingMin above pacingMax, a bad schedule or time zone, unknown keys; nothing is written', async () => {
    const routes = await tenantWithRoutes();
    const other = await tenantWithRoutes();
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(routes, { queueId: other.queueId }), 'INVALID_QUEUE'],
      [body(routes, { trunkId: other.trunkId }), 'UNKNOWN_TRUNK'],
      [body(routes, { queueId: randomUUID() }), 'INVALID_QUEUE'],
      [body(routes, { pacingMin: 3, pacingMax: 2 }), 'INVALID_PACING'],
      [body(routes, { timezone: 'Mars/Olympus' }), 'INVALID_TIMEZONE'],
      [body(routes, { schedule: { mon: [{ start: '18:00', end: '09:00' }] } }), 'INVALID_SCHEDULE'],
      [body(routes, { schedule: { mon: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } }), 'INVALID_SCHEDULE'],
      [body(routes, { schedule: { holiday: [] } }), 'VALIDATION_FAILED'],
      [body(routes, { schedule: { mon: [{ start: '9h', end: '18:00' }] } }), 'VALIDATION_FAILED'],
      [body(routes, { tenantId: other.tenant.id }), 'VALIDATION_FAILED'],
      [body(routes, { status: 'RUNNING' }), 'VALIDATION_FAILED'],
      [body(routes, { pacingMax: 11 }), 'VALIDATION_FAILED'],
      // Only the tenant's own numbers, whatever else it is: the same refusal says nothing about who holds it.
      ...['190', '192', '000', '0900 123 4567', '+1 212 555 0100', other.number, uniqueDid()].map(
        (callerId): [Record<string, unknown>, string] => [body(routes, { callerId }), 'NUMBER_NOT_ASSIGNED'],
      ),
      [body(routes, { callerId: 'x'.repeat(41) }), 'VALIDATION_FAILED'],
      [body(routes, { name: 'Black\u0000Friday' }), 'VALIDATION_FAILED'],
      [body(routes, { maxAttempts: 1e12 }), 'VALIDATION_FAILED'],
      [body(routes, { pacingMin: 1.001 }), 'VALIDATION_FAILED'],
      [body(routes, { timezone: '../../etc/localtime' }), 'INVALID_TIMEZONE'],
    ];
    for (const [payload, code] of cases) expectError(await call('POST', '/campaigns', routes.session, payload), 400, code);
    expect((await call('GET', '/campaigns', routes.session)).json()).toEqual([]);
  });

  it('edits a campaign, checking a changed side of the pacing against the stored one', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes));
    expectError(await call('PATCH', `/campaigns/${created.id}`, routes.session, { pacingMin: 3 }), 400, 'INVALID_PACING');
    const patched = await call('PATCH', `/campaigns/${created.id}`, routes.session, { pacingMax: 4, pacingMin: 3, recordingEnabled: true, schedule: { sat: [{ start: '09:00', end: '13:00' }] } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ pacingMin: 3, pacingMax: 4, recordingEnabled: true, schedule: { sat: [{ start: '09:00', end: '13:00' }] } });
    expectError(await call('PATCH', `/campaigns/${created.id}`, routes.session, {}), 400, 'VALIDATION_FAILED');
  });

  it('takes any pacing of two decimals, also those binary floating point cannot write exactly (1.15, 2.35, 9.99), and still refuses a third decimal', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes, { pacingMin: 1.15, pacingMax: 4.35 }));
    expect(created).toMatchObject({ pacingMin: 1.15, pacingMax: 4.35 });
    const patched = await call('PATCH', `/campaigns/${created.id}`, routes.session, { pacingMin: 2.35, pacingMax: 9.99 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ pacingMin: 2.35, pacingMax: 9.99 });
    expect(await stored(routes.tenant.id, created.id)).toMatchObject({ pacingMin: 2.35, pacingMax: 9.99 });
    for (const pacingMin of [1.005, 1.151, 1.0000001]) expectError(await call('PATCH', `/campaigns/${created.id}`, routes.session, { pacingMin }), 400, 'VALIDATION_FAILED');
    expect(await stored(routes.tenant.id, created.id)).toMatchObject({ pacingMin: 2.35 });
  });

  it('a name is unique in the tenant (deleted ones count); another tenant may use it', async () => {
    const routes = await tenantWithRoutes();
    const other = await tenantWithRoutes();
    const first = await createCampaign(routes.session, body(routes, { name: 'Cobrança' }));
    expectError(await call('POST', '/campaigns', routes.session, body(routes, { name: 'Cobrança' })), 409, 'ALREADY_EXISTS');
    await createCampaign(other.session, body(other, { name: 'Cobrança' }));
    expect((await call('DELETE', `/campaigns/${first.id}`, routes.session)).statusCode).toBe(204);
    expectError(await call('POST', '/campaigns', routes.session, body(routes, { name: 'Cobrança' })), 409, 'ALREADY_EXISTS');
  });

  it('enforces the plan quota (trial: 2 campaigns), also under parallel creations; a deleted campaign frees its place', async () => {
    const routes = await tenantWithRoutes();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/campaigns', routes.session, body(routes))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
    const first = responses.find((response) => response.statusCode === 201)!.json<{ id: string }>();
    expect((await call('DELETE', `/campaigns/${first.id}`, routes.session)).statusCode).toBe(204);
    await createCampaign(routes.session, body(routes));
  });

  it('keeps each tenant’s campaigns to itself: 404 for another tenant’s, never listed', async () => {
    const routes = await tenantWithRoutes();
    const other = await tenantWithRoutes();
    const theirs = await createCampaign(other.session, body(other));
    for (const [method, url, payload] of [
      ['GET', `/campaigns/${theirs.id}`, undefined],
      ['PATCH', `/campaigns/${theirs.id}`, { pacingMax: 3 }],
      ['DELETE', `/campaigns/${theirs.id}`, undefined],
      ['POST', `/campaigns/${theirs.id}/stop`, undefined],
    ] as const) {
      expectError(await call(method, url, routes.session, payload), 404, 'NOT_FOUND');
    }
    expect((await call('GET', '/campaigns', routes.session)).json()).toEqual([]);
    expect(await stored(other.tenant.id, theirs.id)).toMatchObject({ status: 'DRAFT', pacingMax: 2.5, deletedAt: null });
  });

  it('a queue or trunk a campaign dials through cannot be deleted until the campaign is', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes, { name: 'Renovação' }));
    for (const url of [`/queues/${routes.queueId}`, `/trunks/${routes.trunkId}`]) {
      const refused = await call('DELETE', url, routes.session);
      expectError(refused, 400, 'USED_BY_CAMPAIGN');
      expect(refused.json()).toMatchObject({ params: { campaigns: 'Renovação' } });
    }
    expect((await call('DELETE', `/campaigns/${created.id}`, routes.session)).statusCode).toBe(204);
    expect((await call('DELETE', `/trunks/${routes.trunkId}`, routes.session)).statusCode).toBe(204);
    expect((await call('DELETE', `/queues/${routes.queueId}`, routes.session)).statusCode).toBe(204);
  });

  it('needs campaigns.view to read and campaigns.manage to write', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes));
    const agent = await createMember(t.app, routes.session, 'agent');
    const supervisor = await createMember(t.app, routes.session, 'supervisor');
    expectError(await call('GET', '/campaigns', agent.session), 403, 'FORBIDDEN');
    expectError(await call('POST', `/campaigns/${created.id}/stop`, agent.session), 403, 'FORBIDDEN');
    expect((await call('GET', '/campaigns', supervisor.session)).statusCode).toBe(200);
    expect((await call('POST', `/campaigns/${created.id}/stop`, supervisor.session)).statusCode).toBe(200);
  });
});

describe('campaign operations', () => {
  it('starts a READY campaign, pauses, refuses pausing it again (400, nothing changed), resumes, drains and stops; each move audited and emitted', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes, { schedule: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ start: '00:00', end: '24:00' }]])) }));
    await forceStatus(routes.tenant.id, created.id, 'READY');
    const recorder = await recordMessages(t);
    const moves: string[] = [];
    try {
      for (const operation of ['start', 'pause'] as const) {
        const response = await call('POST', `/campaigns/${created.id}/${operation}`, routes.session);
        expect(response.statusCode, response.body).toBe(200);
        moves.push(response.json<{ status: string }>().status);
      }
      const before = await stored(routes.tenant.id, created.id);
      const again = await call('POST', `/campaigns/${created.id}/pause`, routes.session);
      expectError(again, 400, 'INVALID_CAMPAIGN_TRANSITION');
      expect(again.json()).toMatchObject({ params: { status: 'PAUSED', operation: 'pause' } });
      expect(await stored(routes.tenant.id, created.id)).toEqual(before);
      for (const operation of ['start', 'drain', 'stop'] as const) {
        const response = await call('POST', `/campaigns/${created.id}/${operation}`, routes.session);
        expect(response.statusCode, response.body).toBe(200);
        moves.push(response.json<{ status: string }>().status);
      }
      expectError(await call('POST', `/campaigns/${created.id}/start`, routes.session), 400, 'INVALID_CAMPAIGN_TRANSITION');
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await recorder.stop();
    }
    expect(moves).toEqual(['RUNNING', 'PAUSED', 'RUNNING', 'DRAINING', 'STOPPED']);
    const emitted = recorder.messages.map(realtimeEventOf).filter((event) => event?.type === 'CAMPAIGN_STATUS_CHANGED' && event.tenantId === routes.tenant.id);
    expect(emitted.map((event) => [event!.previousStatus, event!.status, event!.cause])).toEqual([
      ['READY', 'RUNNING', 'start'],
      ['RUNNING', 'PAUSED', 'pause'],
      ['PAUSED', 'RUNNING', 'start'],
      ['RUNNING', 'DRAINING', 'drain'],
      ['DRAINING', 'STOPPED', 'stop'],
    ]);
    for (const event of emitted) {
      const { type: _type, tenantId: _tenant, at: _at, ...payload } = event!;
      expect(Value.Check(CampaignStatusChangedPayload, payload), JSON.stringify(payload)).toBe(true);
    }
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('details').where('action', '=', 'CAMPAIGN_STATUS_CHANGED').where('targetId', '=', created.id).execute(),
    );
    expect(audit).toHaveLength(5);
  });

  it('a start outside the calling windows waits for the schedule', async () => {
    const routes = await tenantWithRoutes();
    // No window on any day: never inside the schedule.
    const created = await createCampaign(routes.session, body(routes, { schedule: {} }));
    await forceStatus(routes.tenant.id, created.id, 'READY');
    expect((await call('POST', `/campaigns/${created.id}/start`, routes.session)).json()).toMatchObject({ status: 'WAITING_SCHEDULE', operations: ['pause', 'drain', 'stop'] });
  });

  it('refuses to delete a RUNNING or DRAINING campaign (400, kept), deletes a PAUSED one', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes));
    for (const status of ['RUNNING', 'DRAINING']) {
      await forceStatus(routes.tenant.id, created.id, status);
      expectError(await call('DELETE', `/campaigns/${created.id}`, routes.session), 400, 'CAMPAIGN_ACTIVE');
      expect(await stored(routes.tenant.id, created.id)).toMatchObject({ deletedAt: null, status });
    }
    await forceStatus(routes.tenant.id, created.id, 'PAUSED');
    expect((await call('DELETE', `/campaigns/${created.id}`, routes.session)).statusCode).toBe(204);
    expectError(await call('GET', `/campaigns/${created.id}`, routes.session), 404, 'NOT_FOUND');
  });

  it('parallel operations on one campaign are serialised: exactly one pause wins', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes));
    await forceStatus(routes.tenant.id, created.id, 'RUNNING');
    const responses = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/campaigns/${created.id}/pause`, routes.session)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('refuses an unknown operation and a malformed id (400)', async () => {
    const routes = await tenantWithRoutes();
    const created = await createCampaign(routes.session, body(routes));
    expectError(await call('POST', `/campaigns/${created.id}/resume`, routes.session), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/campaigns/not-a-uuid/stop', routes.session), 400, 'VALIDATION_FAILED');
  });
});
