// Which setting recorded a call (decision 0082): the recording row says so from its RECORD_START,
// and the call's detail carries it to the console.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, useTestApp, type TenantFixture } from '../../../test/harness.ts';
import { LocalObjectStorage } from '../../platform/storage/index.ts';
import { recordingHandlers } from './recordings.ts';
import { TenantResolver } from './tenant-resolver.ts';

const t = useTestApp();
let recordingsDir: string;
let tenant: TenantFixture;
let handlers: ReturnType<typeof recordingHandlers>;

beforeAll(async () => {
  recordingsDir = mkdtempSync(path.join(tmpdir(), 'recording-reason-'));
  const storage = new LocalObjectStorage(mkdtempSync(path.join(tmpdir(), 'recording-reason-objects-')));
  handlers = recordingHandlers({ db: t.db, tenants: new TenantResolver(t.db), log: pino({ level: 'silent' }), recordings: { storage, recordingsDir, waitMs: 50 } });
  tenant = await createTenant(t.app, t.platform);
});

/** A call in a queue that records or not, from a campaign that records or not (or no campaign). */
async function callOf(setup: { queueRecords: boolean; campaignRecords?: boolean }): Promise<string> {
  const tenantId = tenant.tenant.id;
  return t.db.withTenant(tenantId, async (tx) => {
    const queue = await tx.insertInto('queues').values({ tenantId, name: `q-${randomUUID().slice(0, 8)}`, recordingEnabled: setup.queueRecords }).returning('id').executeTakeFirstOrThrow();
    let campaignId: string | null = null;
    if (setup.campaignRecords !== undefined) {
      const trunk = await tx.insertInto('trunks').values({ tenantId, name: `t${randomUUID().slice(0, 8)}`, host: 'sip.carrier.example' }).returning('id').executeTakeFirstOrThrow();
      const campaign = await tx
        .insertInto('campaigns')
        .values({ tenantId, name: `c-${randomUUID().slice(0, 8)}`, queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2, recordingEnabled: setup.campaignRecords, schedule: JSON.stringify({}) as never })
        .returning('id')
        .executeTakeFirstOrThrow();
      campaignId = campaign.id;
    }
    const id = randomUUID();
    await tx.insertInto('calls').values({ id, tenantId, direction: campaignId ? 'OUTBOUND' : 'INBOUND', createdAt: new Date(), queueId: queue.id, campaignId }).execute();
    return id;
  });
}

async function startRecording(callId: string, name = `${callId}.wav`): Promise<void> {
  const tenantId = tenant.tenant.id;
  await handlers.RECORD_START({ 'Event-Name': 'RECORD_START', 'Unique-ID': callId, variable_svc_tenant_id: tenantId, 'Record-File-Path': path.join(recordingsDir, tenantId, name) });
}

const reasonsOf = async (callId: string) => {
  const response = await t.call('GET', `/calls/${callId}`, tenant.admin.session);
  expect(response.statusCode).toBe(200);
  return response.json<{ recordings: { reason: string | null }[]; recording: { reason: string | null } | null }>();
};

describe('the reason of a recording', () => {
  it("is the campaign's when a recording campaign's call is recorded, whatever the queue's setting", async () => {
    const callId = await callOf({ queueRecords: false, campaignRecords: true });
    await startRecording(callId);
    const detail = await reasonsOf(callId);
    expect(detail.recording?.reason).toBe('CAMPAIGN');
    expect(detail.recordings.map((one) => one.reason)).toEqual(['CAMPAIGN']);
  });

  it("is the queue's when the queue records and the campaign does not", async () => {
    const callId = await callOf({ queueRecords: true, campaignRecords: false });
    await startRecording(callId);
    expect((await reasonsOf(callId)).recording?.reason).toBe('QUEUE');
  });

  it("is the queue's for an inbound queue call, and a later recording of a campaign call is the queue's", async () => {
    const inbound = await callOf({ queueRecords: true });
    await startRecording(inbound);
    expect((await reasonsOf(inbound)).recording?.reason).toBe('QUEUE');

    const dialed = await callOf({ queueRecords: true, campaignRecords: true });
    await startRecording(dialed, `${dialed}-a.wav`);
    await startRecording(dialed, `${dialed}-b.wav`);
    expect((await reasonsOf(dialed)).recordings.map((one) => one.reason)).toEqual(['CAMPAIGN', 'QUEUE']);
  });

  it('is a dialplan rule when neither the campaign nor the queue records', async () => {
    const callId = await callOf({ queueRecords: false });
    await startRecording(callId);
    expect((await reasonsOf(callId)).recording?.reason).toBe('DIALPLAN');
  });
});
