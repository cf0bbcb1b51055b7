// Imports of lists (leads of a campaign, the suppression list), their counters and refused rows,
// under the tenant's row-level security. What an import writes into its own kind's table is the
// kind's repository's.
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { ListImportsTable, ListImportStatus, RejectReason } from '../../platform/db/schema.ts';
import type { ErrorParams } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { ImportCounters, ListImport, ListImportKind } from './list-imports.schema.ts';

const importColumns = [
  'id',
  'kind',
  'campaignId',
  'fileName',
  'status',
  'errorCode',
  'errorParams',
  'total',
  'valid',
  'invalid',
  'duplicates',
  'imported',
  'suppressed',
  'createdBy',
  'createdAt',
  'finishedAt',
] as const;
type ImportRow = Pick<Selectable<ListImportsTable>, (typeof importColumns)[number]>;

export const toListImport = (row: ImportRow): ListImport => ({ ...row, createdAt: row.createdAt.toISOString(), finishedAt: iso(row.finishedAt) });

/** Which imports a list shows: one kind, and for LEADS one campaign's (null for the suppression list). */
export interface ImportScope {
  kind: ListImportKind;
  campaignId: string | null;
}

export const insertImport = (tx: Tx, values: ImportScope & { tenantId: string; fileName: string | null; createdBy: string }) =>
  tx
    .insertInto('listImports')
    .values({ tenantId: values.tenantId, kind: values.kind, campaignId: values.campaignId, fileName: values.fileName, createdBy: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();

export interface RejectToInsert {
  row: number;
  raw: string;
  reason: RejectReason;
  /** The row's cells as written, for the rejected-rows file. */
  cells?: string[];
}

export async function insertRejects(tx: Tx, target: { tenantId: string; importId: string }, rejects: RejectToInsert[]): Promise<void> {
  if (rejects.length === 0) return;
  await sql`
    INSERT INTO list_import_rejects (import_id, tenant_id, row_number, raw_value, reason, cells)
    SELECT ${target.importId}::uuid, ${target.tenantId}::uuid, u.row_number, u.raw_value, u.reason,
      CASE WHEN u.cells IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(u.cells::jsonb)) END
    FROM unnest(
      ${rejects.map((reject) => reject.row)}::int[], ${rejects.map((reject) => reject.raw)}::text[], ${rejects.map((reject) => reject.reason)}::text[],
      ${rejects.map((reject) => (reject.cells ? JSON.stringify(reject.cells) : null))}::text[]
    ) AS u(row_number, raw_value, reason, cells)`.execute(tx);
}

/** What the rejected-rows file needs of the file: its header (null without one) and its encoding. */
export const sourceOf = (tx: Tx, importId: string) =>
  tx.selectFrom('listImports').select(['header', 'sourceEncoding']).where('id', '=', importId).executeTakeFirstOrThrow();

/** The downloading user's language, else the tenant's: the rejected-rows file is written in it. */
export const localeOf = async (tx: Tx, tenantId: string, userId: string): Promise<string> => {
  const row = await tx
    .selectFrom('tenants')
    .leftJoin('users', (join) => join.on('users.id', '=', userId))
    .select(['tenants.locale as tenantLocale', 'users.locale as userLocale'])
    .where('tenants.id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.userLocale ?? row.tenantLocale;
};

export const addCounters = (tx: Tx, importId: string, delta: ImportCounters) =>
  tx
    .updateTable('listImports')
    .set((eb) => ({
      total: eb('total', '+', delta.total),
      valid: eb('valid', '+', delta.valid),
      invalid: eb('invalid', '+', delta.invalid),
      duplicates: eb('duplicates', '+', delta.duplicates),
      imported: eb('imported', '+', delta.imported),
      suppressed: eb('suppressed', '+', delta.suppressed),
    }))
    .where('id', '=', importId)
    .execute();

/**
 * The import's end, with the file's header and encoding when it was read, in ONE update: a second
 * update of a row this transaction wrote re-checks its campaign's key (a KEY SHARE lock on the
 * campaign), and two imports of one campaign completing at once then deadlocked on the campaign's
 * lock (moveCampaign) each held part of.
 */
export const finishImport = (
  tx: Tx,
  importId: string,
  status: ListImportStatus,
  errorCode: string | null,
  source?: { header: string[] | null; encoding: string },
) =>
  tx
    .updateTable('listImports')
    .set({ status, errorCode, finishedAt: sql<Date>`now()`, ...(source ? { header: source.header, sourceEncoding: source.encoding } : {}) })
    .where('id', '=', importId)
    .execute();

/**
 * A refused file: its refused rows go, it is FAILED with why, its counters are `kept` (zero unless
 * the kind says what of it stays). The kind deletes its own rows first, in the same transaction.
 */
export async function discardImport(tx: Tx, importId: string, error: { code: string; params: ErrorParams | null }, kept: ImportCounters): Promise<void> {
  await tx.deleteFrom('listImportRejects').where('importId', '=', importId).execute();
  await tx
    .updateTable('listImports')
    .set({ status: 'FAILED', errorCode: error.code, errorParams: error.params && JSON.stringify(error.params), ...kept, finishedAt: sql<Date>`now()` })
    .where('id', '=', importId)
    .execute();
}

const IMPORTS_LISTED = 100;

const inScope = (tx: Tx, scope: ImportScope) => {
  const query = tx.selectFrom('listImports').select(importColumns).where('kind', '=', scope.kind);
  return scope.campaignId === null ? query.where('campaignId', 'is', null) : query.where('campaignId', '=', scope.campaignId);
};

export const listImports = (tx: Tx, scope: ImportScope) =>
  inScope(tx, scope).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(IMPORTS_LISTED).execute();

export const findImport = (tx: Tx, scope: ImportScope, importId: string) => inScope(tx, scope).where('id', '=', importId).executeTakeFirst();

/** Refused rows after `afterRow`, in file order: the rejected-rows CSV reads them a page at a time. */
export const rejectsAfter = (tx: Tx, importId: string, afterRow: number, limit: number) =>
  tx
    .selectFrom('listImportRejects')
    .select(['rowNumber', 'rawValue', 'reason', 'cells'])
    .where('importId', '=', importId)
    .where('rowNumber', '>', afterRow)
    .orderBy('rowNumber')
    .limit(limit)
    .execute();
