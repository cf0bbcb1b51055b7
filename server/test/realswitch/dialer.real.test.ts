// The dialer on a real FreeSWITCH 1.10.12 with real outbound: a campaign's lead is called through
// the tenant's trunk (a sofia gateway) to a carrier played by sipp. When the customer answers, the
// call is bridged to the campaign queue's agent (a baresip phone) and recorded as CONNECTED; when
// the line is busy (486), the attempt is BUSY and the lead waits for its retry.
import type { CampaignReport, QueueReport } from '@callcenter/rules/reports/shapes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEDNESDAY_MORNING } from '../dialer-support.ts';
import { multipartFile } from '../harness.ts';
import { until } from '../switch.ts';
import { startCarrier, type Carrier, type CarrierScenario } from './carrier.ts';
import { realSwitchPrefix, startRealPlatform, type RealPlatform } from './platform.ts';
import { realTenant, type RealTenant } from './tenant.ts';

const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ start: '00:00', end: '24:00' }]]));

interface LeadRow {
  id: string;
  phone: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastOutcome: string | null;
}

describe.skipIf(!realSwitchPrefix())('the dialer on a real FreeSWITCH 1.10.12, through a gateway to a sipp carrier', () => {
  let t: RealPlatform;
  let owner: RealTenant;
  const carriers: Carrier[] = [];

  beforeAll(async () => {
    t = await startRealPlatform({
      // Real outbound (both switches on), the carrier on loopback allowed as the operator would list it.
      env: { DIALER_SIMULATION: 'false', DIALER_REAL_OUTBOUND: 'true', TRUNK_PRIVATE_HOSTS: '127.0.0.1' },
      // Inside every calling-hour rule whatever the time of the run; a quick tick.
      dialer: { tickMs: 500, callingClock: () => WEDNESDAY_MORNING },
    });
    owner = await realTenant(t);
  });
  afterEach(async () => {
    await Promise.all(carriers.splice(0).map((carrier) => carrier.stop()));
  });
  afterAll(async () => {
    await owner?.close();
    await t?.close();
  });

  const tenantId = () => owner.tenant.tenant.id;

  /** A trunk to a new sipp carrier, a campaign of one lead on it, started. */
  async function dialOne(scenario: CarrierScenario, extension: string, lead: { phone: string; name: string }) {
    const carrier = await startCarrier(scenario);
    carriers.push(carrier);
    const staffed = await owner.staffedQueue(extension);
    const trunk = await owner.post<{ id: string }>('/trunks', { name: `carrier-${scenario}`, host: `127.0.0.1:${carrier.port}` });
    const campaign = await owner.post<{ id: string }>('/campaigns', {
      name: `cobranca-${scenario}`,
      queueId: staffed.queueId,
      trunkId: trunk.id,
      pacingMin: 1,
      pacingMax: 1,
      callerId: '(11) 3000-2010',
      schedule: EVERY_DAY,
      abandonAfterSeconds: 10,
    });
    // The lead file as a user uploads it: a number in its national written form.
    const { payload, contentType } = multipartFile(Buffer.from(`telefone,nome\n${lead.phone},${lead.name}\n`), { filename: 'leads.csv', type: 'text/csv' });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/campaigns/${campaign.id}/leads/import`,
      headers: { ...owner.tenant.admin.session.auth, 'content-type': contentType },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json<{ imported: number }>().imported).toBe(1);
    await owner.settled(); // the gateway is on the switch before the first call
    const started = await owner.post<{ status: string }>(`/campaigns/${campaign.id}/start`, {});
    // The API's start reads the real clock against the schedule; the dialer's own clock is Wednesday morning.
    if (started.status !== 'RUNNING')
      await t.db.withTenant(tenantId(), (tx) => tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', '=', campaign.id).execute());
    return { carrier, campaignId: campaign.id, trunkId: trunk.id, ...staffed };
  }

  const leadsOf = async (campaignId: string) => (await owner.get<{ items: LeadRow[] }>(`/campaigns/${campaignId}/leads`)).items;
  const endedAttempt = (campaignId: string) =>
    until(
      () =>
        t.db.withTenant(tenantId(), (tx) =>
          tx.selectFrom('dialAttempts').selectAll().where('campaignId', '=', campaignId).where('endedAt', 'is not', null).executeTakeFirst(),
        ),
      (row) => row !== undefined,
      30_000,
    );

  it('calls the lead through the trunk; the customer answers and is bridged to the agent: call record and outcome CONNECTED', async () => {
    const { carrier, campaignId, trunkId, queueId, agentId, phone } = await dialOne('answer', '2301', { phone: '(11) 98765-0101', name: 'Maria Souza' });
    // The agent's phone rings with the customer and answers; mod_callcenter has the agent in the call.
    await phone.waitFor('CALL_ESTABLISHED', 20_000);
    const inCall = await until(() => t.esl(`callcenter_config agent get state a-${agentId}`), (text) => text.trim() === 'In a queue call');
    expect(inCall.trim()).toBe('In a queue call');
    // The carrier got the lead's number from the gateway, with the campaign's caller id.
    const invite = carrier.messages();
    expect(invite).toMatch(/INVITE sip:5511987650101@127\.0\.0\.1:\d+/);
    expect(invite).toMatch(/^From:.*551130002010/m);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await phone.hangup();
    // The switch hangs up the customer too (BYE): the carrier's call went as its scenario says.
    expect(await carrier.exited).toBe(0);

    const attempt = await endedAttempt(campaignId);
    expect(attempt).toMatchObject({ outcome: 'CONNECTED', simulated: false });
    const [lead] = await until(() => leadsOf(campaignId), (rows) => rows[0]?.status === 'COMPLETED');
    expect(lead).toMatchObject({ phone: '+5511987650101', status: 'COMPLETED', attempts: 1, lastOutcome: 'CONNECTED', nextAttemptAt: null });
    const [call] = await owner.endedCalls(`campaignId=${campaignId}`);
    expect(call).toMatchObject({
      id: attempt!.callId,
      direction: 'OUTBOUND',
      callerNumber: '+551130002010',
      calledNumber: '+5511987650101',
      trunkId,
      queueId,
      agentId,
      leadId: lead!.id,
      abandoned: false,
    });
    expect(call?.answerAt).not.toBeNull();
    expect(call?.bridgedAt).not.toBeNull();
    // The reports: the attempt connected, and the customer's entry into the campaign's queue is the campaign's.
    const report = await until(
      () => owner.get<CampaignReport>(`/reports/campaigns?preset=today&campaignId=${campaignId}`),
      (body) => body.totals.attempts === 1,
    );
    expect(report.totals).toMatchObject({ attempts: 1, answered: 1, connected: 1, abandoned: 0 });
    const queues = await owner.get<QueueReport>(`/reports/queues?preset=today&campaignId=${campaignId}`);
    expect(queues.totals).toMatchObject({ offered: 1, answered: 1 });
  });

  it('calls the lead through the trunk; the line is busy (486): outcome BUSY, no agent rung, and a retry 15 minutes later', async () => {
    const { carrier, campaignId, trunkId, phone } = await dialOne('busy', '2302', { phone: '(21) 99876-0202', name: 'João Lima' });
    expect(await carrier.exited).toBe(0);
    expect(carrier.messages()).toMatch(/INVITE sip:5521998760202@127\.0\.0\.1:\d+/);

    const attempt = await endedAttempt(campaignId);
    expect(attempt).toMatchObject({ outcome: 'BUSY', hangupCause: 'USER_BUSY', simulated: false });
    const [lead] = await until(() => leadsOf(campaignId), (rows) => rows[0]?.lastOutcome === 'BUSY');
    expect(lead).toMatchObject({ phone: '+5521998760202', status: 'READY', attempts: 1, lastOutcome: 'BUSY' });
    // The specification's BUSY retry: 15 minutes after the attempt ended.
    const retryIn = Date.parse(lead!.nextAttemptAt!) - attempt!.endedAt!.getTime();
    expect(retryIn).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(retryIn).toBeLessThan(15 * 60_000 + 5_000);
    const [call] = await owner.endedCalls(`campaignId=${campaignId}`);
    expect(call).toMatchObject({ id: attempt!.callId, direction: 'OUTBOUND', trunkId, hangupCause: 'USER_BUSY', agentId: null, answerAt: null, abandoned: false });
    expect(phone.events.map((event) => event.type)).not.toContain('CALL_INCOMING');
  });
});
