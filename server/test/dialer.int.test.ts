// The predictive dialer in simulation mode against the switch simulator: leads leave READY and
// calls appear within seconds; an answered customer is a real member of the campaign's queue,
// offered to and bridged with a real agent leg that carries the svc_* variables; the other outcomes
// are attempts and call records with their hangup cause, and retry by the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, login, type Session } from './harness.ts';
import { readFileSafe, startSwitchedApp, type SwitchedApp, until } from './switch.ts';
import {
  attemptsOf,
  campaignWithLeads,
  dialerTenant,
  endedAttempts,
  leadOf,
  outcomes,
  staffedQueue,
  steerableModel,
  uploadFile,
  WEDNESDAY_MORNING,
} from './dialer-support.ts';
import { abandonSoundPath } from '../src/platform/switch/naming.ts';
import { readWav } from '../src/modules/ivr-menus/wav.ts';
import { DEFAULT_ABANDON_ASSETS } from '../src/services/dialer/abandon-message.ts';
import { readFileSync } from 'node:fs';
import { tinyWav } from '../src/modules/ivr-menus/wav.test-support.ts';
import { CampaignStatusKeeper } from '../src/services/campaign-status/campaign-status.service.ts';
import { realtimeEventOf, realtimePublisher, type RealtimeEvent } from '../src/platform/realtime/events.ts';
import pino from 'pino';
import { countInSample } from '../src/services/dialer/dialer.repo.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  t = await startSwitchedApp({ dialer: { tickMs: 250, callingClock: () => WEDNESDAY_MORNING, simulationModel: model, random: () => 0.5, reconcileMs: 60_000 } });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  await t.coordination.subscribe((message) => {
    const event = realtimeEventOf(message);
    if (event) events.push(event);
  });
}, 60_000);
afterAll(() => t?.close());

const minutesFrom = (from: Date, to: Date | null) => (to ? Math.round((to.getTime() - from.getTime()) / 60_000) : null);

describe('the dialer in simulation mode', () => {
  it('places a call for a READY lead: the customer leg enters the queue, the agent is offered and bridged, svc_* on both legs; the lead is COMPLETED', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId, agentId } = await staffedQueue(t, owner, '5101');
    const headersOf = new Map<string, Array<{ name: string; uuid: string; vars: Record<string, string | undefined> }>>();
    const stop = t.simulator().model.bus.subscribe((event) => {
      const callId = event.get('variable_svc_call_id');
      if (!callId) return;
      const list = headersOf.get(callId) ?? [];
      list.push({
        name: event.name,
        uuid: event.get('Unique-ID') ?? '',
        vars: Object.fromEntries(['svc_tenant_id', 'svc_call_id', 'svc_attempt_id', 'svc_campaign_id', 'svc_lead_id', 'svc_queue_id'].map((name) => [name, event.get(`variable_${name}`)])),
      });
      headersOf.set(callId, list);
    });
    model.only('ANSWER');
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{ name: "Maria D'Ávila, {x}", phone: '+5511971234567' }], { callerId: '+551130009999' });
    try {
      const [attempt] = await endedAttempts(t, tenantId, campaignId, 1, 20_000);
      expect(attempt?.outcome).toBe('CONNECTED');
      expect(attempt?.simulated).toBe(true);
      const call = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').selectAll().where('id', '=', attempt!.callId).executeTakeFirstOrThrow());
      expect(call).toMatchObject({ direction: 'OUTBOUND', campaignId, leadId: leadIds[0], attemptId: attempt!.id, queueId, agentId });
      // From = the caller id the campaign used, To = the customer; not abandoned.
      expect(call).toMatchObject({ callerNumber: '+551130009999', callerName: null, calledNumber: '+5511971234567' });
      const shown = await t.app.inject({ method: 'GET', url: `/calls/${attempt!.callId}`, headers: owner.auth });
      expect(shown.json()).toMatchObject({ callerNumber: '+551130009999', calledNumber: '+5511971234567', agentId, abandoned: false });
      expect(call.bridgedAt).not.toBeNull();
      const expected = { svc_tenant_id: tenantId, svc_call_id: attempt!.callId, svc_attempt_id: attempt!.id, svc_campaign_id: campaignId, svc_lead_id: leadIds[0], svc_queue_id: queueId };
      const seen = headersOf.get(attempt!.callId) ?? [];
      const customer = seen.find((event) => event.uuid === attempt!.callId && event.name === 'CHANNEL_ANSWER');
      const agentLeg = seen.find((event) => event.uuid !== attempt!.callId && event.name === 'CHANNEL_ANSWER');
      expect(customer?.vars).toEqual(expected);
      expect(agentLeg?.vars).toEqual(expected);
      const lead = await until(
        () => leadOf(t, tenantId, leadIds[0]!),
        (row) => row.status === 'COMPLETED',
      );
      expect(lead).toMatchObject({ status: 'COMPLETED', attempts: 1, lastOutcome: 'CONNECTED', nextAttemptAt: null });
      const state = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').selectAll().where('campaignId', '=', campaignId).executeTakeFirstOrThrow());
      expect(state.statistics).toMatchObject({ outcomes: 1, answered: 1, talks: 1, abandonRate: 0 });
      // The call's events went to this tenant only.
      const callEvents = await until(
        () => events.filter((event) => event.type.startsWith('CALL_') && event.callId === attempt!.callId),
        (list) => list.some((event) => event.type === 'CALL_ENDED'),
      );
      expect(callEvents.map((event) => event.type)).toEqual(expect.arrayContaining(['CALL_CREATED', 'CALL_ANSWERED', 'CALL_ENDED']));
      expect(new Set(callEvents.map((event) => event.tenantId))).toEqual(new Set([tenantId]));
      expect(events.some((event) => event.type === 'CAMPAIGN_DIALER_UPDATED' && event.campaignId === campaignId && event.tenantId === tenantId)).toBe(true);
    } finally {
      stop();
    }
  });

  it('abandons an answered customer nobody takes within the campaign’s seconds: counted, told, released, retried later', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    // The agent's phone rings and nobody picks it up.
    const { queueId } = await staffedQueue(t, owner, '5105', -1);
    const played: string[] = [];
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_EXECUTE' && event.get('Application') === 'playback') played.push(`${event.get('Unique-ID')} ${event.get('Application-Data')}`);
    });
    model.only('ANSWER');
    try {
      const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{}], { abandonAfterSeconds: 1 });
      const [attempt] = await endedAttempts(t, tenantId, campaignId, 1);
      expect(attempt).toMatchObject({ outcome: 'ABANDONED', connectedAt: null });
      expect(attempt!.answeredAt).not.toBeNull();
      // The agent was offered the call and never answered: the call is nobody's, and says it was abandoned.
      const record = await until(
        async () => (await t.app.inject({ method: 'GET', url: `/calls/${attempt!.callId}`, headers: owner.auth })).json<Record<string, unknown>>(),
        (body) => body.endedAt !== null,
      );
      expect(record).toMatchObject({ direction: 'OUTBOUND', agentId: null, agentName: null, abandoned: true, bridgedAt: null });
      const waited = (attempt!.endedAt!.getTime() - attempt!.answeredAt!.getTime()) / 1000;
      expect(waited).toBeGreaterThanOrEqual(1);
      expect(waited).toBeLessThan(4);
      // The platform's default in the tenant's language (pt-BR unless told), copied to the switch's folder.
      const sound = `${t.confDir}/sounds/_platform/abandon-pt-BR.wav`;
      expect(played).toEqual([`${attempt!.callId} ${sound}`]);
      expect(readFileSync(sound).equals(readFileSync(DEFAULT_ABANDON_ASSETS['pt-BR']))).toBe(true);
      const lead = await leadOf(t, tenantId, leadIds[0]!);
      expect(lead).toMatchObject({ status: 'READY', attempts: 1, lastOutcome: 'ABANDONED' });
      expect(minutesFrom(attempt!.endedAt!, lead.nextAttemptAt)).toBe(60);
      const state = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').selectAll().where('campaignId', '=', campaignId).executeTakeFirstOrThrow());
      expect(state.statistics).toMatchObject({ answered: 1, abandonRate: 1 });
      const sample = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerSamples').selectAll().where('campaignId', '=', campaignId).execute());
      expect(sample.reduce((sum, row) => sum + row.abandoned, 0)).toBe(1);
      expect(sample.reduce((sum, row) => sum + row.answered, 0)).toBe(1);
    } finally {
      stop();
    }
  });

  it('records a recording campaign’s call although its queue does not record: a stereo file collected into the call’s recording', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5107');
    model.only('ANSWER');
    const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}], { recordingEnabled: true });
    const [attempt] = await endedAttempts(t, tenantId, campaignId, 1, 20_000);
    expect(attempt?.outcome).toBe('CONNECTED');
    const recording = await until(
      () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('recordings').select(['status', 'storageKey']).where('callId', '=', attempt!.callId).executeTakeFirst()),
      (row) => row?.status === 'AVAILABLE',
    );
    expect(recording?.status).toBe('AVAILABLE');
    const stored = await t.storage.get(recording!.storageKey!);
    const wav = readWav(Buffer.concat(await stored!.stream.toArray()));
    expect(wav).toMatchObject({ format: { channels: 2, sampleRate: 8000, bitsPerSample: 16 } });
  });

  it('plays a tenant whose language is English the English default', async () => {
    const owner = await dialerTenant(t, platform, undefined, { locale: 'en' });
    const { queueId } = await staffedQueue(t, owner, '5106', -1);
    const played: string[] = [];
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_EXECUTE' && event.get('Application') === 'playback') played.push(event.get('Application-Data') ?? '');
    });
    model.only('ANSWER');
    try {
      const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}], { abandonAfterSeconds: 1 });
      const [attempt] = await endedAttempts(t, owner.tenant.tenant.id, campaignId, 1);
      expect(attempt).toMatchObject({ outcome: 'ABANDONED' });
      expect(played).toEqual([`${t.confDir}/sounds/_platform/abandon-en.wav`]);
    } finally {
      stop();
    }
  });

  it('plays an abandoned customer the campaign’s own message: the uploaded WAV, copied to the tenant’s sounds on the switch, by its absolute path', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5106', -1);
    const played: string[] = [];
    const started: string[] = [];
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_EXECUTE' && event.get('Application') === 'playback') played.push(`${event.get('Unique-ID')} ${event.get('Application-Data')}`);
      if (event.name === 'PLAYBACK_START') started.push(`${event.get('Unique-ID')} ${event.get('Playback-File-Path')}`);
    });
    model.only('ANSWER');
    try {
      // Paused while its message is uploaded and reaches the switch; then it dials.
      const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}], { abandonAfterSeconds: 1 }, 'PAUSED');
      const wav = tinyWav(800);
      const uploaded = await uploadFile(t, owner.auth, `/campaigns/${campaignId}/abandon-message`, wav);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const file = abandonSoundPath(t.confDir, owner.tenant.tenant.code, campaignId);
      expect(await until(() => readFileSafe(file), (content) => content.length > 0)).toBe(wav.toString());
      await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', '=', campaignId).execute());
      const [attempt] = await endedAttempts(t, tenantId, campaignId, 1);
      expect(attempt).toMatchObject({ outcome: 'ABANDONED', connectedAt: null });
      expect(played).toEqual([`${attempt!.callId} ${file}`]);
      // The simulator opens absolute paths as the switch does: the file is there, so it plays.
      expect(started).toContain(`${attempt!.callId} ${file}`);
      // Removed: the switch's copy goes with the config sync's next pass.
      expect((await t.app.inject({ method: 'DELETE', url: `/campaigns/${campaignId}/abandon-message`, headers: owner.auth })).statusCode).toBe(204);
      expect(await until(() => readFileSafe(file), (content) => content === '')).toBe('');
    } finally {
      stop();
    }
  });

  it('calls a lead only inside its own state’s hours: Manaus waits while São Paulo is called, and the wait is counted', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5106');
    model.only('BUSY');
    // Wednesday 10:00 in São Paulo is 09:00 in Manaus, before the campaign's 09:30 window there.
    const from930 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:30', end: '20:00' }]]));
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{ phone: '+5592981110001' }, { phone: '+5511981110002' }], { schedule: JSON.stringify(from930) });
    const [attempt] = await endedAttempts(t, tenantId, campaignId, 1);
    expect(attempt!.leadId).toBe(leadIds[1]);
    const state = await until(
      () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').select('leadsWaitingWindow').where('campaignId', '=', campaignId).executeTakeFirst()),
      (row) => row?.leadsWaitingWindow === 1,
    );
    expect(state?.leadsWaitingWindow).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await attemptsOf(t, tenantId, campaignId)).map((row) => row.leadId)).toEqual([leadIds[1]]);
    expect((await leadOf(t, tenantId, leadIds[0]!)).status).toBe('READY');
  });

  it('counts an answer that comes before its minute’s first tick in a sample of its own', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'samples' } });
    const { campaignId } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [], {}, 'PAUSED');
    const minute = new Date('2026-11-25T13:07:00Z');
    await t.db.withTenant(tenantId, async (tx) => {
      await countInSample(tx, tenantId, campaignId, minute, 'answered');
      await countInSample(tx, tenantId, campaignId, minute, 'answered');
      await countInSample(tx, tenantId, campaignId, minute, 'abandoned');
    });
    const rows = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerSamples').selectAll().where('campaignId', '=', campaignId).execute());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ minute, answered: 2, abandoned: 1, attempts: 0, dialLevel: 1 });
  });

  it('reconciles an attempt in flight that nobody follows and the switch never had: FAILED (ORPHANED), with its call record, the lead retried', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'orphans' } });
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [{}], {}, 'PAUSED');
    const callId = crypto.randomUUID();
    await t.db.withTenant(tenantId, (tx) =>
      tx
        .insertInto('dialAttempts')
        .values({ tenantId, campaignId, leadId: leadIds[0]!, callId, phone: '+5511955550009', simulated: true, owner: t.runtime.dialer.owner, createdAt: new Date(Date.now() - 120_000) })
        .execute(),
    );
    expect(await t.runtime.dialer.reconcileOrphans()).toBeGreaterThanOrEqual(1);
    const [attempt] = await attemptsOf(t, tenantId, campaignId);
    expect(attempt).toMatchObject({ status: 'ENDED', outcome: 'FAILED', hangupCause: 'ORPHANED' });
    const call = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirstOrThrow());
    expect(call).toMatchObject({ hangupCause: 'ORPHANED', campaignId, attemptId: attempt!.id });
    expect(await leadOf(t, tenantId, leadIds[0]!)).toMatchObject({ status: 'READY', attempts: 1, lastOutcome: 'FAILED' });
  });

  it('dials nothing while no agent is logged in', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'empty' } });
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [{}, {}]);
    const state = await until(
      () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaignDialerState').select('lastDecision').where('campaignId', '=', campaignId).executeTakeFirst()),
      (row) => row !== undefined,
    );
    expect((state?.lastDecision as { reasons: string[] }).reasons).toContain('NO_AGENTS');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await attemptsOf(t, tenantId, campaignId)).toEqual([]);
    expect((await leadOf(t, tenantId, leadIds[0]!)).status).toBe('READY');
  });

  it('writes BUSY, NO_ANSWER and FAILED as attempts and call records with their cause, and retries at 15, 60 and 30 minutes (or the campaign’s own delays)', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5102');
    const cases = [
      { kind: 'BUSY', cause: 'USER_BUSY', minutes: 15 },
      { kind: 'NO_ANSWER', cause: 'NO_ANSWER', minutes: 60 },
      { kind: 'FAILED', cause: 'NORMAL_TEMPORARY_FAILURE', minutes: 30 },
    ] as const;
    for (const { kind, cause, minutes } of cases) {
      model.only(kind);
      const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{}]);
      const [attempt] = await endedAttempts(t, tenantId, campaignId, 1);
      expect(attempt).toMatchObject({ outcome: kind, hangupCause: cause, status: 'ENDED' });
      const lead = await leadOf(t, tenantId, leadIds[0]!);
      expect(lead).toMatchObject({ status: 'READY', attempts: 1, lastOutcome: kind });
      expect(minutesFrom(attempt!.endedAt!, lead.nextAttemptAt)).toBe(minutes);
      const call = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('calls').selectAll().where('id', '=', attempt!.callId).executeTakeFirstOrThrow());
      expect(call).toMatchObject({ direction: 'OUTBOUND', hangupCause: cause, campaignId, leadId: leadIds[0], attemptId: attempt!.id, answerAt: null, trunkId: null });
      expect(call.endedAt).not.toBeNull();
      // Nothing reached the switch.
      expect((await t.runtime.target.esl.api(`uuid_exists ${attempt!.callId}`)).trim()).toBe('false');
      await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('id', '=', campaignId).execute());
    }
    // The campaign's own delays (NO_ANSWER's underscore survives the trip through JSON), and the
    // last attempt ends the lead EXHAUSTED.
    model.only('NO_ANSWER');
    const overridden = await campaignWithLeads(t, owner, queueId, [{}], { retryMinutes: JSON.stringify({ BUSY: 5, NO_ANSWER: 7 }) });
    const [unanswered] = await endedAttempts(t, tenantId, overridden.campaignId, 1);
    expect(minutesFrom(unanswered!.endedAt!, (await leadOf(t, tenantId, overridden.leadIds[0]!)).nextAttemptAt)).toBe(7);
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('id', '=', overridden.campaignId).execute());
    model.only('BUSY');
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [{}], { retryMinutes: JSON.stringify({ BUSY: 5, NO_ANSWER: 7 }), maxAttempts: 2 });
    const [first] = await endedAttempts(t, tenantId, campaignId, 1);
    const lead = await leadOf(t, tenantId, leadIds[0]!);
    expect(minutesFrom(first!.endedAt!, lead.nextAttemptAt)).toBe(5);
    await t.db.withTenant(tenantId, (tx) => tx.updateTable('leads').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('id', '=', leadIds[0]!).execute());
    const both = await endedAttempts(t, tenantId, campaignId, 2);
    expect(outcomes(both)).toEqual(['BUSY', 'BUSY']);
    expect(await leadOf(t, tenantId, leadIds[0]!)).toMatchObject({ status: 'EXHAUSTED', attempts: 2, nextAttemptAt: null });
  });

  it('dials due callbacks before fresh leads, skips suppressed numbers (moved to DO_NOT_CALL) and never dials a lead twice at once', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5103');
    model.only('BUSY');
    const suppressed = '+5511955550001';
    await t.db.withTenant(tenantId, (tx) => tx.insertInto('suppressionEntries').values({ tenantId, phone: suppressed, source: 'MANUAL' }).execute());
    const { campaignId, leadIds } = await campaignWithLeads(t, owner, queueId, [
      { phone: suppressed },
      {},
      { status: 'CALLBACK', nextAttemptAt: new Date(Date.now() - 60_000) },
      { status: 'CALLBACK', nextAttemptAt: new Date(Date.now() + 3_600_000) },
    ]);
    const attempts = await endedAttempts(t, tenantId, campaignId, 2);
    expect(attempts.map((attempt) => attempt.leadId)).toEqual([leadIds[2], leadIds[1]]);
    // The suppressed number is found when its turn comes, and moved instead of dialed.
    expect((await until(() => leadOf(t, tenantId, leadIds[0]!), (lead) => lead.status === 'DO_NOT_CALL')).status).toBe('DO_NOT_CALL');
    expect((await attemptsOf(t, tenantId, campaignId)).some((attempt) => attempt.leadId === leadIds[0])).toBe(false);
    expect((await leadOf(t, tenantId, leadIds[2]!)).status).toBe('CALLBACK');
    // The callback not due yet is not dialed.
    expect((await attemptsOf(t, tenantId, campaignId)).some((attempt) => attempt.leadId === leadIds[3])).toBe(false);
    // A second in-flight attempt of one lead is refused by the database.
    await expect(
      t.db.withTenant(tenantId, async (tx) => {
        for (let i = 0; i < 2; i++) {
          await tx
            .insertInto('dialAttempts')
            .values({ tenantId, campaignId, leadId: leadIds[3]!, callId: crypto.randomUUID(), phone: '+5511900000000', simulated: true, owner: 'test' })
            .execute();
        }
      }),
    ).rejects.toThrow(/dial_attempts_lead_in_flight_idx/);
  });

  it('pause: no new originate from the next tick while the call in progress goes on; drain: no new lead, then STOPPED once it ended', async () => {
    const owner = await dialerTenant(t, platform);
    const tenantId = owner.tenant.tenant.id;
    const { queueId } = await staffedQueue(t, owner, '5104');
    model.only('NO_ANSWER');
    const saved = model.ringSeconds.NO_ANSWER;
    model.ringSeconds.NO_ANSWER = [2, 2];
    try {
      const { campaignId } = await campaignWithLeads(t, owner, queueId, [{}, {}, {}, {}, {}]);
      await until(() => attemptsOf(t, tenantId, campaignId), (rows) => rows.length === 1);
      const paused = await t.app.inject({ method: 'POST', url: `/campaigns/${campaignId}/pause`, headers: owner.auth });
      expect(paused.statusCode).toBe(200);
      // The call in progress still ends by itself, and nothing new is placed.
      await endedAttempts(t, tenantId, campaignId, 1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(1);

      await t.db.withTenant(tenantId, (tx) => tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', '=', campaignId).execute());
      await until(() => attemptsOf(t, tenantId, campaignId), (rows) => rows.length === 2);
      const drained = await t.app.inject({ method: 'POST', url: `/campaigns/${campaignId}/drain`, headers: owner.auth });
      expect(drained.statusCode).toBe(200);
      const keeper = new CampaignStatusKeeper({ db: t.db, coordination: t.coordination, realtime: realtimePublisher(t.coordination), log: pino({ level: 'silent' }) });
      // While the call is in flight the campaign keeps draining.
      const early = await keeper.review();
      expect(early.moves.find((move) => move.campaignId === campaignId)).toBeUndefined();
      await endedAttempts(t, tenantId, campaignId, 2);
      await keeper.review();
      const campaign = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow());
      expect(campaign.status).toBe('STOPPED');
      expect(await attemptsOf(t, tenantId, campaignId)).toHaveLength(2);
    } finally {
      model.ringSeconds.NO_ANSWER = saved;
    }
  });
});
