// Pure: a do-not-call list file (Não Me Perturbe, Procon-SP, a customer's own) → where its numbers
// are (decision 0046). A header names the number's column (phone, telefone, número, celular) and
// may name a `ddd` column for numbers written without their area code; a file of bare numbers has
// no header, and its first line is a number like the others.
import { columnKey, type CsvRow } from '../../platform/csv-import/csv-reader.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { assertWidth, duplicateColumn, judgePhone, type ListImportLimits, type PhoneCandidate, type RefusedRow } from '../list-imports/import-rows.ts';
import { parseLeadPhone } from '@callcenter/rules/phone';

/** Header names of the number, matched trimmed, case and accents ignored ("Número" → numero). */
const PHONE_COLUMNS = new Set(['phone', 'telefone', 'numero', 'celular']);
const DDD_COLUMN = 'ddd';
/** A number without its area code: 8 digits (landline) or 9 (mobile), with the usual separators. */
const WITHOUT_AREA_CODE = /^\d{8,9}$/;

export interface SuppressionColumns {
  phone: number;
  ddd: number | null;
  /** Fields a row may have (the first record's); extra non-empty ones make the file invalid. */
  width: number;
  /** No header: the first record is a number to import. */
  headerIsData: boolean;
}

/**
 * The first record: a header (any known column name in it), or data when it names none and its
 * first field is a valid Brazilian number. Refuses a header without a number column, or with two.
 */
export function suppressionColumns(first: string[]): SuppressionColumns {
  const keys = first.map(columnKey);
  const named = keys.some((key) => PHONE_COLUMNS.has(key) || key === DDD_COLUMN);
  if (!named && parseLeadPhone(first[0] ?? '').ok) return { phone: 0, ddd: null, width: first.length, headerIsData: true };
  let phone: number | null = null;
  let ddd: number | null = null;
  for (const [index, key] of keys.entries()) {
    if (PHONE_COLUMNS.has(key)) {
      if (phone !== null) throw duplicateColumn(first[index]!.trim());
      phone = index;
    } else if (key === DDD_COLUMN) {
      if (ddd !== null) throw duplicateColumn(first[index]!.trim());
      ddd = index;
    }
  }
  if (phone === null) {
    throw badRequest(E.NO_PHONE_COLUMN, 'The first row is neither a header with a number column (phone, telefone, número, celular) nor a phone number', [
      { path: 'file', message: 'no phone column' },
    ]);
  }
  return { phone, ddd, width: first.length, headerIsData: false };
}

/**
 * One row's number, E.164 or refused with why. With a `ddd` column, a number of 8 or 9 digits (no
 * area code) is read after its DDD; a number that has its area code is read as written.
 */
export function suppressionOfRow(columns: SuppressionColumns, csvRow: CsvRow, limits: Pick<ListImportLimits, 'maxRejectedValueChars'>): PhoneCandidate | RefusedRow {
  assertWidth(columns.width, csvRow);
  const written = (csvRow.fields[columns.phone] ?? '').trim();
  const ddd = columns.ddd === null ? '' : (csvRow.fields[columns.ddd] ?? '').trim();
  const local = ddd !== '' && WITHOUT_AREA_CODE.test(written.replace(/[\s.\-/]/g, ''));
  return judgePhone(csvRow.row, local ? `${ddd} ${written}` : written, limits);
}
