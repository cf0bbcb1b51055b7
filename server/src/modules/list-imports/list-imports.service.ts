// Reading imports of any kind: a scope's list (newest first, at most 100), one import (404
// `listImport` outside the scope), and its refused rows as a CSV a spreadsheet opens safely. The
// kinds check their own parent (the campaign) first, in the same transaction.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import * as repo from './list-imports.repo.ts';
import type { ListImport } from './list-imports.schema.ts';

/** Refused rows read per query while the CSV streams out. */
const REJECTS_PAGE = 5000;

/**
 * One CSV chunk: RFC 4180 quoting, and a value starting with = + - @ (or tab, CR) prefixed with '
 * so a spreadsheet shows it as text rather than running it as a formula.
 */
export const csvLines = (records: (string | number)[][]) => stringify(records, { escape_formulas: true, record_delimiter: '\r\n' });

export const listImportsIn = async (tx: Tx, scope: repo.ImportScope): Promise<ListImport[]> => (await repo.listImports(tx, scope)).map(repo.toListImport);

export async function findImportIn(tx: Tx, scope: repo.ImportScope, importId: string): Promise<ListImport> {
  const row = await repo.findImport(tx, scope, importId);
  if (!row) throw notFound('listImport');
  return repo.toListImport(row);
}

/** The refused rows (row, value, reason) of a found import in file order, read a page at a time as the client downloads. */
export function rejectedRowsCsv(db: DatabaseHandles, tenantId: string, found: ListImport): { stream: Readable; fileName: string } {
  async function* chunks() {
    yield csvLines([['row', 'value', 'reason']]);
    for (let after = 0; ; ) {
      const rows = await db.withTenant(tenantId, (tx) => repo.rejectsAfter(tx, found.id, after, REJECTS_PAGE));
      if (rows.length === 0) return;
      yield csvLines(rows.map((row) => [row.rowNumber, row.rawValue, row.reason]));
      after = rows.at(-1)!.rowNumber;
    }
  }
  return { stream: Readable.from(chunks()), fileName: `rejected-${found.id}.csv` };
}
