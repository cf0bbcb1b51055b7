// A report's table as data: columns that say what each cell holds and how it reads. The page draws
// it and the CSV and XLSX files are written from it, so the three show the same numbers.
import { displayValue, exportValue, type CellValue, type ValueKind } from './report-format.ts';

export interface Column<Row> {
  key: string;
  /** i18n key of the header. */
  label: string;
  kind: ValueKind;
  value: (row: Row) => string | number | null | undefined;
}

export interface TableModel {
  /** Translated headers. */
  header: string[];
  kinds: ValueKind[];
  /** Each row's exported values; the totals row last when there is one. */
  rows: CellValue[][];
  /** Whether the last row is the totals row. */
  hasTotals: boolean;
}

/** The table of some rows and their totals (a totals row is given the first column's label "Total"). */
export function tableModel<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  totals: Row | null,
  translate: (key: string) => string,
): TableModel {
  const cells = (row: Row) => columns.map((column) => exportValue(column.kind, column.value(row)));
  return {
    header: columns.map((column) => translate(column.label)),
    kinds: columns.map((column) => column.kind),
    rows: [...rows.map(cells), ...(totals ? [cells(totals)] : [])],
    hasTotals: totals !== null,
  };
}

/** The table as it reads on screen, cell by cell. */
export const displayRows = (model: TableModel, locale: string): string[][] =>
  model.rows.map((row) => row.map((value, index) => displayValue(model.kinds[index] ?? 'text', value, locale)));

/** The rows a file is written from: the header, then the values (numbers stay numbers). */
export const exportRows = (model: TableModel): CellValue[][] => [model.header, ...model.rows];
