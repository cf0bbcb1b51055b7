// GET /recordings and GET /recordings/:id: metadata only, the calls filters through each
// recording's call, DELETED ones kept; never the storage key or the switch-side path.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, useTestApp, type Session, type TenantFixture } from '../../../test/harness.ts';
import { createAgent } from '../agents/test-support.ts';
import { insertCall, insertRecording } from '../calls/test-support.ts';
import type { Recording } from './recording.schema.ts';

const t = useTestApp();

let a: TenantFixture;
let b: TenantFixture;
let agent: { session: Session; agentId: string };
let supervisor: Session;
const base = Date.parse('2026-05-01T08:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000);
const rec: Record<string, string> = {};

interface RecordingPage {
  items: Recording[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

const list = async (session: Session, query = '') => {
  const response = await t.call('GET', `/recordings${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/switch-side|tenants\/|storage|switchPath/i);
  return response.json<RecordingPage>();
};

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  const member = await createMember(t.app, a.admin.session, 'agent');
  agent = { session: member.session, agentId: (await createAgent(t, a.admin.session, a.tenant.id, member.id)).id };
  supervisor = (await createMember(t.app, a.admin.session, 'supervisor')).session;
  const tenant = a.tenant.id;
  const answered = await insertCall(t, tenant, { createdAt: at(1), agentId: agent.agentId, callerNumber: '+55 11 98765-4321' });
  const other = await insertCall(t, tenant, { createdAt: at(2), callerNumber: '1133334444', hangupCause: 'ORIGINATOR_CANCEL' });
  const old = await insertCall(t, tenant, { createdAt: at(0) });
  rec.answered = await insertRecording(t, tenant, answered, { createdAt: at(1) });
  rec.other = await insertRecording(t, tenant, other, { createdAt: at(2), status: 'RECORDING', sizeBytes: null, durationSeconds: null });
  rec.deleted = await insertRecording(t, tenant, old, { createdAt: at(0), status: 'DELETED', storageKey: null, deletedAt: new Date() });
  rec.theirs = await insertRecording(t, b.tenant.id, await insertCall(t, b.tenant.id, { createdAt: at(3) }));
});

describe('GET /recordings', () => {
  it("lists the tenant's recordings newest first with their public fields, DELETED ones kept", async () => {
    const page = await list(a.admin.session);
    expect(page).toMatchObject({ total: 3, totalExact: true, page: 1, pageSize: 50 });
    expect(page.items.map((item) => [item.id, item.status])).toEqual([
      [rec.other, 'RECORDING'],
      [rec.answered, 'AVAILABLE'],
      [rec.deleted, 'DELETED'],
    ]);
    expect(Object.keys(page.items[1]!).sort()).toEqual(['callId', 'createdAt', 'durationSeconds', 'id', 'reason', 'retentionUntil', 'sizeBytes', 'status']);
    expect(page.items[1]).toMatchObject({ sizeBytes: 960_044, durationSeconds: 30 });
    // The deleted recording keeps its metadata: what was recorded and until when it was kept.
    expect(page.items[2]).toMatchObject({ sizeBytes: 960_044, retentionUntil: expect.any(String) });
  });

  it('takes the calls filters, applied to each recording’s call', async () => {
    const s = a.admin.session;
    expect((await list(s, `?agentId=${agent.agentId}`)).items.map((item) => item.id)).toEqual([rec.answered]);
    // `old` was from the same number (the factory's default caller): its DELETED recording matches too.
    expect((await list(s, '?phone=011987654321')).items.map((item) => item.id)).toEqual([rec.answered, rec.deleted]);
    expect((await list(s, '?hangupCause=originator_cancel')).items.map((item) => item.id)).toEqual([rec.other]);
    expect((await list(s, `?from=${at(1).toISOString()}&to=${at(2).toISOString()}`)).items.map((item) => item.id)).toEqual([rec.answered]);
    expect(await list(s, '?extension=4242')).toMatchObject({ items: [], total: 0 });
    expect((await list(s, '?pageSize=1&page=2')).items.map((item) => item.id)).toEqual([rec.answered]);
    expectError(await t.call('GET', '/recordings?queueId=x', s), 400, 'VALIDATION_FAILED');
  });

  it('needs recordings.view (an agent has none) and shows a supervisor every recording', async () => {
    expectError(await t.call('GET', '/recordings', agent.session), 403, 'FORBIDDEN');
    expect((await list(supervisor)).total).toBe(3);
  });
});

describe('GET /recordings?phone=', () => {
  // Its own tenant, so the totals above stay as they are.
  let c: TenantFixture;
  const mine: Record<string, string> = {};

  beforeAll(async () => {
    c = await createTenant(t.app, t.platform);
    const tenant = c.tenant.id;
    const call = (minutes: number, callerNumber: string, calledNumber: string) => insertCall(t, tenant, { createdAt: at(minutes), callerNumber, calledNumber });
    const record = (callId: string, minutes: number, seq = 1) => insertRecording(t, tenant, callId, { createdAt: at(minutes), seq, switchPath: `/switch-side/recordings/${callId}-${seq}.wav` });
    mine.fromIt = await record(await call(1, '+55 11 98765-4321', '551130000000'), 1);
    mine.toIt = await record(await call(2, '1133334444', '011987654321'), 2);
    // From and to the number, through two recorded queues: one call, two recordings, both listed.
    const both = await call(3, '5511987654321', '(11) 98765-4321');
    mine.bothFirst = await record(both, 3);
    mine.bothSecond = await record(both, 4, 2);
    await record(await call(5, '11987654322', '551130000000'), 5);
    // A matching call with no recording counts for nothing here.
    await call(6, '11987654321', '551130000000');
  });

  it('counts exactly the recordings it lists, whatever form the number is written in', async () => {
    const expected = [mine.bothSecond, mine.bothFirst, mine.toIt, mine.fromIt];
    for (const phone of ['+5511987654321', '11987654321', '(11) 98765-4321', '0 21 11 98765-4321']) {
      const page = await list(c.admin.session, `?phone=${encodeURIComponent(phone)}`);
      expect(page.items.map((item) => item.id), phone).toEqual(expected);
      expect(page, phone).toMatchObject({ total: expected.length, totalExact: true });
    }
    // A page of one still counts them all; with another filter, both apply to the count as to the page.
    expect(await list(c.admin.session, '?phone=11987654321&pageSize=1')).toMatchObject({ total: 4, totalExact: true, items: [{ id: mine.bothSecond }] });
    const narrowed = await list(c.admin.session, `?phone=11987654321&from=${at(2).toISOString()}`);
    expect(narrowed.items.map((item) => item.id)).toEqual([mine.bothSecond, mine.bothFirst, mine.toIt]);
    expect(narrowed.total).toBe(3);
  });
});

describe('GET /recordings/:id', () => {
  it('answers the metadata of one, DELETED included', async () => {
    const response = await t.call('GET', `/recordings/${rec.deleted}`, a.admin.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: rec.deleted, status: 'DELETED' });
    expect(response.body).not.toMatch(/switch-side|tenants\//);
    const one = await t.call('GET', `/recordings/${rec.answered}`, a.admin.session);
    expect(one.body).not.toMatch(/switch-side|tenants\//);
    expect(one.json()).toMatchObject({ id: rec.answered, status: 'AVAILABLE', sizeBytes: 960_044 });
  });

  it("is a 404 for another tenant's recording or an unknown id, a 403 for an agent", async () => {
    expectError(await t.call('GET', `/recordings/${rec.theirs}`, a.admin.session), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/recordings/${randomUUID()}`, a.admin.session), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/recordings/${rec.answered}`, agent.session), 403, 'FORBIDDEN');
  });
});
