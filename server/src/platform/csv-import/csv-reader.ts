// An uploaded CSV read as a stream of rows (decision 0042): bytes counted and bounded, refused when
// binary (a NUL byte) or not text (UTF-8, UTF-16 or Windows-1252: decision 0065), the delimiter (`,` or `;`) taken from the header line, then
// csv-parse. Nothing here holds more than one chunk and one record, so a file of any length reads
// in flat memory; every problem of the file is a 400 with its own code.
import { columnKey, detectDelimiter } from '@callcenter/rules/csv-header';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { E } from '../http/error-codes.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { decodeText, NotTextError, type TextEncodingName } from './text-encoding.ts';

export interface CsvLimits {
  /** Bytes of the file (FILE_TOO_LARGE beyond). */
  maxBytes: number;
  /** Fields of the header or of any row (TOO_MANY_COLUMNS beyond). */
  maxColumns: number;
  /** Characters of one record, quotes included (INVALID_CSV beyond): an unclosed quote stops here. */
  maxRecordChars: number;
}

export interface CsvRow {
  /** The line of the file the record starts on (the header is line 1, unless blank lines precede it). */
  row: number;
  fields: string[];
}

export interface CsvFile {
  delimiter: ',' | ';';
  /** The file's encoding as known so far (UTF-8 until a byte proves Windows-1252; final once the rows are read). */
  encoding: () => TextEncodingName;
  /** The header record as written (not trimmed). */
  header: string[];
  /** Its line in the file. */
  headerRow: number;
  /** The data rows, blank ones (every field empty) left out. Iterate once. */
  rows: AsyncGenerator<CsvRow>;
}

/** What the reader has consumed so far, for progress reports. */
export interface CsvProgress {
  bytesRead: number;
  rowsRead: number;
}

const MB = 1024 * 1024;

/** The client's own multipart errors (413, 406…) keep no Fastify code: they become ours. */
function uploadError(error: unknown, limits: CsvLimits): AppError {
  if (error instanceof AppError) return error;
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limits);
  return badRequest(E.INVALID_MULTIPART, 'The upload was interrupted or its multipart/form-data body is malformed', [{ path: 'file', message: 'could not be read' }]);
}

const tooLarge = (limits: CsvLimits) =>
  badRequest(E.FILE_TOO_LARGE, `The file is larger than ${limits.maxBytes / MB} MB`, [{ path: 'file', message: 'too large' }], { limitMb: limits.maxBytes / MB });

/** The upload as text in its encoding (decision 0065): bytes that are no text we read refused with the offset of the first bad one. */
async function* decodedText(source: AsyncIterable<Buffer>, limits: CsvLimits, progress: CsvProgress, onEncoding: (name: TextEncodingName) => void): AsyncGenerator<string> {
  async function* counted() {
    for await (const chunk of source) {
      progress.bytesRead += chunk.length;
      if (progress.bytesRead > limits.maxBytes) throw tooLarge(limits);
      yield chunk;
    }
  }
  try {
    yield* decodeText(counted(), onEncoding);
  } catch (error) {
    if (error instanceof NotTextError) {
      const byte = error.byte;
      throw badRequest(E.INVALID_ENCODING, `The file is not text in UTF-8, UTF-16 or Windows-1252 (near byte ${byte})`, [{ path: 'file', message: `byte ${byte}` }], { byte });
    }
    throw uploadError(error, limits);
  }
}

/** NUL is U+0000 in every encoding we read: spreadsheets, zips and PDFs have it, CSV text never. */
async function* refusingNul(text: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const part of text) {
    if (part.includes('\0')) throw badRequest(E.BINARY_FILE, 'The file contains binary data (a NUL byte); it is not CSV text', [{ path: 'file', message: 'binary' }]);
    yield part;
  }
}

// The header rules the console's mapping step shares (packages/rules).
export { columnKey, detectDelimiter };

const lineBreaksIn = (fields: string[]) => {
  let breaks = 0;
  for (const field of fields) if (field.includes('\n') || field.includes('\r')) breaks += field.match(/\r\n|\r|\n/g)!.length;
  return breaks;
};

const isBlank = (fields: string[]) => fields.every((field) => field.trim() === '');

/**
 * Opens the CSV: reads up to the end of its header line, picks the delimiter, and returns the header
 * and the rows to come. Throws EMPTY_FILE when the file has no record at all.
 */
export async function openCsv(source: AsyncIterable<Buffer>, limits: CsvLimits, progress: CsvProgress): Promise<CsvFile> {
  let encoding: TextEncodingName = 'utf-8';
  const text = refusingNul(decodedText(source, limits, progress, (name) => (encoding = name)));
  // The header line is read before the parser exists: the delimiter is the parser's first option.
  let head = '';
  while (!/[\r\n]/.test(head.trimStart()) && head.length <= limits.maxRecordChars) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  const firstLine = head.trimStart().split(/[\r\n]/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  async function* all() {
    yield head;
    yield* text;
  }
  const parser = parse({
    delimiter,
    // Excel on Windows writes CRLF, others LF; a file may mix them.
    record_delimiter: ['\r\n', '\n', '\r'],
    // Blank lines come through as [''] and are skipped below, so that every line is counted here
    // (cheaper than csv-parse's per-record info object).
    skip_empty_lines: false,
    relax_column_count: true,
    // A stray quote inside an unquoted field ("João "Jo" Silva") is text, not an error.
    relax_quotes: true,
    max_record_size: limits.maxRecordChars,
  });
  const feeding = pipeline(Readable.from(all(), { objectMode: false }), parser);
  // Its failure reaches the reader through the parser's iterator; this only keeps it from being unhandled.
  feeding.catch(() => undefined);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const position = { lastLine: 0 };
  const next = async (): Promise<CsvRow | null> => {
    let item: IteratorResult<string[]>;
    try {
      item = await records.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The records before the failure may not have been read yet (the parser fails a whole chunk).
      const parsed = (error as { records?: unknown }).records;
      const row = Math.max(position.lastLine + 1, typeof parsed === 'number' ? parsed + 1 : 0);
      throw badRequest(E.INVALID_CSV, `The file could not be read as CSV near row ${row}`, [{ path: 'file', message: `row ${row}` }], { row });
    }
    if (item.done) return null;
    const record = item.value;
    // A record starts on the line after the previous one ended (a quoted field may span lines).
    const row = position.lastLine + 1;
    position.lastLine = row + lineBreaksIn(record);
    if (record.length > limits.maxColumns) {
      throw badRequest(E.TOO_MANY_COLUMNS, `Row ${row} has more than ${limits.maxColumns} fields`, [{ path: 'file', message: `row ${row}` }], { limit: limits.maxColumns, row });
    }
    return { row, fields: record };
  };
  let header: CsvRow | null;
  do header = await next();
  while (header !== null && isBlank(header.fields));
  if (header === null) {
    await records.return?.();
    throw badRequest(E.EMPTY_FILE, 'The file is empty', [{ path: 'file', message: 'empty' }]);
  }
  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      for (let row = await next(); row !== null; row = await next()) {
        if (isBlank(row.fields)) continue;
        progress.rowsRead += 1;
        yield row;
      }
    } finally {
      // Stops reading the upload when the consumer stops early (a refused file).
      await records.return?.();
    }
  }
  return { delimiter, encoding: () => encoding, header: header.fields, headerRow: header.row, rows: rows() };
}

/** Rows in arrays of `size` (the last one shorter). */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
