// Reading imports of any kind: a scope's list (newest first, at most 100), one import (404
// `listImport` outside the scope), and its refused rows as a CSV a spreadsheet opens safely. The
// kinds check their own parent (the campaign) first, in the same transaction.
import { Readable } from 'node:stream';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import * as repo from './list-imports.repo.ts';
import { encodeChunk, fileLocale, REASON_COLUMN, rejectedLines, rejectedRecord, requestLocale } from './rejected-file.ts';
import type { ListImport } from './list-imports.schema.ts';

/** Who downloads: the file is in the console's language (Accept-Language), else the user's, else the tenant's. */
export interface RejectedFileReader {
  tenantId: string;
  userId: string;
  acceptLanguage?: string;
}

export interface RejectedFile {
  stream: Readable;
  fileName: string;
  charset: 'utf-8' | 'windows-1252';
}

/** Refused rows read per query while the CSV streams out. */
const REJECTS_PAGE = 5000;

export const listImportsIn = async (tx: Tx, scope: repo.ImportScope): Promise<ListImport[]> => (await repo.listImports(tx, scope)).map(repo.toListImport);

export async function findImportIn(tx: Tx, scope: repo.ImportScope, importId: string): Promise<ListImport> {
  const row = await repo.findImport(tx, scope, importId);
  if (!row) throw notFound('listImport');
  return repo.toListImport(row);
}

/**
 * The refused rows of a found import in file order, read a page at a time as the client downloads:
 * the original header and cells plus the reason in the reader's language (rejected-file.ts). A row
 * kept without its cells (an import made before they were) gives its number cell only.
 */
export async function rejectedRowsCsv(db: DatabaseHandles, reader: RejectedFileReader, found: ListImport): Promise<RejectedFile> {
  const { source, locale } = await db.withTenant(reader.tenantId, async (tx) => ({
    source: await repo.sourceOf(tx, found.id),
    locale: requestLocale(reader.acceptLanguage) ?? fileLocale(await repo.localeOf(tx, reader.tenantId, reader.userId)),
  }));
  async function* chunks() {
    const width = source.header?.length ?? 1;
    let first = true;
    const emit = (records: string[][]) => {
      const bytes = encodeChunk(rejectedLines(records, locale), source.sourceEncoding, first);
      first = false;
      return bytes;
    };
    if (source.header) yield emit([[...source.header, REASON_COLUMN[locale]]]);
    for (let after = 0; ; ) {
      const rows = await db.withTenant(reader.tenantId, (tx) => repo.rejectsAfter(tx, found.id, after, REJECTS_PAGE));
      if (rows.length === 0) break;
      yield emit(rows.map((row) => rejectedRecord(locale, width, { rowNumber: row.rowNumber, cells: row.cells ?? [row.rawValue], reason: row.reason })));
      after = rows.at(-1)!.rowNumber;
    }
    if (first) yield emit([]);
  }
  const charset = source.sourceEncoding === 'windows-1252' ? 'windows-1252' : 'utf-8';
  return { stream: Readable.from(chunks()), fileName: `rejected-${found.id}.csv`, charset };
}
