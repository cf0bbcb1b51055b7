// GET /calls, GET /calls/:id and PATCH /calls/:id/disposition on rows inserted straight into the
// tables (the switch's event handlers fill them in production), under row-level security.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp, type Session, type TenantFixture } from '../../../test/harness.ts';
import { createAgent } from '../agents/test-support.ts';
import type { Call, CallDetail, CallList } from './calls.schema.ts';
import { SAME_MOBILE } from './phone-forms.test-support.ts';
import { insertCall, insertDisposition, insertEvent, insertLeg, insertRecording } from './test-support.ts';

const t = useTestApp();

let a: TenantFixture;
let b: TenantFixture;
let agent1: { id: string; session: Session; agentId: string; extensionId: string; extensionNumber: string };
let agent2: { id: string; session: Session; agentId: string };
let noAgent: { id: string; session: Session };
let supervisor: { id: string; session: Session };
let queueId: string;
let trunkId: string;
const campaignId = randomUUID();
const base = Date.parse('2026-06-01T12:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000);
const calls: Record<string, string> = {};

const list = async (session: Session, query = '') => {
  const response = await t.call('GET', `/calls${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CallList>();
};
const ids = (page: CallList) => page.items.map((item) => item.id);

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  const s = a.admin.session;
  const m1 = await createMember(t.app, s, 'agent');
  const m2 = await createMember(t.app, s, 'agent');
  noAgent = await createMember(t.app, s, 'agent');
  supervisor = await createMember(t.app, s, 'supervisor');
  const ag1 = await createAgent(t, s, a.tenant.id, m1.id);
  const ag2 = await createAgent(t, s, a.tenant.id, m2.id);
  agent1 = { ...m1, agentId: ag1.id, extensionId: ag1.extensionId, extensionNumber: ag1.extensionNumber };
  agent2 = { ...m2, agentId: ag2.id };
  queueId = await t.createId('/queues', s, { name: 'sales' });
  trunkId = await t.createId('/trunks', s, { name: 'carrier', host: 'sip.example.test' });
  const tenant = a.tenant.id;
  // Oldest first; each filter below matches a known subset.
  calls.queue1 = await insertCall(t, tenant, { createdAt: at(1), queueId, agentId: agent1.agentId, callerNumber: '+55 11 98765-4321' });
  calls.queue2 = await insertCall(t, tenant, { createdAt: at(2), queueId, agentId: agent2.agentId, callerNumber: '011987654321', hangupCause: 'NO_ANSWER' });
  calls.ext = await insertCall(t, tenant, { createdAt: at(3), direction: 'INTERNAL', extensionId: agent1.extensionId, callerNumber: agent1.extensionNumber, calledNumber: '1999' });
  calls.out = await insertCall(t, tenant, {
    createdAt: at(4),
    direction: 'OUTBOUND',
    trunkId,
    campaignId,
    agentId: agent1.agentId,
    callerNumber: '1130000000',
    calledNumber: '5511987654321',
    disposition: 'SALE',
  });
  calls.other = await insertCall(t, tenant, { createdAt: at(5), callerNumber: '11987654322', hangupCause: 'USER_BUSY' });
  calls.live = await insertCall(t, tenant, { createdAt: at(6), endedAt: null, hangupCause: null, agentId: agent1.agentId, callerNumber: '21999990000' });
  calls.theirs = await insertCall(t, b.tenant.id, { createdAt: at(7), callerNumber: '+5511987654321' });
});

describe('GET /calls', () => {
  it("lists the tenant's calls newest first, in the contract's page shape", async () => {
    const page = await list(a.admin.session);
    expect(ids(page)).toEqual([calls.live, calls.other, calls.out, calls.ext, calls.queue2, calls.queue1]);
    expect(page).toMatchObject({ total: 6, totalExact: true, page: 1, pageSize: 50 });
    const second = await list(a.admin.session, '?page=2&pageSize=4');
    expect(ids(second)).toEqual([calls.queue2, calls.queue1]);
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
  });

  it('names the extension, queue, trunk and agent of each call, and says what is still open', async () => {
    const items = (await list(a.admin.session)).items;
    const byId = (id: string) => items.find((item) => item.id === id)!;
    expect(byId(calls.ext!)).toMatchObject({ direction: 'INTERNAL', extensionId: agent1.extensionId, extensionNumber: agent1.extensionNumber });
    expect(byId(calls.queue1!)).toMatchObject({ queueId, queueName: 'sales', agentId: agent1.agentId });
    expect(byId(calls.queue1!).agentName).toEqual(expect.any(String));
    expect(byId(calls.out!)).toMatchObject({ trunkId, trunkName: 'carrier', campaignId, disposition: 'SALE' });
    expect(byId(calls.live!)).toMatchObject({ endedAt: null, hangupCause: null });
  });

  it('narrows by every filter of the contract', async () => {
    const s = a.admin.session;
    const cases: [string, string[]][] = [
      [`?from=${at(2).toISOString()}&to=${at(4).toISOString()}`, [calls.ext!, calls.queue2!]],
      [`?extension=${agent1.extensionNumber}`, [calls.ext!]],
      [`?agentId=${agent1.agentId}`, [calls.live!, calls.out!, calls.queue1!]],
      [`?queueId=${queueId}`, [calls.queue2!, calls.queue1!]],
      [`?campaignId=${campaignId}`, [calls.out!]],
      [`?trunkId=${trunkId}`, [calls.out!]],
      ['?hangupCause=USER_BUSY', [calls.other!]],
      ['?hangupCause=no_answer', [calls.queue2!]],
      ['?disposition=SALE', [calls.out!]],
      [`?agentId=${agent1.agentId}&queueId=${queueId}`, [calls.queue1!]],
      ['?extension=99999', []],
      [`?agentId=${randomUUID()}`, []],
    ];
    for (const [query, expected] of cases) expect(ids(await list(s, query)), query).toEqual(expected);
  });

  it('finds a phone number in any written form, as caller or called, whatever form the switch wrote', async () => {
    // queue1 +55 11 98765-4321 (caller), queue2 011987654321 (caller), out 5511987654321 (called).
    for (const form of SAME_MOBILE) {
      const page = await list(a.admin.session, `?phone=${encodeURIComponent(form)}`);
      expect(ids(page), form).toEqual([calls.out, calls.queue2, calls.queue1]);
      expect(page.total).toBe(3);
    }
    expect(ids(await list(a.admin.session, '?phone=11987654322'))).toEqual([calls.other]);
    expect(ids(await list(a.admin.session, `?phone=${agent1.extensionNumber}`))).toEqual([calls.ext]);
    // Part of a number (here without its area code) finds every call whose number contains it.
    expect(ids(await list(a.admin.session, '?phone=98765-4321'))).toEqual([calls.out, calls.queue2, calls.queue1]);
    expect(ids(await list(a.admin.session, '?phone=4322'))).toEqual([calls.other]);
    expect((await list(a.admin.session, '?phone=4322')).total).toBe(1);
  });

  it("never shows another tenant's calls", async () => {
    expect(ids(await list(b.admin.session))).toEqual([calls.theirs]);
    expect(ids(await list(a.admin.session, '?phone=5511987654321'))).not.toContain(calls.theirs);
    expectError(await t.call('GET', `/calls/${calls.theirs}`, a.admin.session), 404, 'NOT_FOUND');
  });

  it('shows an agent with calls.view_own only the calls its own Agent answered', async () => {
    expect(ids(await list(agent1.session))).toEqual([calls.live, calls.out, calls.queue1]);
    expect(ids(await list(agent1.session, `?queueId=${queueId}`))).toEqual([calls.queue1]);
    // Asking for another agent's calls narrows to nothing, never widens.
    expect(await list(agent1.session, `?agentId=${agent2.agentId}`)).toMatchObject({ items: [], total: 0 });
    expect(ids(await list(agent2.session))).toEqual([calls.queue2]);
    expect(await list(noAgent.session)).toMatchObject({ items: [], total: 0, totalExact: true });
    // A supervisor holds calls.view: every call.
    expect((await list(supervisor.session)).total).toBe(6);
  });

  it('refuses filters that are not what they say, and ignores unknown query keys as every list does', async () => {
    const s = a.admin.session;
    for (const query of ['?agentId=nope', '?from=yesterday', '?pageSize=501', '?page=0', '?phone=%2B()', '?extension=1a', '?hangupCause=a%20b']) {
      expectError(await t.call('GET', `/calls${query}`, s), 400, 'VALIDATION_FAILED');
    }
    expectError(await t.call('GET', `/calls?from=${at(5).toISOString()}&to=${at(1).toISOString()}`, s), 400, 'VALIDATION_FAILED');
    expect(ids(await list(s, '?bogus=1&tenantId=x'))).toHaveLength(6);
  });

  it('needs calls.view or calls.view_own and a tenant', async () => {
    expect((await t.call('GET', '/calls', t.platform)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/calls' })).statusCode).toBe(401);
  });
});

describe('the count of a large list', () => {
  it('is exact up to 10,000 rows past the page and a flagged lower bound beyond', async () => {
    const big = await createTenant(t.app, t.platform);
    await t.db.withTenant(big.tenant.id, (tx) =>
      sql`INSERT INTO calls (id, tenant_id, direction, created_at)
          SELECT gen_random_uuid(), ${big.tenant.id}, 'INBOUND', now() FROM generate_series(1, 10060)`.execute(tx),
    );
    expect(await list(big.admin.session, '?pageSize=10')).toMatchObject({ total: 10_010, totalExact: false });
    expect(await list(big.admin.session, '?pageSize=100')).toMatchObject({ total: 10_060, totalExact: true });
    const deep = await list(big.admin.session, '?page=1007&pageSize=10');
    expect(deep).toMatchObject({ total: 10_060, totalExact: true });
    expect(deep.items).toHaveLength(0);
    expect((await list(big.admin.session, '?page=1007&pageSize=10&hangupCause=NONE')).total).toBe(0);
  });
});

describe('GET /calls/:id', () => {
  it('has the legs, the timeline with safe headers only, and the recording’s public fields', async () => {
    const tenant = a.tenant.id;
    const leg = await insertLeg(t, tenant, calls.queue1!, { id: calls.queue1, channelName: 'sofia/external/+5511987654321', createdAt: at(1) });
    const agentLeg = await insertLeg(t, tenant, calls.queue1!, { direction: 'outbound', agentId: agent1.agentId, createdAt: at(1.5) });
    const otherQueueId = await t.createId('/queues', b.admin.session, { name: 'theirs' });
    const agentName = (await t.call('GET', `/agents/${agent1.agentId}`, a.admin.session)).json<{ name: string | null }>().name;
    await insertEvent(t, tenant, calls.queue1!, 'CHANNEL_CREATE', {
      'Unique-ID': calls.queue1!,
      'Answer-State': 'ringing',
      variable_sip_auth_password: 'the-secret',
      'variable_sip_h_X-Api-Key': 'the-key',
    }, { occurredAt: at(1), legId: leg });
    await insertEvent(t, tenant, calls.queue1!, 'CUSTOM', { 'CC-Action': 'bridge-agent-start', 'CC-Agent-UUID': agentLeg, 'CC-Agent': `a-${agent1.agentId}`, 'CC-Queue': `q-${queueId}` }, { occurredAt: at(1.6), legId: agentLeg });
    // Another tenant's queue named in an event finds no name (row-level security).
    await insertEvent(t, tenant, calls.queue1!, 'CUSTOM', { 'CC-Action': 'member-queue-start', 'CC-Queue': `q-${otherQueueId}` }, { occurredAt: at(1.7) });
    await insertEvent(t, tenant, calls.queue1!, 'RECORD_STOP', { 'Record-File-Path': '/switch-side/recordings/x.wav', 'Unique-ID': calls.queue1! }, { occurredAt: at(2) });
    const recordingId = await insertRecording(t, tenant, calls.queue1!, { sizeBytes: 1_234_567, durationSeconds: 77.125 });

    const response = await t.call('GET', `/calls/${calls.queue1}`, a.admin.session);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<CallDetail>();
    expect(detail).toMatchObject({ id: calls.queue1, queueId, agentId: agent1.agentId, recordingId });
    expect(detail.legs.map((item) => item.id)).toEqual([leg, agentLeg]);
    expect(detail.legs[1]).toMatchObject({ direction: 'outbound', agentId: agent1.agentId, answeredAt: null });
    expect(detail.events).toEqual([
      { name: 'CHANNEL_CREATE', occurredAt: at(1).toISOString(), legId: leg, headers: { 'Unique-ID': calls.queue1, 'Answer-State': 'ringing' }, agentName: null, queueName: null },
      {
        name: 'CUSTOM',
        occurredAt: at(1.6).toISOString(),
        legId: agentLeg,
        headers: { 'CC-Action': 'bridge-agent-start', 'CC-Agent-UUID': agentLeg, 'CC-Agent': `a-${agent1.agentId}`, 'CC-Queue': `q-${queueId}` },
        agentName: agentName,
        queueName: 'sales',
      },
      { name: 'CUSTOM', occurredAt: at(1.7).toISOString(), legId: null, headers: { 'CC-Action': 'member-queue-start', 'CC-Queue': `q-${otherQueueId}` }, agentName: null, queueName: null },
      { name: 'RECORD_STOP', occurredAt: at(2).toISOString(), legId: null, headers: { 'Unique-ID': calls.queue1 }, agentName: null, queueName: null },
    ]);
    expect(detail.recording).toEqual({
      id: recordingId,
      callId: calls.queue1,
      status: 'AVAILABLE',
      sizeBytes: 1_234_567,
      durationSeconds: 77.125,
      createdAt: expect.any(String),
      retentionUntil: expect.any(String),
      reason: null,
    });
    for (const secret of ['the-secret', 'the-key', 'switch-side', 'recordings/2026']) expect(response.body).not.toContain(secret);
  });

  it('is a 404 for an unknown call, and for an agent, for a call of another agent', async () => {
    expectError(await t.call('GET', `/calls/${randomUUID()}`, a.admin.session), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/calls/${calls.queue2}`, agent1.session), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/calls/${calls.ext}`, noAgent.session), 404, 'NOT_FOUND');
    expect((await t.call('GET', `/calls/${calls.out}`, agent1.session)).statusCode).toBe(200);
    expectError(await t.call('GET', '/calls/not-a-uuid', a.admin.session), 400, 'VALIDATION_FAILED');
  });
});

describe('PATCH /calls/:id/disposition', () => {
  let sale: string;
  let noSale: string;
  let retired: string;
  let theirs: string;
  beforeAll(async () => {
    sale = await insertDisposition(t, a.tenant.id, 'SALE');
    noSale = await insertDisposition(t, a.tenant.id, 'NO_SALE');
    retired = await insertDisposition(t, a.tenant.id, 'RETIRED', false);
    theirs = await insertDisposition(t, b.tenant.id, 'SALE');
  });
  const patch = (session: Session, callId: string, body: object) => t.call('PATCH', `/calls/${callId}/disposition`, session, body);
  const stored = (callId: string) =>
    t.db.withPlatform((tx) =>
      tx.selectFrom('calls').select(['dispositionId', 'disposition', 'dispositionBy', 'dispositionAt']).where('id', '=', callId).executeTakeFirstOrThrow(),
    );

  it('lets the agent who answered set it: id, code, who and when, audited', async () => {
    const response = await patch(agent1.session, calls.queue1!, { dispositionId: sale });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Call>()).toMatchObject({ id: calls.queue1, dispositionId: sale, disposition: 'SALE', dispositionBy: agent1.id });
    const row = await stored(calls.queue1!);
    expect(row).toMatchObject({ dispositionId: sale, disposition: 'SALE', dispositionBy: agent1.id });
    expect(row.dispositionAt).toBeInstanceOf(Date);
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').selectAll().where('action', '=', 'CALL_DISPOSITION_SET').where('targetId', '=', calls.queue1!).execute(),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ tenantId: a.tenant.id, actorUserId: agent1.id, targetType: 'call' });
    expect(audit[0]!.details).toMatchObject({ dispositionId: sale, code: 'SALE', previous: null, byAgent: true });
  });

  it('lets that agent classify a call still in progress', async () => {
    const response = await patch(agent1.session, calls.live!, { dispositionId: noSale });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Call>()).toMatchObject({ endedAt: null, disposition: 'NO_SALE' });
  });

  it('refuses another agent and a member without an Agent (403), changing nothing', async () => {
    const before = await stored(calls.queue1!);
    expectError(await patch(agent2.session, calls.queue1!, { dispositionId: noSale }), 403, 'FORBIDDEN');
    expectError(await patch(noAgent.session, calls.queue1!, { dispositionId: noSale }), 403, 'FORBIDDEN');
    // A call nobody answered is nobody's: no agent may classify it.
    expectError(await patch(agent1.session, calls.other!, { dispositionId: noSale }), 403, 'FORBIDDEN');
    expect(await stored(calls.queue1!)).toEqual(before);
  });

  it('lets a holder of agents.manage set any call (supervisor, tenant admin), the previous code audited', async () => {
    const bySupervisor = await patch(supervisor.session, calls.queue1!, { dispositionId: noSale });
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(200);
    expect(bySupervisor.json<Call>()).toMatchObject({ disposition: 'NO_SALE', dispositionBy: supervisor.id });
    const byAdmin = await patch(a.admin.session, calls.other!, { dispositionId: sale });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await stored(calls.other!)).toMatchObject({ disposition: 'SALE', dispositionBy: a.admin.id });
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('details').where('action', '=', 'CALL_DISPOSITION_SET').where('actorUserId', '=', supervisor.id).executeTakeFirstOrThrow(),
    );
    expect(audit.details).toMatchObject({ code: 'NO_SALE', previous: 'SALE', byAgent: false });
  });

  it('serialises parallel classifications: the audits form one chain, each naming the code the one before it set', async () => {
    const codes = Array.from({ length: 9 }, (_, i) => `PARALLEL_${i}`);
    const ids = await Promise.all(codes.map((code) => insertDisposition(t, a.tenant.id, code)));
    const start = (await stored(calls.live!)).disposition;
    const sessions = [agent1.session, supervisor.session, a.admin.session];
    const responses = await Promise.all(ids.map((dispositionId, i) => patch(sessions[i % 3]!, calls.live!, { dispositionId })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(9).fill(200));
    const audit = await t.db.withPlatform((tx) =>
      tx.selectFrom('auditLog').select('details').where('action', '=', 'CALL_DISPOSITION_SET').where('targetId', '=', calls.live!).execute(),
    );
    const steps = audit.map((row) => row.details as { code: string; previous: string | null }).filter((step) => codes.includes(step.code));
    // A lost update would leave two steps with the same previous code and break the chain.
    const byPrevious = new Map(steps.map((step) => [step.previous, step.code]));
    expect(byPrevious.size).toBe(9);
    let current = start;
    for (let i = 0; i < 9; i++) current = byPrevious.get(current) ?? 'BROKEN';
    expect(current).toBe((await stored(calls.live!)).disposition);
  });

  it("is a 404 for another tenant's call, even for its admin-like holders here", async () => {
    expectError(await patch(a.admin.session, calls.theirs!, { dispositionId: sale }), 404, 'NOT_FOUND');
    expectError(await patch(a.admin.session, randomUUID(), { dispositionId: sale }), 404, 'NOT_FOUND');
    expect(await stored(calls.theirs!)).toMatchObject({ disposition: null });
  });

  it('refuses a disabled, unknown or other tenant’s disposition with 400 INVALID_DISPOSITION', async () => {
    for (const dispositionId of [retired, theirs, randomUUID()]) {
      expectError(await patch(agent1.session, calls.out!, { dispositionId }), 400, 'INVALID_DISPOSITION');
    }
    expect(await stored(calls.out!)).toMatchObject({ dispositionId: null, disposition: 'SALE' });
  });

  it('refuses an unknown key, a code instead of the id, and an agent id in the body (400)', async () => {
    for (const body of [{ dispositionId: sale, agentId: agent1.agentId }, { code: 'SALE' }, {}, { dispositionId: 'SALE' }, { dispositionId: sale, disposition_by: agent1.id }]) {
      expectError(await patch(agent2.session, calls.queue2!, body), 400, 'VALIDATION_FAILED');
    }
    expect(await stored(calls.queue2!)).toMatchObject({ disposition: null });
  });

  it('needs a tenant token', async () => {
    expect((await patch(t.platform, calls.queue1!, { dispositionId: sale })).statusCode).toBe(403);
  });
});
