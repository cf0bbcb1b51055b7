// Pure: a CSV header → which column is the phone, the name and the lead's data; a row → a lead to
// insert or a refused row (decision 0042). Duplicates are the import's to find (they need its state).
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { CsvRow } from '../../platform/csv-import/csv-reader.ts';
import { columnKey } from '../../platform/csv-import/csv-reader.ts';
import { isPhoneColumn } from '@callcenter/rules/csv-header';
import { isReasonColumn } from '../list-imports/rejected-file.ts';
import { assertWidth, duplicateColumn, fieldTooLong, judgePhone, LIST_IMPORT_LIMITS, type PhoneCandidate, type RefusedRow } from '../list-imports/import-rows.ts';

export const LEAD_IMPORT_LIMITS = {
  ...LIST_IMPORT_LIMITS,
  /** Characters of a data value (FIELD_TOO_LONG); the phone is judged by its own rules instead. */
  maxValueChars: 1000,
  /** Characters of the name (the leads.name column's bound). */
  maxNameChars: 200,
} as const;
export type LeadImportLimits = { -readonly [K in keyof typeof LEAD_IMPORT_LIMITS]: number };

/** Numbers a lead keeps to dial (the leads.phones check's bound); more phone columns stay data only. */
const LEAD_PHONES_MAX = 20;

const NAME_COLUMNS = new Set(['name', 'nome']);

/** A phone column by its name (decision 0066): the rule the console's mapping step pre-checks with. */
export { isPhoneColumn };

/** The columns the user picked as the phones (the multipart field `phoneColumns`), as written in the header. */
export interface LeadMapping {
  phoneColumns?: string[];
}

export interface LeadColumns {
  /** The phone columns in order: a lead's phone is the first that has a value; the others stay in its data. */
  phones: number[];
  name: number | null;
  /** Every other column with a name: kept in the lead's data under its name as written (trimmed). */
  data: { index: number; key: string }[];
  /** Fields a row may have (the header's); extra non-empty ones make the file invalid. */
  width: number;
}

/**
 * The columns of a header row; refuses a file without a phone column or with a name twice. The phone
 * columns are the mapping's when given (each must be a header name), else every one named like a phone.
 */
export function leadColumns(header: string[], headerRow: number, limits: LeadImportLimits, mapping: LeadMapping = {}): LeadColumns {
  const picked = mapping.phoneColumns?.map(columnKey);
  const phones: number[] = [];
  let name: number | null = null;
  const data: LeadColumns['data'] = [];
  const seen = new Set<string>();
  for (const [index, raw] of header.entries()) {
    const written = raw.trim();
    // Excel leaves trailing separators: a column without a name holds nothing we can name. A
    // rejected-rows file's reason column is ours, not the lead's: the fixed file imports as is.
    if (written === '' || isReasonColumn(written)) continue;
    if (written.length > limits.maxColumnNameChars) throw fieldTooLong(headerRow, written.slice(0, 40), limits.maxColumnNameChars);
    const key = columnKey(written);
    if (seen.has(key)) throw duplicateColumn(written);
    seen.add(key);
    if (picked ? picked.includes(key) : isPhoneColumn(key)) {
      phones.push(index);
      // Every phone column is also data: the ones not dialed stay with the lead (the first is its phone).
      data.push({ index, key: written });
    } else if (NAME_COLUMNS.has(key)) {
      if (name !== null) throw duplicateColumn(written);
      name = index;
    } else data.push({ index, key: written });
  }
  const missing = picked?.find((key) => !seen.has(key));
  if (missing !== undefined) {
    throw badRequest(E.NO_PHONE_COLUMN, 'A chosen phone column is not in the header row', [{ path: 'phoneColumns', message: 'not a column of the file' }]);
  }
  if (phones.length === 0) {
    throw badRequest(E.NO_PHONE_COLUMN, 'The header row has no phone column (phone, telefone, celular…)', [{ path: 'file', message: 'no phone column' }]);
  }
  if (picked) phones.sort((x, y) => picked.indexOf(columnKey(header[x]!)) - picked.indexOf(columnKey(header[y]!)));
  return { phones, name, data: data.filter(({ index }) => index !== phones[0]), width: header.length };
}

export type LeadCandidate = PhoneCandidate & { phones: string[]; name: string | null; data: Record<string, string> };

/** One data row: a lead to insert, or the row refused with why; throws for a row that makes the file invalid. */
export function leadOfRow(columns: LeadColumns, csvRow: CsvRow, limits: LeadImportLimits): LeadCandidate | RefusedRow {
  assertWidth(columns.width, csvRow);
  const { row, fields } = csvRow;
  const nameText = columns.name === null ? '' : (fields[columns.name] ?? '').trim();
  if (nameText.length > limits.maxNameChars) throw fieldTooLong(row, 'name', limits.maxNameChars);
  // A null prototype: a column named __proto__ is data like any other, not the object's prototype.
  const data = Object.create(null) as Record<string, string>;
  for (const { index, key } of columns.data) {
    const value = (fields[index] ?? '').trim();
    if (value.length > limits.maxValueChars) throw fieldTooLong(row, key, limits.maxValueChars);
    data[key] = value;
  }
  // The first phone column with a value is the lead's number (a second column fills in an empty first).
  const phone = columns.phones.find((index) => (fields[index] ?? '').trim() !== '') ?? columns.phones[0]!;
  const judged = judgePhone(row, fields[phone] ?? '', limits);
  if (!judged.ok) return judged;
  return { ...judged, phones: otherNumbers(columns.phones, phone, judged.phone, csvRow, limits), name: nameText === '' ? null : nameText, data };
}

/**
 * The lead's numbers the dialer tries in turn (decision 0066): its phone, then every other phone
 * column's number that parses, in the mapping's order, each once. One that does not parse is only
 * data: the row is judged by its phone alone, as before.
 */
function otherNumbers(phoneColumns: number[], dialed: number, first: string, { row, fields }: CsvRow, limits: LeadImportLimits): string[] {
  const numbers = [first];
  for (const index of phoneColumns) {
    if (index === dialed || numbers.length >= LEAD_PHONES_MAX) continue;
    const judged = judgePhone(row, fields[index] ?? '', limits);
    if (judged.ok && !numbers.includes(judged.phone)) numbers.push(judged.phone);
  }
  return numbers;
}
