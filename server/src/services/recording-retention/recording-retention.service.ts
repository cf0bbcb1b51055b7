// The retention sweep: at start and every hour, recordings past their retentionUntil lose their
// audio (the object is deleted) and become DELETED; the row stays, so the call still shows that
// it was recorded. One instance sweeps at a time (the coordination lock); the others skip.
// The same pass collects recordings left RECORDING after their call ended (their RECORD_STOP and
// the hangup were lost, or storage was down when they came).
import type { Logger } from 'pino';
import type { Coordination, Lock } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { collectRecording, type RecordingCollection } from '../event-consumer/recordings.ts';

const LOCK_KEY = 'recording-retention';
const LOCK_TTL_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** A call ended this long ago has had every event it will send. */
const STALE_AFTER_END_MS = 10 * 60_000;
/** A recording still RECORDING this long after it started is collected whatever its call says. */
const STALE_AFTER_START_MS = 24 * HOUR_MS;

export interface RecordingRetentionDeps {
  db: DatabaseHandles;
  storage: ObjectStorage;
  coordination: Coordination;
  log: Logger;
  /** Between sweeps; default one hour. */
  intervalMs?: number;
  /** Recordings taken per round trip; default 200. */
  batchSize?: number;
  /** Where stale RECORDING recordings are collected from; absent, they are left alone. */
  collection?: RecordingCollection;
}

export interface SweepResult {
  /** Another instance was sweeping. */
  skipped: boolean;
  deleted: number;
  /** Stale RECORDING recordings collected (stored or failed). */
  collected: number;
}

export class RecordingRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly log: Logger;

  constructor(private readonly deps: RecordingRetentionDeps) {
    this.log = deps.log.child({ service: 'recording-retention' });
  }

  start(): void {
    const tick = () => {
      this.running = this.running.then(() => this.sweep()).catch((error: unknown) => this.log.warn({ err: error }, 'retention sweep failed'));
    };
    this.timer = setInterval(tick, this.deps.intervalMs ?? HOUR_MS);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Resolves when the sweep under way (if any) is over. */
  settled(): Promise<unknown> {
    return this.running;
  }

  /** Deletes the audio of every recording whose retention ended by `now`. */
  async sweep(now = new Date()): Promise<SweepResult> {
    const lock = await this.deps.coordination.acquireLock(LOCK_KEY, LOCK_TTL_MS);
    if (!lock) return { skipped: true, deleted: 0, collected: 0 };
    let deleted = 0;
    let collected: number;
    try {
      collected = await this.collectStale(now);
      for (;;) {
        const due = await this.due(now);
        let progress = 0;
        for (const recording of due) if (await this.expire(recording)) progress++;
        deleted += progress;
        // A batch not full is the last; one where nothing could be deleted (storage down) waits for
        // the next sweep; a lost lock leaves the rest to whoever holds it now.
        if (due.length < (this.deps.batchSize ?? 200) || progress === 0 || !(await lock.renew(LOCK_TTL_MS))) break;
      }
    } finally {
      await release(lock);
    }
    if (deleted > 0) this.log.info({ deleted }, 'recordings past retention deleted');
    return { skipped: false, deleted, collected };
  }

  private async collectStale(now: Date): Promise<number> {
    const { collection } = this.deps;
    if (!collection) return 0;
    const stale = await this.deps.db.withPlatform((tx) =>
      tx
        .selectFrom('recordings as r')
        .innerJoin('calls as c', 'c.id', 'r.callId')
        .select(['r.tenantId', 'r.callId'])
        .where('r.status', '=', 'RECORDING')
        .where((eb) =>
          eb.or([
            eb('c.endedAt', '<=', new Date(now.getTime() - STALE_AFTER_END_MS)),
            eb('r.createdAt', '<=', new Date(now.getTime() - STALE_AFTER_START_MS)),
          ]),
        )
        .limit(this.deps.batchSize ?? 200)
        .execute(),
    );
    let collected = 0;
    for (const { tenantId, callId } of stale) {
      try {
        if ((await collectRecording({ db: this.deps.db, log: this.log }, collection, tenantId, callId)) !== 'NOTHING_TO_DO') collected++;
      } catch (error) {
        this.log.warn({ err: error, callId }, 'stale recording not collected; tried again next sweep');
      }
    }
    return collected;
  }

  private due(now: Date) {
    return this.deps.db.withPlatform((tx) =>
      tx
        .selectFrom('recordings')
        .select(['id', 'tenantId', 'storageKey'])
        .where('status', '=', 'AVAILABLE')
        .where('retentionUntil', '<=', now)
        .orderBy('retentionUntil')
        .limit(this.deps.batchSize ?? 200)
        .execute(),
    );
  }

  /** The object first, then the row: a failure in between leaves a row the next sweep finishes. */
  private async expire(recording: { id: string; tenantId: string; storageKey: string | null }): Promise<boolean> {
    try {
      if (recording.storageKey) await this.deps.storage.delete(recording.storageKey);
    } catch (error) {
      this.log.warn({ err: error, recordingId: recording.id }, 'recording object not deleted; tried again next sweep');
      return false;
    }
    const row = await this.deps.db.withPlatform((tx) =>
      tx
        .updateTable('recordings')
        .set({ status: 'DELETED', deletedAt: new Date() })
        .where('id', '=', recording.id)
        .where('status', '=', 'AVAILABLE')
        .returning('id')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }
}

async function release(lock: Lock): Promise<void> {
  await lock.release().catch(() => undefined);
}
