// The retention sweep on a database of its own (it reads every tenant), real storage, and two
// "instances" coordinated through the same Redis.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, createTenant, startTestApp, createPlatformAdmin, login, type TestApp } from '../../../test/harness.ts';
import { TEST_REDIS_URL } from '../../../test/env.ts';
import { until } from '../../../test/switch.ts';
import { wavBuffer } from '../../../../switch-sim/src/media/wav.ts';
import { createCoordination } from '../../platform/coordination/index.ts';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RecordingStatus } from '../../platform/db/schema.ts';
import { LocalObjectStorage, type ObjectStorage } from '../../platform/storage/storage.ts';
import { RecordingRetention } from './recording-retention.service.ts';

const log = pino({ level: 'silent' });
const DAY = 86_400_000;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let app: TestApp;
let db: DatabaseHandles;
let tenantId: string;
const storage = new LocalObjectStorage(mkdtempSync(path.join(tmpdir(), 'retention-')));
const prefix = `test:${randomUUID()}:`;
const coordinations: Coordination[] = [];
const instance = () => {
  const coordination = createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
  coordinations.push(coordination);
  return coordination;
};

beforeAll(async () => {
  scratch = await createScratchDatabase('retention');
  db = scratch.db;
  app = await startTestApp({ db });
  const admin = await createPlatformAdmin(db);
  const platform = await login(app.app, admin.email, admin.password);
  tenantId = (await createTenant(app.app, platform)).tenant.id;
});
afterAll(async () => {
  for (const coordination of coordinations) await coordination.close();
  await app?.close();
  await scratch?.drop();
});

/** A stored recording whose retention ends `offsetMs` from now. */
async function stored(offsetMs: number, status: RecordingStatus = 'AVAILABLE'): Promise<{ id: string; key: string }> {
  const callId = randomUUID();
  const key = `tenants/${tenantId}/recordings/2026/11/26/${callId}.wav`;
  await storage.put(key, Buffer.from('RIFF audio'));
  const row = await db.withTenant(tenantId, async (tx) => {
    await tx.insertInto('calls').values({ id: callId, tenantId, direction: 'INBOUND', createdAt: new Date() }).execute();
    return tx
      .insertInto('recordings')
      .values({ tenantId, callId, status, storageKey: key, sizeBytes: 10, retentionUntil: new Date(Date.now() + offsetMs) })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return { id: row.id, key };
}

const statusOf = (id: string) =>
  db.withTenant(tenantId, (tx) => tx.selectFrom('recordings').select(['status', 'deletedAt', 'storageKey']).where('id', '=', id).executeTakeFirstOrThrow());

describe('the recording retention sweep', () => {
  it('deletes the audio of recordings past retention and marks them DELETED, keeping the row', async () => {
    const past = await stored(-DAY);
    const future = await stored(DAY);
    const failed = await stored(-DAY, 'FAILED');
    const result = await new RecordingRetention({ db, storage, coordination: instance(), log }).sweep();
    expect(result).toEqual({ skipped: false, deleted: 1, collected: 0 });
    expect(await storage.get(past.key)).toBeNull();
    const row = await statusOf(past.id);
    expect(row.status).toBe('DELETED');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await statusOf(future.id)).toMatchObject({ status: 'AVAILABLE', deletedAt: null });
    expect(await storage.get(future.key)).not.toBeNull();
    expect(await statusOf(failed.id)).toMatchObject({ status: 'FAILED' });
  });

  it('works through more than one batch', async () => {
    const due = await Promise.all([stored(-DAY), stored(-DAY), stored(-DAY)]);
    const result = await new RecordingRetention({ db, storage, coordination: instance(), log, batchSize: 2 }).sweep();
    expect(result.deleted).toBe(3);
    for (const recording of due) expect((await statusOf(recording.id)).status).toBe('DELETED');
  });

  it('runs once across instances: a second sweep at the same time skips, nothing is deleted twice', async () => {
    const due = await Promise.all([stored(-DAY), stored(-DAY)]);
    const deletes: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // The first instance is held inside its first delete, lock in hand.
    const slow: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      delete: async (key: string) => {
        entered();
        await gate;
        deletes.push(key);
        await storage.delete(key);
      },
    });
    const counting: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      delete: async (key: string) => {
        deletes.push(key);
        await storage.delete(key);
      },
    });
    const first = new RecordingRetention({ db, storage: slow, coordination: instance(), log }).sweep();
    await inside;
    const second = await new RecordingRetention({ db, storage: counting, coordination: instance(), log }).sweep();
    expect(second).toEqual({ skipped: true, deleted: 0, collected: 0 });
    release();
    expect(await first).toEqual({ skipped: false, deleted: 2, collected: 0 });
    expect(deletes.sort()).toEqual(due.map((recording) => recording.key).sort());
    // And afterwards the lock is free again: the next sweep runs (and finds nothing).
    expect(await new RecordingRetention({ db, storage: counting, coordination: instance(), log }).sweep()).toEqual({ skipped: false, deleted: 0, collected: 0 });
  });

  it('leaves a recording whose object could not be deleted for the next sweep', async () => {
    const due = await stored(-DAY);
    const down: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      delete: () => Promise.reject(new Error('storage unreachable')),
    });
    expect(await new RecordingRetention({ db, storage: down, coordination: instance(), log }).sweep()).toEqual({ skipped: false, deleted: 0, collected: 0 });
    expect((await statusOf(due.id)).status).toBe('AVAILABLE');
    expect(await new RecordingRetention({ db, storage, coordination: instance(), log }).sweep()).toEqual({ skipped: false, deleted: 1, collected: 0 });
  });

  it('sweeps at start and then on its interval', async () => {
    const atStart = await stored(-DAY);
    const retention = new RecordingRetention({ db, storage, coordination: instance(), log, intervalMs: 100 });
    retention.start();
    try {
      expect((await until(() => statusOf(atStart.id), (row) => row.status === 'DELETED', 5_000)).status).toBe('DELETED');
      const later = await stored(-1);
      expect((await until(() => statusOf(later.id), (row) => row.status === 'DELETED', 5_000)).status).toBe('DELETED');
    } finally {
      await retention.stop();
    }
  });

  it('collects a recording left RECORDING after its call ended (stop and hangup lost), not one whose call just ended', async () => {
    const recordingsDir = mkdtempSync(path.join(tmpdir(), 'retention-switch-'));
    const open = async (endedAgoMs: number) => {
      const callId = randomUUID();
      const file = path.join(recordingsDir, tenantId, `${callId}.wav`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, wavBuffer(1));
      await db.withTenant(tenantId, async (tx) => {
        const now = Date.now();
        await tx.insertInto('calls').values({ id: callId, tenantId, direction: 'INBOUND', createdAt: new Date(now - endedAgoMs - 60_000), endedAt: new Date(now - endedAgoMs) }).execute();
        await tx.insertInto('recordings').values({ tenantId, callId, status: 'RECORDING', switchPath: file }).execute();
      });
      return { callId, file };
    };
    const old = await open(3_600_000);
    const recent = await open(60_000);
    const result = await new RecordingRetention({ db, storage, coordination: instance(), log, collection: { storage, recordingsDir, waitMs: 100 } }).sweep();
    expect(result).toMatchObject({ skipped: false, collected: 1 });
    const rowOf = (callId: string) => db.withTenant(tenantId, (tx) => tx.selectFrom('recordings').select(['status', 'storageKey']).where('callId', '=', callId).executeTakeFirstOrThrow());
    const stored = await rowOf(old.callId);
    expect(stored.status).toBe('AVAILABLE');
    expect(await storage.size(stored.storageKey!)).toBe(wavBuffer(1).length);
    expect(existsSync(old.file)).toBe(false);
    expect((await rowOf(recent.callId)).status).toBe('RECORDING');
    expect(existsSync(recent.file)).toBe(true);
  });
});
