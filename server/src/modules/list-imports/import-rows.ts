// Pure rules every list import shares (decision 0042): its limits, a row's number judged to E.164 or
// refused with why, and the checks of a row's shape. The kinds add their own columns.
import type { CsvRow } from '../../platform/csv-import/csv-reader.ts';
import type { RejectReason } from '../../platform/db/schema.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { parseLeadPhone } from '@callcenter/rules/phone';

export const LIST_IMPORT_LIMITS = {
  /** A file larger is refused (FILE_TOO_LARGE): 200 MB is several million rows. */
  maxBytes: 200 * 1024 * 1024,
  /** Columns of the file (TOO_MANY_COLUMNS). */
  maxColumns: 50,
  /** Characters of a column name. */
  maxColumnNameChars: 100,
  /** Characters of one record: 50 values of 1000 and their quotes fit. */
  maxRecordChars: 64 * 1024,
  /** Rows per transaction (the specification's batch). */
  batchRows: 1000,
  /** Characters of a refused value kept for the rejected-rows CSV (list_import_rejects.raw_value). */
  maxRejectedValueChars: 200,
} as const;
export type ListImportLimits = { -readonly [K in keyof typeof LIST_IMPORT_LIMITS]: number };

/** A row whose number is good: the kinds extend it with what else they keep. */
export type PhoneCandidate = { ok: true; row: number; raw: string; phone: string };
export type RefusedRow = { ok: false; row: number; raw: string; reason: RejectReason };

export const rejectedValue = (raw: string, limits: Pick<ListImportLimits, 'maxRejectedValueChars'>) => raw.slice(0, limits.maxRejectedValueChars);

/** The row's number as E.164, or the row refused with the reason (the value kept bounded for the rejected-rows CSV). */
export function judgePhone(row: number, raw: string, limits: Pick<ListImportLimits, 'maxRejectedValueChars'>): PhoneCandidate | RefusedRow {
  // The rejected-rows file wrote `'+55…` so a spreadsheet keeps it text: the fixed file imports as is.
  const phone = parseLeadPhone(raw.replace(/^\s*'(?=\s*\+)/, ''));
  const kept = rejectedValue(raw, limits);
  return phone.ok ? { ok: true, row, raw: kept, phone: phone.e164 } : { ok: false, row, raw: kept, reason: phone.reason };
}

export const fieldTooLong = (row: number, column: string, limit: number) =>
  badRequest(E.FIELD_TOO_LONG, `Row ${row}: the value of ${column} is longer than ${limit} characters`, [{ path: 'file', message: `row ${row}, ${column}` }], {
    row,
    column,
    limit,
  });

export const duplicateColumn = (written: string) =>
  badRequest(E.DUPLICATE_COLUMN, `The header names the column ${written} twice`, [{ path: 'file', message: `column ${written}` }], { column: written });

/** Extra fields that are empty are Excel's trailing separators; a non-empty one means the columns are shifted. */
export function assertWidth(width: number, { row, fields }: CsvRow): void {
  for (let index = width; index < fields.length; index += 1) {
    if (fields[index]!.trim() !== '') {
      throw badRequest(E.INVALID_CSV, `Row ${row} has more fields than the header`, [{ path: 'file', message: `row ${row}` }], { row });
    }
  }
}
