// A whole do-not-call list from a file (decision 0046): the suppression kind of a list import (the
// run, streamed in batches with progress events, is list-imports/import-run.ts). Each batch lists
// its new numbers and moves the tenant's dialable leads with them (suppressNumbers); numbers listed
// already are duplicates. Completing audits SUPPRESSION_IMPORTED.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { CsvFile } from '../../platform/csv-import/csv-reader.ts';
import type { Tx } from '../../platform/db/database.ts';
import { LIST_IMPORT_LIMITS, type ListImportLimits, type PhoneCandidate } from '../list-imports/import-rows.ts';
import { runImport, type AfterCommit, type ImportDeps, type ImportKind, type RowReading, type Upload } from '../list-imports/import-run.ts';
import { findImportIn, listImportsIn, rejectedRowsCsv, type RejectedFileReader } from '../list-imports/list-imports.service.ts';
import type { ImportCounters, ImportResult, ListImport } from '../list-imports/list-imports.schema.ts';
import { suppressionColumns, suppressionOfRow } from './suppression-rows.ts';
import * as repo from './suppression.repo.ts';

const SCOPE = { kind: 'SUPPRESSION', campaignId: null } as const;

export class SuppressionImportService {
  readonly limits: ListImportLimits;

  constructor(
    private readonly deps: ImportDeps,
    limits: Partial<ListImportLimits> = {},
  ) {
    this.limits = { ...LIST_IMPORT_LIMITS, ...limits };
  }

  async importList(actor: TenantActor, open: () => Promise<Upload>): Promise<ImportResult> {
    return runImport(this.deps, this.limits, actor, new SuppressionKind(this.limits, actor), await open());
  }

  imports(tenantId: string): Promise<ListImport[]> {
    return this.deps.db.withTenant(tenantId, (tx) => listImportsIn(tx, SCOPE));
  }

  getImport(tenantId: string, importId: string): Promise<ListImport> {
    return this.deps.db.withTenant(tenantId, (tx) => findImportIn(tx, SCOPE, importId));
  }

  async rejectedCsv(reader: RejectedFileReader, importId: string) {
    return rejectedRowsCsv(this.deps.db, reader, await this.getImport(reader.tenantId, importId));
  }
}

/** Numbers into the tenant's suppression list. */
class SuppressionKind implements ImportKind<PhoneCandidate> {
  readonly kind = 'SUPPRESSION';
  readonly campaignId = null;

  constructor(
    private readonly limits: ListImportLimits,
    private readonly actor: TenantActor,
  ) {}

  reading(file: CsvFile): RowReading<PhoneCandidate> {
    const columns = suppressionColumns(file.header);
    return { judge: (row) => suppressionOfRow(columns, row, this.limits), headerIsData: columns.headerIsData };
  }

  async write(tx: Tx, importId: string, candidates: PhoneCandidate[]) {
    const phones = candidates.map((candidate) => candidate.phone);
    const result = await repo.suppressNumbers(tx, this.actor.tenantId, phones, { source: 'IMPORT', importId, createdBy: this.actor.userId });
    // Which rows were the numbers already listed: the rejected-rows CSV names them like any duplicate.
    const listed = result.alreadySuppressed === 0 ? new Set<string>() : await repo.listedOtherwise(tx, importId, phones);
    return { existing: candidates.filter((candidate) => listed.has(candidate.phone)), suppressed: result.leadsMoved };
  }

  async complete(tx: Tx, importId: string, counters: ImportCounters): Promise<AfterCommit[]> {
    await recordAudit(tx, this.actor, { action: 'SUPPRESSION_IMPORTED', targetType: 'list_import', targetId: importId, details: { ...counters } });
    return [];
  }

  /** The entries go; the leads they moved stay DO_NOT_CALL, and the FAILED import keeps how many (decision 0046). */
  async discard(tx: Tx, importId: string, counters: ImportCounters) {
    await repo.deleteImportedEntries(tx, importId);
    return { suppressed: counters.suppressed };
  }
}
