// A CSV list into the tenant's tables (decision 0042), whatever the list is: streamed from the
// upload to the database, rows judged as they are parsed, written 1000 to a transaction (while the
// next thousand are parsed), counted on the import row and reported over the tenant's socket after
// each commit. A file refused part-way loses what its committed batches wrote. What is written, and
// what completing means, is the kind's part (ImportKind): the lead import, the suppression import.
import type { Logger } from 'pino';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { inBatches, openCsv, type CsvFile, type CsvProgress, type CsvRow } from '../../platform/csv-import/csv-reader.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { RealtimeEventType, RealtimePublisher } from '../../platform/realtime/events.ts';
import type { ListImportProgressPayload } from '../../platform/realtime/import-event-schemas.ts';
import type { ListImportLimits, PhoneCandidate, RefusedRow } from './import-rows.ts';
import * as repo from './list-imports.repo.ts';
import type { ImportCounters, ImportResult, ListImportKind } from './list-imports.schema.ts';

/** The uploaded file as the route hands it over. */
export interface Upload {
  fileName: string | null;
  stream: AsyncIterable<Buffer>;
  /** The request's Content-Length, when the client sent one. */
  bytesExpected: number | null;
  /** The multipart text fields sent before the file, by name (a kind says which it takes). */
  fields?: Record<string, string[]>;
}

export interface ImportDeps {
  db: DatabaseHandles;
  realtime: RealtimePublisher;
  log: Pick<Logger, 'warn'>;
}

/** An event published once the completing transaction has committed. */
export interface AfterCommit {
  type: RealtimeEventType;
  payload: Record<string, unknown>;
}

/** How the rows of one file are read: the judge of a data row, and whether the first record is data (a file without a header). */
export interface RowReading<C extends PhoneCandidate> {
  judge: (row: CsvRow) => C | RefusedRow;
  headerIsData: boolean;
}

/** What a kind of import adds to the run: its columns, its batch write, its completion and its clean-up. */
export interface ImportKind<C extends PhoneCandidate> {
  readonly kind: ListImportKind;
  /** The campaign of a LEADS import; null for the suppression list. */
  readonly campaignId: string | null;
  /** Throws the file's 400 (NO_PHONE_COLUMN…) for a header it cannot read. */
  reading(file: CsvFile): RowReading<C>;
  /**
   * Writes a batch's candidates (distinct numbers, none seen earlier in the file) in the tenant's
   * transaction: which were there already (duplicates), and the batch's `suppressed` count.
   */
  write(tx: Tx, importId: string, candidates: C[]): Promise<{ existing: C[]; suppressed: number }>;
  /** In the completing transaction: the audit, and whatever else completes the import. */
  complete(tx: Tx, importId: string, counters: ImportCounters): Promise<AfterCommit[]>;
  /** A refused file: deletes what the import wrote; returns the counters of what stays (zero when nothing does). */
  discard(tx: Tx, importId: string, counters: ImportCounters): Promise<Partial<ImportCounters>>;
}

/** Batches written at once: one on each of two connections while the next is parsed. */
const IN_FLIGHT = 2;

const zero = (): ImportCounters => ({ total: 0, valid: 0, invalid: 0, duplicates: 0, imported: 0, suppressed: 0 });
const add = (into: ImportCounters, delta: ImportCounters) => {
  for (const key of Object.keys(into) as (keyof ImportCounters)[]) into[key] += delta[key];
};

/** File names shown back in the console: no control characters, bounded like the column. */
const cleanFileName = (name: string | null) => {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned === '' ? null : cleaned;
};

/** Records the import, reads the upload into it, and completes it; a refused file is discarded, FAILED, and its error rethrown. */
export async function runImport<C extends PhoneCandidate>(
  deps: ImportDeps,
  limits: ListImportLimits,
  actor: TenantActor,
  part: ImportKind<C>,
  upload: Upload,
): Promise<ImportResult> {
  const { id: importId } = await deps.db.withTenant(actor.tenantId, (tx) =>
    repo.insertImport(tx, { tenantId: actor.tenantId, kind: part.kind, campaignId: part.campaignId, fileName: cleanFileName(upload.fileName), createdBy: actor.userId }),
  );
  const run = new ImportRun(deps, limits, actor, part, importId, upload.bytesExpected);
  try {
    await run.read(upload.stream);
  } catch (error) {
    await run.fail(error);
    throw error;
  }
  return run.complete();
}

/** A batch judged in memory, ready for its transaction. */
interface PreparedBatch<C> {
  candidates: C[];
  refused: repo.RejectToInsert[];
  /** Rows refused as duplicates of an earlier row of the file. */
  inFile: number;
  rows: number;
  /** The candidates' cells by row: one the kind already has is refused with them. */
  cells: Map<number, string[]>;
}

/** One import's state: the numbers of the file seen so far, its counters, the batches in flight. */
class ImportRun<C extends PhoneCandidate> {
  private readonly progress: CsvProgress = { bytesRead: 0, rowsRead: 0 };
  private readonly counters = zero();
  /**
   * The E.164 numbers of this file seen so far, as numbers (13 digits fit a double exactly): the
   * in-file duplicates across batches. About 40 bytes a number: 40 MB for a million-row file.
   */
  private readonly seen = new Set<number>();

  constructor(
    private readonly deps: ImportDeps,
    private readonly limits: ListImportLimits,
    private readonly actor: TenantActor,
    private readonly part: ImportKind<C>,
    private readonly importId: string,
    private readonly bytesExpected: number | null,
  ) {}

  private file: CsvFile | null = null;
  private headerIsData = false;

  async read(source: AsyncIterable<Buffer>): Promise<void> {
    const file = await openCsv(source, this.limits, this.progress);
    const { judge, headerIsData } = this.part.reading(file);
    this.file = file;
    this.headerIsData = headerIsData;
    const progress = this.progress;
    async function* dataRows(): AsyncGenerator<CsvRow> {
      if (headerIsData) {
        progress.rowsRead += 1;
        yield { row: file.headerRow, fields: file.header };
      }
      yield* file.rows;
    }
    // Batches are written while the next ones are parsed (at most IN_FLIGHT at once, so memory
    // stays bounded); a failure is kept, not left unhandled, and surfaces at the next wait.
    const inFlight = new Set<Promise<Error | null>>();
    const failure = async (all: boolean) => {
      while (inFlight.size > (all ? 0 : IN_FLIGHT - 1)) {
        const error = await Promise.race(inFlight);
        if (error) return error;
      }
      return null;
    };
    let failed: Error | null;
    try {
      for await (const rows of inBatches(dataRows(), this.limits.batchRows)) {
        const batch = this.prepare(rows.map((row) => ({ judged: judge(row), cells: this.cellsOf(row) })));
        const error = await failure(false);
        if (error) throw error;
        const write: Promise<Error | null> = this.commit(batch).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        );
        inFlight.add(write);
        void write.then(() => inFlight.delete(write));
      }
    } finally {
      // A refused file must not leave a batch committing after the clean-up.
      failed = (await Promise.all(inFlight)).find((outcome) => outcome !== null) ?? null;
    }
    if (failed) throw failed;
    if (this.counters.total === 0) throw badRequest(E.NO_DATA_ROWS, 'The file has a header row but no rows to import', [{ path: 'file', message: 'no rows' }]);
  }

  /** A row's cells for the rejected-rows file: the header's width (Excel's trailing separators dropped). */
  private cellsOf(row: CsvRow): string[] {
    return this.headerIsData || !this.file ? row.fields : row.fields.slice(0, this.file.header.length);
  }

  /** In-file duplicates: a number seen in an earlier row of this file (any batch) is refused. */
  private prepare(judged: { judged: C | RefusedRow; cells: string[] }[]): PreparedBatch<C> {
    const batch: PreparedBatch<C> = { candidates: [], refused: [], inFile: 0, rows: judged.length, cells: new Map() };
    for (const { judged: row, cells } of judged) {
      if (!row.ok) {
        batch.refused.push({ ...row, cells });
        continue;
      }
      const key = Number(row.phone.slice(1));
      if (this.seen.has(key)) {
        batch.refused.push({ row: row.row, raw: row.raw, reason: 'DUPLICATE', cells });
        batch.inFile += 1;
        continue;
      }
      this.seen.add(key);
      batch.candidates.push(row);
      batch.cells.set(row.row, cells);
    }
    return batch;
  }

  private async commit(batch: PreparedBatch<C>): Promise<void> {
    const target = { tenantId: this.actor.tenantId, importId: this.importId };
    const delta = await this.deps.db.withTenant(this.actor.tenantId, async (tx) => {
      const { existing, suppressed } = await this.part.write(tx, this.importId, batch.candidates);
      // Numbers the kind already had (an earlier import, or a parallel one) are duplicates too.
      const refused = [...batch.refused, ...existing.map((candidate) => ({ row: candidate.row, raw: candidate.raw, reason: 'DUPLICATE' as const, cells: batch.cells.get(candidate.row) }))];
      await repo.insertRejects(tx, target, refused);
      const duplicates = batch.inFile + existing.length;
      const imported = batch.candidates.length - existing.length;
      const delta: ImportCounters = {
        total: batch.rows,
        invalid: batch.rows - batch.candidates.length - batch.inFile,
        valid: imported + duplicates,
        duplicates,
        imported,
        suppressed,
      };
      await repo.addCounters(tx, this.importId, delta);
      return delta;
    });
    add(this.counters, delta);
    this.publishProgress('RUNNING', null);
  }

  /** COMPLETED and whatever the kind does with it (audit, campaign status), then its events. */
  async complete(): Promise<ImportResult> {
    const after = await this.deps.db.withTenant(this.actor.tenantId, async (tx) => {
      const source = this.file ? { header: this.headerIsData ? null : this.file.header, encoding: this.file.encoding() } : undefined;
      await repo.finishImport(tx, this.importId, 'COMPLETED', null, source);
      return this.part.complete(tx, this.importId, { ...this.counters });
    });
    for (const event of after) await this.emit(event.type, event.payload);
    this.publishProgress('COMPLETED', null);
    return { importId: this.importId, ...this.counters };
  }

  /** Nothing of a refused file stays but what its kind says: its rows and refused rows are deleted, the import FAILED with the answer's code. */
  async fail(error: unknown): Promise<void> {
    const code = error instanceof AppError ? error.code : E.INTERNAL_ERROR;
    const kept = zero();
    try {
      await this.deps.db.withTenant(this.actor.tenantId, async (tx) => {
        Object.assign(kept, await this.part.discard(tx, this.importId, { ...this.counters }));
        // The message's values (`byte`, `row`…) stay with the code, for the history's message.
        await repo.discardImport(tx, this.importId, { code, params: error instanceof AppError ? (error.params ?? null) : null }, kept);
      });
    } catch (cleanup) {
      this.deps.log.warn({ tenantId: this.actor.tenantId, importId: this.importId, err: cleanup }, 'a refused import could not be cleaned up');
    }
    Object.assign(this.counters, kept);
    this.publishProgress('FAILED', code);
  }

  private publishProgress(status: ListImportProgressPayload['status'], errorCode: string | null): void {
    const payload: ListImportProgressPayload = {
      importId: this.importId,
      kind: this.part.kind,
      campaignId: this.part.campaignId,
      bytesRead: this.progress.bytesRead,
      bytesExpected: this.bytesExpected,
      rowsRead: this.progress.rowsRead,
      ...this.counters,
      status,
      errorCode,
    };
    // Not awaited: the next batch does not wait for the socket; the channel keeps the order.
    void this.emit('LIST_IMPORT_PROGRESS', { ...payload });
  }

  private async emit(type: RealtimeEventType, payload: Record<string, unknown>): Promise<void> {
    try {
      await this.deps.realtime.publish(this.actor.tenantId, type, payload);
    } catch (error) {
      // The data is committed; a lost push is corrected by the next read of the import.
      this.deps.log.warn({ tenantId: this.actor.tenantId, importId: this.importId, err: error }, `${type} could not be published`);
    }
  }
}
