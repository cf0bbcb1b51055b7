// A report as CSV, the way a Brazilian spreadsheet opens it without an import wizard: UTF-8 with a
// byte-order mark, `;` between cells and a decimal comma in pt-BR (`,` and a point elsewhere),
// RFC 4180 quoting, CRLF line ends. Text cells that a spreadsheet would run as a formula are made
// text with a leading single quote (OWASP "CSV injection"); numbers are written as numbers.

export type CsvCell = string | number | null | undefined;

export const CSV_BOM = '\uFEFF';

/** The separator a locale's spreadsheet expects: where the decimal mark is a comma, cells split on `;`. */
export const csvSeparator = (locale: string): ';' | ',' => (usesDecimalComma(locale) ? ';' : ',');

export function usesDecimalComma(locale: string): boolean {
  return new Intl.NumberFormat(locale).format(1.5).includes(',');
}

// What a spreadsheet reads as the start of a formula (tab and CR too: some strip them, then see `=`).
const FORMULA_START = /^[=+\-@\t\r]/;
// Text that is a plain number ("-12", "3.5") runs nothing: it stays as written.
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** A number without grouping or exponent; the locale's decimal mark. */
export function csvNumber(value: number, decimalComma: boolean): string {
  if (!Number.isFinite(value)) return '';
  let text = String(value);
  // String() writes very small or large numbers with an exponent, which spreadsheets may read as text.
  if (/e/i.test(text)) {
    text = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 15 }).format(value);
  }
  return decimalComma ? text.replace('.', ',') : text;
}

/** One text cell: made inert when it could start a formula, quoted when it holds the separator, a quote or a line break. */
export function csvText(value: string, separator: string): string {
  const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return inert.includes(separator) || /["\r\n]/.test(inert) || inert !== inert.trim()
    ? `"${inert.replaceAll('"', '""')}"`
    : inert;
}

/** The whole file: header row first, then the rows; a null cell is empty. */
export function toCsv(rows: readonly (readonly CsvCell[])[], locale: string): string {
  const separator = csvSeparator(locale);
  const decimalComma = usesDecimalComma(locale);
  const cell = (value: CsvCell): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return csvNumber(value, decimalComma);
    return csvText(value, separator);
  };
  return CSV_BOM + rows.map((row) => row.map(cell).join(separator)).join('\r\n') + '\r\n';
}
