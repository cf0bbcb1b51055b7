// Pure: how the rejected-rows file is written (decision 0080). It gives back the refused rows as the
// user wrote them — the header and every cell in the original order — plus a reason column in the
// user's language, with the separator and encoding Excel in that language opens without a wizard,
// so the user fixes the numbers and imports the same file again.
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { RejectReason } from '../../platform/db/schema.ts';

export type RejectedFileLocale = 'pt-BR' | 'en';

/** The column the reason goes in; an import ignores a column of this name (it is not lead data). */
export const REASON_COLUMN: Record<RejectedFileLocale, string> = { 'pt-BR': 'Motivo da recusa', en: 'Rejection reason' };

const REASONS: Record<RejectedFileLocale, Record<RejectReason, string>> = {
  'pt-BR': {
    EMPTY: 'Telefone vazio',
    LETTERS: 'Telefone com letras',
    FOREIGN: 'Telefone fora do Brasil',
    TOO_SHORT: 'Telefone curto demais',
    TOO_LONG: 'Telefone longo demais',
    INVALID: 'Telefone inválido',
    DUPLICATE: 'Número repetido',
  },
  en: {
    EMPTY: 'Phone is empty',
    LETTERS: 'Phone has letters',
    FOREIGN: 'Phone is not Brazilian',
    TOO_SHORT: 'Phone is too short',
    TOO_LONG: 'Phone is too long',
    INVALID: 'Phone is not valid',
    DUPLICATE: 'Number repeated',
  },
};

export const fileLocale = (locale: string | null | undefined): RejectedFileLocale => (locale === 'en' ? 'en' : 'pt-BR');

/** The console's language from the request's Accept-Language (its first tag), or null when it names neither. */
export function requestLocale(acceptLanguage: string | undefined): RejectedFileLocale | null {
  const first = (acceptLanguage ?? '').split(',')[0]!.trim().toLowerCase();
  if (first.startsWith('pt')) return 'pt-BR';
  if (first.startsWith('en')) return 'en';
  return null;
}

/** Brazilian Excel reads ';' (the comma is the decimal mark); English Excel reads ','. */
export const separatorOf = (locale: RejectedFileLocale) => (locale === 'pt-BR' ? ';' : ',');

const LINE: Record<RejectedFileLocale, string> = { 'pt-BR': 'linha', en: 'line' };

/** The reason as the user reads it, with the row's line in the uploaded file (to find it there). */
export const reasonText = (locale: RejectedFileLocale, reason: RejectReason, row: number) => `${REASONS[locale][reason]} (${LINE[locale]} ${row})`;

/** True for a header cell that is a rejected-rows file's reason column, in either language. */
export const isReasonColumn = (written: string) => Object.values(REASON_COLUMN).includes(written.trim());

/** A chunk of records: RFC 4180 quoting, and formula-looking cells made text (= + - @ get a '). */
export const rejectedLines = (records: string[][], locale: RejectedFileLocale) =>
  stringify(records, { delimiter: separatorOf(locale), escape_formulas: true, record_delimiter: '\r\n' });

/** A row as written: its cells (padded to the header's width), then the reason. */
export const rejectedRecord = (locale: RejectedFileLocale, width: number, row: { rowNumber: number; cells: string[]; reason: RejectReason }) => [
  ...row.cells,
  ...Array.from({ length: Math.max(0, width - row.cells.length) }, () => ''),
  reasonText(locale, row.reason, row.rowNumber),
];

/**
 * The bytes of a chunk: Windows-1252 when the source was (Excel opens it as the user saved it),
 * else UTF-8, the first chunk with a BOM so Excel does not read it as ANSI.
 */
export function encodeChunk(text: string, sourceEncoding: string | null, first: boolean): Buffer {
  if (sourceEncoding === 'windows-1252') return iconv.encode(text, 'windows-1252');
  return Buffer.from(first ? `\uFEFF${text}` : text, 'utf8');
}
