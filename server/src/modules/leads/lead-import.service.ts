// A CSV of leads into a campaign (decision 0042), streamed from the upload to the database: rows
// are judged as they are parsed, written 1000 to a transaction (while the next thousand are
// parsed), counted on the import row and reported over the tenant's socket after each commit. A
// file refused part-way loses what its committed batches wrote: nothing of it stays imported.
import type { Logger } from 'pino';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inBatches, openCsv, type CsvProgress } from '../../platform/csv-import/csv-reader.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { CampaignStatusChangedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { ListImportProgressPayload } from '../../platform/realtime/import-event-schemas.ts';
import { systemCampaignStatus } from '../campaigns/campaign-state.ts';
import { findCampaign, lockCampaign, setStatus } from '../campaigns/campaigns.repo.ts';
import { LEAD_IMPORT_LIMITS, leadColumns, leadOfRow, type LeadCandidate, type LeadImportLimits } from './lead-rows.ts';
import * as repo from './leads.repo.ts';
import type { ImportCounters, ImportResult } from './leads.schema.ts';

/** The uploaded file as the route hands it over. */
export interface Upload {
  fileName: string | null;
  stream: AsyncIterable<Buffer>;
  /** The request's Content-Length, when the client sent one. */
  bytesExpected: number | null;
}

/** Batches written at once: one on each of two connections while the next is parsed. */
const IN_FLIGHT = 2;

const zero = (): ImportCounters => ({ total: 0, valid: 0, invalid: 0, duplicates: 0, imported: 0, suppressed: 0 });
const add = (into: ImportCounters, delta: ImportCounters) => {
  for (const key of Object.keys(into) as (keyof ImportCounters)[]) into[key] += delta[key];
};

/** A batch judged in memory, ready for its transaction. */
interface PreparedBatch {
  candidates: LeadCandidate[];
  refused: repo.RejectToInsert[];
  /** Rows refused as duplicates of an earlier row of the file. */
  inFile: number;
  rows: number;
}

/** File names shown back in the console: no control characters, bounded like the column. */
const cleanFileName = (name: string | null) => {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned === '' ? null : cleaned;
};

export class LeadImportService {
  readonly limits: LeadImportLimits;

  constructor(
    private readonly deps: { db: DatabaseHandles; realtime: RealtimePublisher; log: Pick<Logger, 'warn'> },
    limits: Partial<LeadImportLimits> = {},
  ) {
    this.limits = { ...LEAD_IMPORT_LIMITS, ...limits };
  }

  /**
   * Checks the campaign before anything of the body is read (404 for another tenant's, 400 for a
   * STOPPED one), then reads the upload `open` gives and imports it.
   */
  async importLeads(actor: TenantActor, campaignId: string, open: () => Promise<Upload>): Promise<ImportResult> {
    const campaign = await this.deps.db.withTenant(actor.tenantId, (tx) => findCampaign(tx, campaignId));
    if (!campaign) throw notFound('campaign');
    if (campaign.status === 'STOPPED') throw badRequest(E.CAMPAIGN_STOPPED, 'A stopped campaign takes no new leads', [{ path: 'id', message: 'stopped' }]);
    const upload = await open();
    const { id: importId } = await this.deps.db.withTenant(actor.tenantId, (tx) =>
      repo.insertImport(tx, { tenantId: actor.tenantId, campaignId, fileName: cleanFileName(upload.fileName), createdBy: actor.userId }),
    );
    const run = new ImportRun(this.deps, this.limits, actor, campaignId, importId, upload.bytesExpected);
    try {
      await run.read(upload.stream);
    } catch (error) {
      await run.fail(error);
      throw error;
    }
    return run.complete();
  }
}

/** One import's state: the numbers of the file seen so far, its counters, the batch in flight. */
class ImportRun {
  private readonly progress: CsvProgress = { bytesRead: 0, rowsRead: 0 };
  private readonly counters = zero();
  /**
   * The E.164 numbers of this file seen so far, as numbers (13 digits fit a double exactly): the
   * in-file duplicates across batches. About 40 bytes a number: 40 MB for a million-row file.
   */
  private readonly seen = new Set<number>();
  private readonly target: { tenantId: string; campaignId: string; importId: string };

  constructor(
    private readonly deps: { db: DatabaseHandles; realtime: RealtimePublisher; log: Pick<Logger, 'warn'> },
    private readonly limits: LeadImportLimits,
    private readonly actor: TenantActor,
    private readonly campaignId: string,
    private readonly importId: string,
    private readonly bytesExpected: number | null,
  ) {
    this.target = { tenantId: actor.tenantId, campaignId, importId };
  }

  async read(source: AsyncIterable<Buffer>): Promise<void> {
    const file = await openCsv(source, this.limits, this.progress);
    const columns = leadColumns(file.header, file.headerRow, this.limits);
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
      for await (const rows of inBatches(file.rows, this.limits.batchRows)) {
        const batch = this.prepare(rows.map((row) => leadOfRow(columns, row, this.limits)));
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

  /** In-file duplicates: a number seen in an earlier row of this file (any batch) is refused. */
  private prepare(judged: ReturnType<typeof leadOfRow>[]): PreparedBatch {
    const batch: PreparedBatch = { candidates: [], refused: [], inFile: 0, rows: judged.length };
    for (const row of judged) {
      if (!row.ok) {
        batch.refused.push(row);
        continue;
      }
      const key = Number(row.phone.slice(1));
      if (this.seen.has(key)) {
        batch.refused.push({ row: row.row, raw: row.raw, reason: 'DUPLICATE' });
        batch.inFile += 1;
        continue;
      }
      this.seen.add(key);
      batch.candidates.push(row);
    }
    return batch;
  }

  private async commit(batch: PreparedBatch): Promise<void> {
    const delta = await this.deps.db.withTenant(this.actor.tenantId, async (tx) => {
      const inserted = await repo.insertLeads(tx, this.target, batch.candidates);
      const insertedPhones = new Set(inserted.map((lead) => lead.phone));
      // Numbers already leads of the campaign (an earlier import, or a parallel one) are duplicates too.
      const existing = batch.candidates.filter((candidate) => !insertedPhones.has(candidate.phone));
      const refused = [...batch.refused, ...existing.map((candidate) => ({ row: candidate.row, raw: candidate.raw, reason: 'DUPLICATE' as const }))];
      await repo.insertRejects(tx, this.target, refused);
      const duplicates = batch.inFile + existing.length;
      const delta: ImportCounters = {
        total: batch.rows,
        invalid: batch.rows - batch.candidates.length - batch.inFile,
        valid: inserted.length + duplicates,
        duplicates,
        imported: inserted.length,
        suppressed: inserted.filter((lead) => lead.status === 'DO_NOT_CALL').length,
      };
      await repo.addCounters(tx, this.importId, delta);
      return delta;
    });
    add(this.counters, delta);
    this.publishProgress('RUNNING', null);
  }

  /** COMPLETED, audited, and the campaign made READY if it was waiting for leads (DRAFT, COMPLETED). */
  async complete(): Promise<ImportResult> {
    const change = await this.deps.db.withTenant(this.actor.tenantId, async (tx) => {
      await repo.finishImport(tx, this.importId, 'COMPLETED', null);
      await recordAudit(tx, this.actor, { action: 'LEADS_IMPORTED', targetType: 'campaign', targetId: this.campaignId, details: { importId: this.importId, ...this.counters } });
      return this.moveCampaign(tx);
    });
    if (change) await this.emit('CAMPAIGN_STATUS_CHANGED', { ...change });
    this.publishProgress('COMPLETED', null);
    return { importId: this.importId, ...this.counters };
  }

  private async moveCampaign(tx: Tx): Promise<CampaignStatusChangedPayload | null> {
    const campaign = await lockCampaign(tx, this.campaignId);
    if (!campaign) return null;
    // Only DRAFT and COMPLETED move on leads; the facts of the other states are not needed.
    const next = systemCampaignStatus(campaign.status, { leadsLeft: await repo.countDialable(tx, this.campaignId), inFlight: 0, inSchedule: true });
    if (next === null || (campaign.status !== 'DRAFT' && campaign.status !== 'COMPLETED')) return null;
    await setStatus(tx, this.campaignId, next);
    await recordAudit(tx, this.actor, { action: 'CAMPAIGN_STATUS_CHANGED', targetType: 'campaign', targetId: this.campaignId, details: { from: campaign.status, to: next, cause: 'leads' } });
    return { campaignId: this.campaignId, status: next, previousStatus: campaign.status, cause: 'leads', userId: this.actor.userId };
  }

  /** Nothing of a refused file stays: its leads and refused rows are deleted, the import FAILED with the answer's code. */
  async fail(error: unknown): Promise<void> {
    const code = error instanceof AppError ? error.code : E.INTERNAL_ERROR;
    try {
      await this.deps.db.withTenant(this.actor.tenantId, (tx) => repo.discardImport(tx, this.importId, code));
    } catch (cleanup) {
      this.deps.log.warn({ tenantId: this.actor.tenantId, importId: this.importId, err: cleanup }, 'a refused import could not be cleaned up');
    }
    Object.assign(this.counters, zero());
    this.publishProgress('FAILED', code);
  }

  private publishProgress(status: ListImportProgressPayload['status'], errorCode: string | null): void {
    const payload: ListImportProgressPayload = {
      importId: this.importId,
      kind: 'LEADS',
      campaignId: this.campaignId,
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

  private async emit(type: 'LIST_IMPORT_PROGRESS' | 'CAMPAIGN_STATUS_CHANGED', payload: Record<string, unknown>): Promise<void> {
    try {
      await this.deps.realtime.publish(this.actor.tenantId, type, payload);
    } catch (error) {
      // The data is committed; a lost push is corrected by the next read of the import.
      this.deps.log.warn({ tenantId: this.actor.tenantId, importId: this.importId, err: error }, `${type} could not be published`);
    }
  }
}
