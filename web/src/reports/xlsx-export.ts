// A report's table as an .xlsx workbook (decision 0087: write-excel-file). Imported on the first
// click only, so neither the first screen nor the report pages carry the writer.
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/browser';
import type { CellValue, ValueKind } from './report-format.ts';
import type { TableModel } from './report-table.ts';

/** Excel's own number formats: a share stays the number 0.8333 and reads 83.3 %. */
const FORMATS: Partial<Record<ValueKind, string>> = { share: '0.0%', decimal: '0.00' };

export function xlsxCell(kind: ValueKind, value: CellValue): Cell {
  if (value === null) return null;
  // Typed cells: a text that looks like a formula is stored as text, never run.
  if (typeof value === 'string') return { type: String, value };
  return { type: Number, value, format: FORMATS[kind] };
}

export function xlsxSheet(model: TableModel): SheetData {
  const header: Cell[] = model.header.map((label) => ({ type: String, value: label, fontWeight: 'bold' }));
  const rows = model.rows.map((row, rowIndex) =>
    row.map((value, index) => {
      const cell = xlsxCell(model.kinds[index] ?? 'text', value);
      const isTotals = model.hasTotals && rowIndex === model.rows.length - 1;
      return isTotals && cell !== null ? { ...cell, fontWeight: 'bold' as const } : cell;
    }),
  );
  return [header, ...rows];
}

export function writeXlsx(model: TableModel, sheetName: string): Promise<Blob> {
  return writeXlsxFile(xlsxSheet(model), {
    // Excel refuses sheet names past 31 characters or with []:*?/\ in them.
    sheet: sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31),
    stickyRowsCount: 1,
    columns: model.header.map((label, index) => ({ width: Math.max(10, Math.min(40, label.length + 2, index === 0 ? 40 : 18)) })),
  }).toBlob();
}
