// PATCH /calls/:id/disposition with the disposition's action (decision 0043), on call rows carrying
// the dialer's lead: CALLBACK schedules the lead at callbackAt, DO_NOT_CALL suppresses the number and
// takes the tenant's dialable leads with it; the time rules; re-disposing; all audited, isolated.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, type Session, type TenantFixture, useTestApp } from '../../../test/harness.ts';
import type { DispositionAction } from '../../platform/db/schema.ts';
import { createAgent } from '../agents/test-support.ts';
import type { SuppressionList } from '../suppression/suppression.schema.ts';
import { auditOf, createCampaignWithQueue, expectStatus, insertLead, storedLead } from '../suppression/test-support.ts';
import { insertCall } from './test-support.ts';

const t = useTestApp();

let a: TenantFixture;
let b: TenantFixture;
let agent: { id: string; session: Session; agentId: string };
let campaigns: [string, string];
let campaignB: string;
const dispositions: Record<string, string> = {};

const insertDisposition = async (tenantId: string, code: string, action: DispositionAction) =>
  (await t.db.withTenant(tenantId, (tx) => tx.insertInto('dispositions').values({ tenantId, code, name: code, action }).returning('id').executeTakeFirstOrThrow())).id;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(t.app, t.platform), createTenant(t.app, t.platform)]);
  const member = await createMember(t.app, a.admin.session, 'agent');
  agent = { ...member, agentId: (await createAgent(t, a.admin.session, a.tenant.id, member.id)).id };
  campaigns = [(await createCampaignWithQueue(t, a.admin.session)).id, (await createCampaignWithQueue(t, a.admin.session)).id];
  campaignB = (await createCampaignWithQueue(t, b.admin.session)).id;
  dispositions.callback = await insertDisposition(a.tenant.id, 'CALL_ME_BACK', 'CALLBACK');
  dispositions.dnc = await insertDisposition(a.tenant.id, 'DO_NOT_CALL', 'DO_NOT_CALL');
  dispositions.sale = await insertDisposition(a.tenant.id, 'SALE', 'SUCCESS');
  dispositions.none = await insertDisposition(a.tenant.id, 'INFO', 'NONE');
});

let serial = 0;
const phone = () => `+5511962${String((serial += 1)).padStart(6, '0')}`;
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const dispose = (session: Session, callId: string, body: object) => t.call('PATCH', `/calls/${callId}/disposition`, session, body);
const storedCall = (id: string) => t.db.withPlatform((tx) => tx.selectFrom('calls').select(['disposition', 'dispositionId']).where('id', '=', id).executeTakeFirstOrThrow());
const suppressed = async (number: string) =>
  (await t.call('GET', `/suppression?phone=${encodeURIComponent(number)}`, a.admin.session)).json<SuppressionList>().items;

/** A dialer call to a lead of campaign 0, answered by the agent. */
async function leadCall(status: 'READY' | 'CALLBACK' | 'COMPLETED' = 'READY') {
  const number = phone();
  const leadId = await insertLead(t, a.tenant.id, campaigns[0], { phone: number, status, attempts: 1 });
  const callId = await insertCall(t, a.tenant.id, { direction: 'OUTBOUND', campaignId: campaigns[0], leadId, agentId: agent.agentId, calledNumber: number.slice(1), answerAt: new Date() });
  return { number, leadId, callId };
}

describe('a CALLBACK disposition', () => {
  it('on a call with a lead moves the lead to CALLBACK at callbackAt (even from COMPLETED), audited, and lists it', async () => {
    const { leadId, callId } = await leadCall('COMPLETED');
    const at = hours(20);
    const response = await dispose(agent.session, callId, { dispositionId: dispositions.callback, callbackAt: at.toISOString() });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ disposition: 'CALL_ME_BACK', leadId });
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: at });
    const audit = await auditOf(t, 'CALL_DISPOSITION_SET', callId);
    expect(audit[0]!.details).toMatchObject({
      code: 'CALL_ME_BACK',
      effect: { kind: 'CALLBACK', leadId, from: { status: 'COMPLETED', nextAttemptAt: null }, to: { status: 'CALLBACK', nextAttemptAt: at.toISOString() } },
    });
    const callbacks = (await t.call('GET', '/leads/callbacks', a.admin.session)).json<{ id: string }[]>();
    expect(callbacks.map((row) => row.id)).toContain(leadId);
  });

  it('needs a future callbackAt on a lead call; refuses one elsewhere; nothing changes when refused', async () => {
    const { leadId, callId } = await leadCall();
    const cases: Array<[object, string]> = [
      [{ dispositionId: dispositions.callback }, 'CALLBACK_TIME_REQUIRED'],
      [{ dispositionId: dispositions.callback, callbackAt: hours(-1).toISOString() }, 'CALLBACK_TIME_NOT_IN_FUTURE'],
      [{ dispositionId: dispositions.callback, callbackAt: hours(24 * 400).toISOString() }, 'CALLBACK_TIME_TOO_FAR'],
      [{ dispositionId: dispositions.sale, callbackAt: hours(1).toISOString() }, 'CALLBACK_TIME_NOT_ALLOWED'],
      [{ dispositionId: dispositions.dnc, callbackAt: hours(1).toISOString() }, 'CALLBACK_TIME_NOT_ALLOWED'],
      [{ dispositionId: dispositions.callback, callbackAt: 'tomorrow' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) expectError(await dispose(agent.session, callId, body), 400, code);
    expect(await storedCall(callId)).toEqual({ disposition: null, dispositionId: null });
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'READY', nextAttemptAt: null });
    expect(await auditOf(t, 'CALL_DISPOSITION_SET', callId)).toEqual([]);
  });

  it('on a call without a lead only records the code, and takes no callbackAt', async () => {
    const callId = await insertCall(t, a.tenant.id, { agentId: agent.agentId, callerNumber: phone() });
    expectError(await dispose(agent.session, callId, { dispositionId: dispositions.callback, callbackAt: hours(1).toISOString() }), 400, 'CALLBACK_TIME_NOT_ALLOWED');
    expectStatus(await dispose(agent.session, callId, { dispositionId: dispositions.callback }), 200);
    expect(await storedCall(callId)).toMatchObject({ disposition: 'CALL_ME_BACK' });
    expect((await auditOf(t, 'CALL_DISPOSITION_SET', callId))[0]!.details).toMatchObject({ effect: { kind: 'NONE' } });
  });

  it('is refused (400 NUMBER_SUPPRESSED) when the lead’s number is on the suppression list', async () => {
    const { number, leadId, callId } = await leadCall();
    expectStatus(await t.call('POST', '/suppression', a.admin.session, { phone: number }), 201);
    expectError(await dispose(agent.session, callId, { dispositionId: dispositions.callback, callbackAt: hours(2).toISOString() }), 400, 'NUMBER_SUPPRESSED');
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'DO_NOT_CALL' });
    expect(await storedCall(callId)).toMatchObject({ disposition: null });
  });

  it('re-disposed: a second CALLBACK reschedules; a later SUCCESS leaves the callback scheduled (effects apply forward)', async () => {
    const { leadId, callId } = await leadCall();
    expectStatus(await dispose(agent.session, callId, { dispositionId: dispositions.callback, callbackAt: hours(3).toISOString() }), 200);
    const second = hours(30);
    expectStatus(await dispose(a.admin.session, callId, { dispositionId: dispositions.callback, callbackAt: second.toISOString() }), 200);
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: second });
    expectStatus(await dispose(a.admin.session, callId, { dispositionId: dispositions.sale }), 200);
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: second });
  });
});

describe('a DO_NOT_CALL disposition', () => {
  it('lists the number (source DISPOSITION) and moves the lead and the tenant’s dialable leads with it; not another tenant’s; audited', async () => {
    const { number, leadId, callId } = await leadCall();
    const sibling = await insertLead(t, a.tenant.id, campaigns[1], { phone: number, status: 'CALLBACK', nextAttemptAt: hours(5) });
    const theirs = await insertLead(t, b.tenant.id, campaignB, { phone: number });
    const response = await dispose(agent.session, callId, { dispositionId: dispositions.dnc });
    expectStatus(response, 200);
    expect(await storedLead(t, leadId)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, sibling)).toMatchObject({ status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(await storedLead(t, theirs)).toMatchObject({ status: 'READY' });
    const [entry] = await suppressed(number);
    expect(entry).toMatchObject({ phone: number, source: 'DISPOSITION', createdBy: agent.id, note: `DO_NOT_CALL on call ${callId}` });
    expect((await t.call('GET', `/suppression?phone=${encodeURIComponent(number)}`, b.admin.session)).json()).toMatchObject({ total: 0 });
    expect(await auditOf(t, 'SUPPRESSION_ADD', entry!.id)).toEqual([
      expect.objectContaining({ tenantId: a.tenant.id, actorUserId: agent.id, details: { phone: number, source: 'DISPOSITION', callId, leadsMoved: 2 } }),
    ]);
    expect((await auditOf(t, 'CALL_DISPOSITION_SET', callId))[0]!.details).toMatchObject({
      effect: { kind: 'DO_NOT_CALL', leadId, suppressed: true, phone: number, added: true, leadsMoved: 2 },
    });

    // Re-disposed the same way: nothing is listed twice, no second SUPPRESSION_ADD.
    expectStatus(await dispose(a.admin.session, callId, { dispositionId: dispositions.dnc }), 200);
    expect(await suppressed(number)).toHaveLength(1);
    expect(await auditOf(t, 'SUPPRESSION_ADD', entry!.id)).toHaveLength(1);
    expect((await auditOf(t, 'CALL_DISPOSITION_SET', callId))[1]!.details).toMatchObject({ effect: { kind: 'DO_NOT_CALL', added: false, leadsMoved: 0 } });
    // Re-disposed as a sale: the number stays listed (removal is DELETE /suppression/:id, with a reason).
    expectStatus(await dispose(a.admin.session, callId, { dispositionId: dispositions.sale }), 200);
    expect(await suppressed(number)).toHaveLength(1);
  });

  it('parallel DO_NOT_CALL dispositions of two calls to one number (leads in two campaigns): both 200, one entry, both leads DO_NOT_CALL', async () => {
    for (let round = 0; round < 4; round++) {
      const number = phone();
      const calls = [];
      const leads = [];
      for (const campaignId of campaigns) {
        const leadId = await insertLead(t, a.tenant.id, campaignId, { phone: number });
        leads.push(leadId);
        calls.push(await insertCall(t, a.tenant.id, { direction: 'OUTBOUND', campaignId, leadId, agentId: agent.agentId, calledNumber: number }));
      }
      const responses = await Promise.all(calls.map((callId, i) => dispose(i ? a.admin.session : agent.session, callId, { dispositionId: dispositions.dnc })));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(await suppressed(number)).toHaveLength(1);
      for (const leadId of leads) expect(await storedLead(t, leadId)).toMatchObject({ status: 'DO_NOT_CALL' });
    }
  });

  it('on a call without a lead lists the customer’s number as written on the call; a number that is not Brazilian is only recorded', async () => {
    const number = phone();
    const written = `(${number.slice(3, 5)}) ${number.slice(5, 10)}-${number.slice(10)}`;
    const lead = await insertLead(t, a.tenant.id, campaigns[1], { phone: number });
    const inbound = await insertCall(t, a.tenant.id, { direction: 'INBOUND', agentId: agent.agentId, callerNumber: written });
    expectStatus(await dispose(agent.session, inbound, { dispositionId: dispositions.dnc }), 200);
    expect(await suppressed(number)).toHaveLength(1);
    expect(await storedLead(t, lead)).toMatchObject({ status: 'DO_NOT_CALL' });

    const internal = await insertCall(t, a.tenant.id, { direction: 'INTERNAL', agentId: agent.agentId, callerNumber: '1001' });
    expectStatus(await dispose(agent.session, internal, { dispositionId: dispositions.dnc }), 200);
    expect(await storedCall(internal)).toMatchObject({ disposition: 'DO_NOT_CALL' });
    expect((await auditOf(t, 'CALL_DISPOSITION_SET', internal))[0]!.details).toMatchObject({ effect: { kind: 'DO_NOT_CALL', leadId: null, suppressed: false } });
  });
});
