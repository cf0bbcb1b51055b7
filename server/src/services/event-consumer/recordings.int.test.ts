// The recording flow on the real database, with the events a switch sends (RECORD_START,
// RECORD_STOP, CHANNEL_HANGUP_COMPLETE) and real WAV files in the switch's recordings folder,
// stored in the local store and in S3 (a real S3-protocol server).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavBuffer } from '../../../../switch-sim/src/media/wav.ts';
import { createTenant, useTestApp, type TenantFixture } from '../../../test/harness.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { LocalObjectStorage, S3ObjectStorage, type ObjectStorage } from '../../platform/storage/index.ts';
import { collectRecording, recordingHandlers, recordingKey } from './recordings.ts';
import { TenantResolver } from './tenant-resolver.ts';

const t = useTestApp();
const log = pino({ level: 'silent' });
let recordingsDir: string;
let s3: TestS3;
const stores: Record<'local' | 's3', ObjectStorage> = {} as never;
let tenant: TenantFixture;

beforeAll(async () => {
  recordingsDir = mkdtempSync(path.join(tmpdir(), 'recordings-switch-'));
  stores.local = new LocalObjectStorage(mkdtempSync(path.join(tmpdir(), 'recordings-objects-')));
  s3 = await startTestS3();
  stores.s3 = new S3ObjectStorage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
  tenant = await createTenant(t.app, t.platform);
});
afterAll(async () => {
  (stores.s3 as S3ObjectStorage | undefined)?.close();
  await s3?.stop();
});

const handlersFor = (storage: ObjectStorage) =>
  recordingHandlers({ db: t.db, tenants: new TenantResolver(t.db), log, recordings: { storage, recordingsDir, waitMs: 300 } });

/** A call row as the call handlers would have written it. */
async function insertCall(tenantId: string, createdAt = new Date()): Promise<string> {
  const id = randomUUID();
  await t.db.withTenant(tenantId, (tx) => tx.insertInto('calls').values({ id, tenantId, direction: 'INBOUND', createdAt }).execute());
  return id;
}

const fileOf = (tenantId: string, callId: string) => path.join(recordingsDir, tenantId, `${callId}.wav`);

function writeRecording(file: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/** The headers a RECORD_* event of the recorded (main) channel carries. */
const eventHeaders = (tenantId: string, callId: string, file: string, extra: Record<string, string> = {}) => ({
  'Event-Name': 'RECORD_START',
  'Unique-ID': callId,
  'Channel-Call-UUID': callId,
  variable_svc_tenant_id: tenantId,
  'Record-File-Path': file,
  ...extra,
});

const recordingOf = (tenantId: string, callId: string) =>
  t.db.withTenant(tenantId, (tx) => tx.selectFrom('recordings').selectAll().where('callId', '=', callId).executeTakeFirst());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(['local', 's3'] as const)('a recorded call, stored in %s', (kind) => {
  it('RECORD_START opens it, RECORD_STOP checks, stores and removes the switch file', async () => {
    const handlers = handlersFor(stores[kind]);
    // 23:30 in São Paulo is the next day in UTC: the key follows UTC.
    const callId = await insertCall(tenant.tenant.id, new Date('2026-03-04T23:30:00-03:00'));
    const file = fileOf(tenant.tenant.id, callId);
    await handlers.RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'RECORDING', switchPath: file, storageKey: null });

    const audio = wavBuffer(2.25);
    writeRecording(file, audio);
    const before = Date.now();
    await handlers.RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file, { 'Event-Name': 'RECORD_STOP' }));

    const row = (await recordingOf(tenant.tenant.id, callId))!;
    const key = `tenants/${tenant.tenant.id}/recordings/2026/03/05/${callId}.wav`;
    expect(row).toMatchObject({ status: 'AVAILABLE', storageKey: key, failureReason: null });
    expect(Number(row.sizeBytes)).toBe(audio.length);
    expect(Number(row.durationSeconds)).toBe(2.25);
    // The seed plan's retention, counted from when it was stored.
    const plan = await t.db.withPlatform((tx) => tx.selectFrom('plans').select('recordingRetentionDays').where('id', '=', 'trial').executeTakeFirstOrThrow());
    expect(row.retentionUntil!.getTime() - row.storedAt!.getTime()).toBe(plan.recordingRetentionDays * 86_400_000);
    expect(row.storedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const stored = await stores[kind].get(key);
    expect((await readAll(stored!.stream)).equals(audio)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});

describe('recording events', () => {
  const handlers = () => handlersFor(stores.local);

  it('builds the key from the UTC date of the call', () => {
    expect(recordingKey('t1', 'c1', new Date('2026-12-31T23:59:59.999Z'))).toBe('tenants/t1/recordings/2026/12/31/c1.wav');
  });

  it("ignores (and never reads or removes) a path outside the tenant's own folder", async () => {
    const other = await createTenant(t.app, t.platform);
    const callId = await insertCall(tenant.tenant.id);
    const foreign = fileOf(other.tenant.id, callId);
    writeRecording(foreign, wavBuffer(1));
    const outside = [
      foreign, // another tenant's folder
      path.join(recordingsDir, tenant.tenant.id, '..', other.tenant.id, `${callId}.wav`), // climbing out
      path.join(recordingsDir, `${callId}.wav`), // the shared root
      '/etc/passwd',
      `${tenant.tenant.id}/${callId}.wav`, // relative
    ];
    for (const file of outside) {
      await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
      await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    }
    expect(await recordingOf(tenant.tenant.id, callId)).toBeUndefined();
    expect(existsSync(foreign)).toBe(true);
  });

  it('does not follow a symlink out of the folder', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const secret = path.join(mkdtempSync(path.join(tmpdir(), 'elsewhere-')), 'secret.wav');
    writeFileSync(secret, wavBuffer(1));
    const link = fileOf(tenant.tenant.id, callId);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(secret, link);
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, link));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, link));
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'FAILED', storageKey: null });
    expect(existsSync(secret)).toBe(true);
  });

  it('a missing file makes it FAILED with the reason (and the switch\'s completion cause)', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file, { 'Record-Completion-Cause': 'empty-file' }));
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'file not found (switch: empty-file)',
      storageKey: null,
    });
  });

  it('a mono file (RECORD_STEREO not set) is FAILED, not stored, and left for the operator', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    writeRecording(file, wavBuffer(1, { channels: [['read', 'write']], sampleRate: 8000 }));
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    const row = await recordingOf(tenant.tenant.id, callId);
    expect(row).toMatchObject({ status: 'FAILED', storageKey: null });
    expect(row!.failureReason).toMatch(/not 2 \(stereo\)/);
    expect(existsSync(file)).toBe(true);
  });

  it('waits for a file the switch is still finishing (written just after RECORD_STOP)', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    setTimeout(() => writeRecording(file, wavBuffer(1)), 120);
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'AVAILABLE' });
  });

  it('is idempotent: a repeated START or STOP of the same file changes nothing (one recording)', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    writeRecording(file, wavBuffer(1));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    const first = await recordingOf(tenant.tenant.id, callId);
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    expect(await recordingOf(tenant.tenant.id, callId)).toEqual(first);
    const count = await t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('recordings').select((eb) => eb.fn.countAll().as('n')).where('callId', '=', callId).executeTakeFirstOrThrow());
    expect(Number(count.n)).toBe(1);
  });

  it('two files of one call (two recorded queues) are two recordings, numbered in order, each stored under its own key', async () => {
    const callId = await insertCall(tenant.tenant.id, new Date('2026-05-06T10:00:00Z'));
    const [first, second] = [1, 2].map((n) => path.join(recordingsDir, tenant.tenant.id, `${callId}-${randomUUID()}-${n}.wav`)) as [string, string];
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, first));
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, second));
    writeRecording(first, wavBuffer(1));
    writeRecording(second, wavBuffer(2));
    // The second stops first: only its own file is collected.
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, second));
    const rows = () =>
      t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('recordings').select(['seq', 'status', 'switchPath', 'storageKey', 'durationSeconds']).where('callId', '=', callId).orderBy('seq').execute());
    expect(await rows()).toMatchObject([
      { seq: 1, status: 'RECORDING', switchPath: first, storageKey: null },
      { seq: 2, status: 'AVAILABLE', switchPath: second, storageKey: `tenants/${tenant.tenant.id}/recordings/2026/05/06/${callId}-2.wav`, durationSeconds: '2.000' },
    ]);
    // The first one's STOP is lost: the main leg's hangup collects it, under the specification's key.
    await handlers().CHANNEL_HANGUP_COMPLETE({ 'Event-Name': 'CHANNEL_HANGUP_COMPLETE', 'Unique-ID': callId, variable_svc_tenant_id: tenant.tenant.id });
    expect(await rows()).toMatchObject([
      { seq: 1, status: 'AVAILABLE', storageKey: recordingKey(tenant.tenant.id, callId, new Date('2026-05-06T10:00:00Z')), durationSeconds: '1.000' },
      { seq: 2, status: 'AVAILABLE' },
    ]);
    expect(recordingKey(tenant.tenant.id, callId, new Date('2026-05-06T10:00:00Z'))).toBe(`tenants/${tenant.tenant.id}/recordings/2026/05/06/${callId}.wav`);
    expect([existsSync(first), existsSync(second)]).toEqual([false, false]);
  });

  it('a lost RECORD_STOP: the main leg\'s hangup collects it; another leg\'s hangup does not', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    await handlers().RECORD_START(eventHeaders(tenant.tenant.id, callId, file));
    writeRecording(file, wavBuffer(1.5));
    const agentLeg = { 'Event-Name': 'CHANNEL_HANGUP_COMPLETE', 'Unique-ID': randomUUID(), variable_svc_call_id: callId, variable_svc_tenant_id: tenant.tenant.id };
    await handlers().CHANNEL_HANGUP_COMPLETE(agentLeg);
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'RECORDING' });
    await handlers().CHANNEL_HANGUP_COMPLETE({ ...agentLeg, 'Unique-ID': callId });
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'AVAILABLE', durationSeconds: '1.500' });
  });

  it('a RECORD_STOP without its START (lost) still stores the recording; a call unknown to the platform is ignored', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    writeRecording(file, wavBuffer(1));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, callId, file));
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'AVAILABLE' });

    const unknown = randomUUID();
    const orphan = fileOf(tenant.tenant.id, unknown);
    writeRecording(orphan, wavBuffer(1));
    await handlers().RECORD_STOP(eventHeaders(tenant.tenant.id, unknown, orphan));
    expect(await recordingOf(tenant.tenant.id, unknown)).toBeUndefined();
  });

  it('ties the recording to svc_call_id when the recorded channel carries it', async () => {
    const callId = await insertCall(tenant.tenant.id);
    const file = fileOf(tenant.tenant.id, callId);
    writeRecording(file, wavBuffer(1));
    await handlers().RECORD_STOP({ ...eventHeaders(tenant.tenant.id, randomUUID(), file), variable_svc_call_id: callId });
    expect(await recordingOf(tenant.tenant.id, callId)).toMatchObject({ status: 'AVAILABLE' });
  });
});

describe('the plan storage limit (decision 0031)', () => {
  // 0.001 GB = 1,000,000 bytes; a 15 s stereo recording is 480,044 bytes: two fit, not three.
  const seconds = 15;
  const size = wavBuffer(seconds).length;

  it('stores up to the limit, refuses the recording that would pass it, deletes nothing already stored', async () => {
    expect(size).toBe(480_044);
    const plan = await t.call('POST', '/plans', t.platform, { name: 'Tiny', maxRecordingStorageGb: 0.001 });
    const small = await createTenant(t.app, t.platform, { planId: plan.json<{ id: string }>().id });
    const statuses: string[] = [];
    const files: string[] = [];
    for (let i = 0; i < 3; i++) {
      const callId = await insertCall(small.tenant.id);
      const file = fileOf(small.tenant.id, callId);
      files.push(file);
      writeRecording(file, wavBuffer(seconds));
      await handlersFor(stores.local).RECORD_STOP(eventHeaders(small.tenant.id, callId, file));
      const row = (await recordingOf(small.tenant.id, callId))!;
      statuses.push(row.status);
      if (i === 2) expect(row.failureReason).toMatch(/^storage limit reached: 960088 of 1000000 bytes used/);
    }
    expect(statuses).toEqual(['AVAILABLE', 'AVAILABLE', 'FAILED']);
    // The refused recording's switch copy is removed too (the switch's disk is not the overflow).
    expect(files.map((file) => existsSync(file))).toEqual([false, false, false]);
  });

  it('two recordings finishing at once where only one fits: exactly one is stored', async () => {
    const plan = await t.call('POST', '/plans', t.platform, { name: 'Tiny', maxRecordingStorageGb: 0.001 });
    const small = await createTenant(t.app, t.platform, { planId: plan.json<{ id: string }>().id });
    const first = await insertCall(small.tenant.id);
    writeRecording(fileOf(small.tenant.id, first), wavBuffer(seconds));
    await handlersFor(stores.local).RECORD_STOP(eventHeaders(small.tenant.id, first, fileOf(small.tenant.id, first)));
    const racing = await Promise.all([insertCall(small.tenant.id), insertCall(small.tenant.id)]);
    for (const callId of racing) {
      writeRecording(fileOf(small.tenant.id, callId), wavBuffer(seconds));
      await handlersFor(stores.local).RECORD_START(eventHeaders(small.tenant.id, callId, fileOf(small.tenant.id, callId)));
    }
    const collection = { storage: stores.local, recordingsDir, waitMs: 300 };
    const outcomes = await Promise.all(racing.map((callId) => collectRecording({ db: t.db, log }, collection, small.tenant.id, callId)));
    expect([...outcomes].sort()).toEqual(['AVAILABLE', 'FAILED']);
    const refused = racing[outcomes.indexOf('FAILED')]!;
    // The refused one's object is not left behind in the store.
    expect(await stores.local.get(recordingKey(small.tenant.id, refused, new Date()))).toBeNull();
  });
});
