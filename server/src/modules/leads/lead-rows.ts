// Pure: a CSV header → which column is the phone, the name and the lead's data; a row → a lead to
// insert or a refused row (decision 0042). Duplicates are the import's to find (they need its state).
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { CsvRow } from '../../platform/csv-import/csv-reader.ts';
import { columnKey } from '../../platform/csv-import/csv-reader.ts';
import type { RejectReason } from '../../platform/db/schema.ts';
import { normalizeBrazilianPhone } from './brazil-phone.ts';

export const LEAD_IMPORT_LIMITS = {
  /** A file larger is refused (FILE_TOO_LARGE): 200 MB is several million rows. */
  maxBytes: 200 * 1024 * 1024,
  /** Columns of the file, phone and name included (TOO_MANY_COLUMNS). */
  maxColumns: 50,
  /** Characters of a data value (FIELD_TOO_LONG); the phone is judged by its own rules instead. */
  maxValueChars: 1000,
  /** Characters of the name (the leads.name column's bound). */
  maxNameChars: 200,
  /** Characters of a column name. */
  maxColumnNameChars: 100,
  /** Characters of one record: 50 values of 1000 and their quotes fit. */
  maxRecordChars: 64 * 1024,
  /** Rows per transaction (the specification's batch). */
  batchRows: 1000,
  /** Characters of a refused value kept for the rejected-rows CSV (list_import_rejects.raw_value). */
  maxRejectedValueChars: 200,
} as const;
export type LeadImportLimits = { -readonly [K in keyof typeof LEAD_IMPORT_LIMITS]: number };

const PHONE_COLUMNS = new Set(['phone', 'telefone']);
const NAME_COLUMNS = new Set(['name', 'nome']);

export interface LeadColumns {
  phone: number;
  name: number | null;
  /** Every other column with a name: kept in the lead's data under its name as written (trimmed). */
  data: { index: number; key: string }[];
  /** Fields a row may have (the header's); extra non-empty ones make the file invalid. */
  width: number;
}

const fieldTooLong = (row: number, column: string, limit: number) =>
  badRequest(E.FIELD_TOO_LONG, `Row ${row}: the value of ${column} is longer than ${limit} characters`, [{ path: 'file', message: `row ${row}, ${column}` }], {
    row,
    column,
    limit,
  });

/** The columns of a header row; refuses a file without a phone column or with a name twice. */
export function leadColumns(header: string[], headerRow: number, limits: LeadImportLimits): LeadColumns {
  let phone: number | null = null;
  let name: number | null = null;
  const data: LeadColumns['data'] = [];
  const seen = new Set<string>();
  for (const [index, raw] of header.entries()) {
    const written = raw.trim();
    // Excel leaves trailing separators: a column without a name holds nothing we can name.
    if (written === '') continue;
    if (written.length > limits.maxColumnNameChars) throw fieldTooLong(headerRow, written.slice(0, 40), limits.maxColumnNameChars);
    const key = columnKey(written);
    const role = PHONE_COLUMNS.has(key) ? 'phone' : NAME_COLUMNS.has(key) ? 'name' : key;
    if (seen.has(role)) {
      throw badRequest(E.DUPLICATE_COLUMN, `The header names the column ${written} twice`, [{ path: 'file', message: `column ${written}` }], { column: written });
    }
    seen.add(role);
    if (role === 'phone') phone = index;
    else if (role === 'name') name = index;
    else data.push({ index, key: written });
  }
  if (phone === null) throw badRequest(E.NO_PHONE_COLUMN, 'The header row has no phone column (phone or telefone)', [{ path: 'file', message: 'no phone column' }]);
  return { phone, name, data, width: header.length };
}

export type LeadCandidate = { ok: true; row: number; raw: string; phone: string; name: string | null; data: Record<string, string> };
export type RefusedRow = { ok: false; row: number; raw: string; reason: RejectReason };

export const rejectedValue = (raw: string, limits: LeadImportLimits) => raw.slice(0, limits.maxRejectedValueChars);

/** One data row: a lead to insert, or the row refused with why; throws for a row that makes the file invalid. */
export function leadOfRow(columns: LeadColumns, { row, fields }: CsvRow, limits: LeadImportLimits): LeadCandidate | RefusedRow {
  for (let index = columns.width; index < fields.length; index += 1) {
    if (fields[index]!.trim() !== '') {
      throw badRequest(E.INVALID_CSV, `Row ${row} has more fields than the header`, [{ path: 'file', message: `row ${row}` }], { row });
    }
  }
  const raw = fields[columns.phone] ?? '';
  const nameText = columns.name === null ? '' : (fields[columns.name] ?? '').trim();
  if (nameText.length > limits.maxNameChars) throw fieldTooLong(row, 'name', limits.maxNameChars);
  // A null prototype: a column named __proto__ is data like any other, not the object's prototype.
  const data = Object.create(null) as Record<string, string>;
  for (const { index, key } of columns.data) {
    const value = (fields[index] ?? '').trim();
    if (value.length > limits.maxValueChars) throw fieldTooLong(row, key, limits.maxValueChars);
    data[key] = value;
  }
  const phone = normalizeBrazilianPhone(raw);
  if (!phone.ok) return { ok: false, row, raw: rejectedValue(raw, limits), reason: phone.reason };
  return { ok: true, row, raw: rejectedValue(raw, limits), phone: phone.e164, name: nameText === '' ? null : nameText, data };
}
