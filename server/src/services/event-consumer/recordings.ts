// Call recordings, from the switch's folder to the object store. A recorded queue records the caller
// with RECORD_STEREO=true into <recordingsDir>/<tenant id>/<call uuid>-<recording id>.wav, one file
// per entry into a recorded queue (decision 0041): RECORD_START opens that file's Recording
// (RECORDING, with the switch path, numbered in the call's order); its RECORD_STOP — or the end of
// the call's main leg, should the stop be lost — checks the file, stores it, and removes it from
// the switch's folder. A path outside the tenant's own folder is never read: the event names a file,
// and a tenant must not be able to point the platform at another tenant's audio or at any file.
// A missing or wrong file makes the recording FAILED with its reason; nothing here throws for it.
import { realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { RecordingReason } from '../../platform/db/schema.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { checkRecordingFile, type WavCheck } from '../../modules/recordings/recording-wav.ts';
import { storageLimitBytes, wouldExceedStorage } from '../../modules/recordings/recording-rules.ts';
import type { TenantResolver } from './tenant-resolver.ts';

export interface RecordingCollection {
  storage: ObjectStorage;
  /** config freeswitch.recordingsDir: the folder the switch records into, seen at the same path here. */
  recordingsDir: string;
  /**
   * How long a file that is not there yet, or still growing, is waited for (a shared folder may
   * show it late); a file that stays the same wrong size fails at once. Default 5 s.
   */
  waitMs?: number;
}

export interface RecordingHandlerDeps {
  db: DatabaseHandles;
  tenants: TenantResolver;
  log: Pick<Logger, 'debug' | 'info' | 'warn'>;
  /** Absent: recordings are not collected (a consumer without storage, e.g. in some tests). */
  recordings?: RecordingCollection;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POLL_MS = 100;

/**
 * The object key of a call's recording: by tenant, then the UTC date the call began. The call's
 * first recording is `<call id>.wav` (the specification's key), a later one `<call id>-<seq>.wav`.
 */
export function recordingKey(tenantId: string, callId: string, callCreatedAt: Date, seq = 1): string {
  const iso = callCreatedAt.toISOString();
  const name = seq === 1 ? callId : `${callId}-${seq}`;
  return `tenants/${tenantId}/recordings/${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}/${name}.wav`;
}

/** Pure: whether `file` is a .wav inside `<recordingsDir>/<tenantId>/` (after resolving `..`). */
export function insideTenantFolder(recordingsDir: string, tenantId: string, file: string): boolean {
  if (!UUID.test(tenantId) || !path.isAbsolute(file)) return false;
  const folder = path.resolve(recordingsDir, tenantId) + path.sep;
  const resolved = path.resolve(file);
  return resolved.startsWith(folder) && resolved.endsWith('.wav');
}

/** The call a recording belongs to: the platform's svc_call_id, else the recorded channel. */
const callIdOf = (headers: Record<string, string>): string | undefined =>
  headers.variable_svc_call_id ?? headers.svc_call_id ?? headers['Unique-ID'];

export function recordingHandlers(deps: RecordingHandlerDeps) {
  /** The tenant, call and file of a RECORD_* event, or null (logged) when it is not ours to read. */
  const target = async (headers: Record<string, string>) => {
    const collection = deps.recordings;
    if (!collection) return null;
    const tenant = await deps.tenants.byEvent(headers, [], { anyStatus: true });
    const callId = callIdOf(headers);
    const file = headers['Record-File-Path'];
    if (!tenant || !callId || !UUID.test(callId) || !file) {
      deps.log.debug({ callId, file }, 'recording event without a known tenant, call or file: ignored');
      return null;
    }
    if (!insideTenantFolder(collection.recordingsDir, tenant.id, file)) {
      deps.log.warn({ tenantId: tenant.id, callId, file }, "recording outside the tenant's recordings folder: ignored, never read");
      return null;
    }
    return { tenantId: tenant.id, callId, file: path.resolve(file), collection };
  };

  return {
    RECORD_START: async (headers: Record<string, string>) => {
      const found = await target(headers);
      if (found) await openRecording(deps, found.tenantId, found.callId, found.file);
    },
    RECORD_STOP: async (headers: Record<string, string>) => {
      const found = await target(headers);
      if (!found) return;
      // RECORD_START may have been lost (a reconnect): the stop alone is enough.
      if (!(await openRecording(deps, found.tenantId, found.callId, found.file))) return;
      await collectRecording(deps, found.collection, found.tenantId, found.callId, headers['Record-Completion-Cause'], found.file);
    },
    // The main leg is gone and its recording was never stopped (RECORD_STOP lost): collect it now.
    CHANNEL_HANGUP_COMPLETE: async (headers: Record<string, string>) => {
      if (!deps.recordings) return;
      const callId = callIdOf(headers);
      if (!callId || callId !== headers['Unique-ID'] || !UUID.test(callId)) return;
      const tenant = await deps.tenants.byEvent(headers, [], { anyStatus: true });
      if (tenant) await collectRecording(deps, deps.recordings, tenant.id, callId);
    },
  };
}

/**
 * Creates the RECORDING row of this file of the call (once per file), numbered after the call's
 * earlier recordings; false when the call is unknown (its row must exist).
 */
async function openRecording(deps: RecordingHandlerDeps, tenantId: string, callId: string, file: string): Promise<boolean> {
  return deps.db.withTenant(tenantId, async (tx) => {
    const call = await tx.selectFrom('calls').select('id').where('id', '=', callId).executeTakeFirst();
    if (!call) {
      deps.log.warn({ tenantId, callId }, 'recording of a call the platform has no record of: ignored');
      return false;
    }
    // One call's recordings are numbered one at a time (two consumers, or a START and its STOP).
    await sql`SELECT pg_advisory_xact_lock(hashtext('recording-open'), hashtext(${callId}))`.execute(tx);
    const known = await tx.selectFrom('recordings').select('id').where('callId', '=', callId).where('switchPath', '=', file).executeTakeFirst();
    if (known) return true;
    const { last } = await tx
      .selectFrom('recordings')
      .select(sql<number>`coalesce(max(seq), 0)::int`.as('last'))
      .where('callId', '=', callId)
      .executeTakeFirstOrThrow();
    const reason = await recordingReason(tx, callId, last + 1);
    await tx.insertInto('recordings').values({ tenantId, callId, seq: last + 1, status: 'RECORDING', switchPath: file, reason }).execute();
    return true;
  });
}

/**
 * Which setting made this recording (decision 0082): a recording campaign records its calls from
 * the answer, so a campaign call's first recording is the campaign's; else the queue the call is
 * in records (its record-template); else one of the tenant's dialplan rules ran record_session.
 */
async function recordingReason(tx: Tx, callId: string, seq: number): Promise<RecordingReason> {
  const row = await tx
    .selectFrom('calls as c')
    .leftJoin('campaigns as cp', 'cp.id', 'c.campaignId')
    .leftJoin('queues as q', 'q.id', 'c.queueId')
    .select(['cp.recordingEnabled as campaignRecords', 'q.recordingEnabled as queueRecords'])
    .where('c.id', '=', callId)
    .executeTakeFirst();
  if (seq === 1 && row?.campaignRecords) return 'CAMPAIGN';
  return row?.queueRecords ? 'QUEUE' : 'DIALPLAN';
}

export type CollectOutcome = 'AVAILABLE' | 'FAILED' | 'NOTHING_TO_DO';

/**
 * Stores the call's recordings that are still RECORDING: the one of `file` (its RECORD_STOP), or
 * every one (the call ended, or the retention sweep). AVAILABLE when one was stored, else FAILED
 * when one failed, else NOTHING_TO_DO.
 */
export async function collectRecording(
  deps: Pick<RecordingHandlerDeps, 'db' | 'log'>,
  collection: RecordingCollection,
  tenantId: string,
  callId: string,
  completionCause?: string,
  file?: string,
): Promise<CollectOutcome> {
  if (file !== undefined) return collectOne(deps, collection, tenantId, callId, completionCause, file);
  const outcomes = new Set<CollectOutcome>();
  // Each pass settles one row (stored or failed) or finds none left that is not locked elsewhere.
  for (let outcome = await collectOne(deps, collection, tenantId, callId, completionCause); outcome !== 'NOTHING_TO_DO'; outcome = await collectOne(deps, collection, tenantId, callId, completionCause)) {
    outcomes.add(outcome);
  }
  return outcomes.has('AVAILABLE') ? 'AVAILABLE' : outcomes.has('FAILED') ? 'FAILED' : 'NOTHING_TO_DO';
}

/**
 * Stores one recording of the call (of `file`, else the first) if it is still RECORDING. The row
 * stays locked while the file is checked and copied, so two consumers (instances, or a stop and a
 * hangup) never store it twice: the second skips the locked row. The switch-side file is removed
 * only after the commit.
 */
async function collectOne(
  deps: Pick<RecordingHandlerDeps, 'db' | 'log'>,
  collection: RecordingCollection,
  tenantId: string,
  callId: string,
  completionCause?: string,
  file?: string,
): Promise<CollectOutcome> {
  const { storage } = collection;
  let removeFile: string | null = null;
  const outcome = await deps.db.withTenant(tenantId, async (tx): Promise<CollectOutcome> => {
    const row = await tx
      .selectFrom('recordings as r')
      .innerJoin('calls as c', 'c.id', 'r.callId')
      .select(['r.id', 'r.seq', 'r.switchPath', 'c.createdAt as callCreatedAt'])
      .where('r.callId', '=', callId)
      .where('r.status', '=', 'RECORDING')
      .$if(file !== undefined, (query) => query.where('r.switchPath', '=', file!))
      .orderBy('r.seq')
      .limit(1)
      .forUpdate('r')
      .skipLocked()
      .executeTakeFirst();
    if (!row) return 'NOTHING_TO_DO';
    const fail = async (reason: string): Promise<CollectOutcome> => {
      await tx.updateTable('recordings').set({ status: 'FAILED', failureReason: reason }).where('id', '=', row.id).execute();
      deps.log.warn({ tenantId, callId, recordingId: row.id, reason }, 'recording failed');
      return 'FAILED';
    };
    if (!row.switchPath || !insideTenantFolder(collection.recordingsDir, tenantId, row.switchPath)) {
      return fail("the file is not in the tenant's recordings folder");
    }
    const checked = await waitForCompleteFile(row.switchPath, collection.waitMs ?? 5_000);
    if (!checked.ok) return fail(`${checked.problem}${completionCause ? ` (switch: ${completionCause})` : ''}`);
    // Through a symlink the name may lead elsewhere: what is read must really be in the folder.
    const real = await realInside(collection.recordingsDir, tenantId, row.switchPath);
    if (!real) return fail("the file is not in the tenant's recordings folder");
    removeFile = real;

    // Refused before the upload when it clearly does not fit; checked again, locked, after it.
    const before = await storageUsage(tx);
    if (wouldExceedStorage(before.limitBytes, before.usedBytes, checked.size)) return fail(limitReason(before));
    const key = recordingKey(tenantId, callId, row.callCreatedAt, row.seq);
    await storage.put(key, { file: real });
    // One tenant's recordings are counted one at a time (a transaction-scoped lock), so two
    // recordings stored at once cannot both fit under a limit that only one fits under.
    await sql`SELECT pg_advisory_xact_lock(hashtext('recording-storage'), hashtext(${tenantId}))`.execute(tx);
    const usage = await storageUsage(tx);
    if (wouldExceedStorage(usage.limitBytes, usage.usedBytes, checked.size)) {
      await storage.delete(key);
      return fail(limitReason(usage));
    }
    const storedAt = new Date();
    await tx
      .updateTable('recordings')
      .set({
        status: 'AVAILABLE',
        storageKey: key,
        sizeBytes: checked.size,
        durationSeconds: checked.info.durationSeconds,
        storedAt,
        retentionUntil: new Date(storedAt.getTime() + usage.retentionDays * 86_400_000),
        failureReason: null,
      })
      .where('id', '=', row.id)
      .execute();
    deps.log.info({ tenantId, callId, recordingId: row.id, sizeBytes: checked.size }, 'recording stored');
    return 'AVAILABLE';
  });
  // Stored (or refused by the limit, decision 0031): the switch's copy goes either way.
  if (removeFile) await rm(removeFile, { force: true }).catch((error: unknown) => deps.log.warn({ err: error, callId }, 'switch-side recording not removed'));
  return outcome;
}

/** The real path of `file` if it (through any symlink) is a .wav inside the tenant's real folder; else null. */
async function realInside(recordingsDir: string, tenantId: string, file: string): Promise<string | null> {
  try {
    const [real, folder] = await Promise.all([realpath(file), realpath(path.join(recordingsDir, tenantId))]);
    return real.startsWith(folder + path.sep) && real.endsWith('.wav') ? real : null;
  } catch {
    return null;
  }
}

const limitReason = (usage: { usedBytes: number; limitBytes: number | null }) =>
  `storage limit reached: ${usage.usedBytes} of ${usage.limitBytes ?? 0} bytes used (plan maxRecordingStorageGb)`;

/** Polls while the file is missing or still growing, up to `waitMs`; a stable wrong file fails at once. */
async function waitForCompleteFile(file: string, waitMs: number): Promise<WavCheck & { size: number }> {
  const deadline = Date.now() + waitMs;
  let previous = -1;
  for (;;) {
    const checked = await checkRecordingFile(file);
    const missing = !checked.ok && checked.problem === 'file not found';
    if (checked.ok || (!missing && checked.size === previous) || Date.now() >= deadline) return checked;
    previous = checked.size;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The tenant's stored bytes, its plan's limit (null: none) and retention. */
async function storageUsage(tx: Tx): Promise<{ usedBytes: number; limitBytes: number | null; retentionDays: number }> {
  const plan = await tx
    .selectFrom('tenants as t')
    .innerJoin('plans as p', 'p.id', 't.planId')
    .select(['p.maxRecordingStorageGb', 'p.recordingRetentionDays'])
    .executeTakeFirstOrThrow();
  const { used } = await tx
    .selectFrom('recordings')
    .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('used'))
    .where('status', '=', 'AVAILABLE')
    .executeTakeFirstOrThrow();
  return {
    usedBytes: Number(used),
    limitBytes: storageLimitBytes(plan.maxRecordingStorageGb),
    retentionDays: plan.recordingRetentionDays,
  };
}
