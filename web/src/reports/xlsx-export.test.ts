import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeXlsx, xlsxCell, xlsxSheet } from './xlsx-export.ts';
import type { TableModel } from './report-table.ts';

const model: TableModel = {
  header: ['Fila', 'Atendidas', 'Nível de serviço', 'Espera média'],
  kinds: ['text', 'count', 'share', 'seconds'],
  rows: [
    ['=cmd', 6, 0.8571, 10],
    ['Total', 12, null, 13],
  ],
  hasTotals: true,
};

describe('xlsxCell', () => {
  it('keeps numbers as numbers (a share with a percent format) and text as text', () => {
    expect(xlsxCell('share', 0.8571)).toEqual({ type: Number, value: 0.8571, format: '0.0%' });
    expect(xlsxCell('seconds', 13)).toEqual({ type: Number, value: 13, format: undefined });
    expect(xlsxCell('text', '=cmd')).toEqual({ type: String, value: '=cmd' });
    expect(xlsxCell('share', null)).toBeNull();
  });
});

describe('xlsxSheet', () => {
  it('puts the header first and the totals row in bold', () => {
    const sheet = xlsxSheet(model);
    expect(sheet).toHaveLength(3);
    expect(sheet[0]![0]).toMatchObject({ value: 'Fila', fontWeight: 'bold' });
    expect(sheet[2]![1]).toMatchObject({ value: 12, fontWeight: 'bold' });
    expect(sheet[1]![1]).not.toHaveProperty('fontWeight');
  });
});

describe('writeXlsx', () => {
  it('writes a workbook whose cells hold the table values, the formula-looking text as text', async () => {
    const blob = await writeXlsx(model, 'Relatório: filas/hoje');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<v>0.8571</v>');
    expect(sheet).toContain('<v>13</v>');
    expect(sheet).not.toContain('<f>');
    const workbook = strFromU8(files['xl/workbook.xml']!);
    expect(workbook).toContain('name="Relatório  filas hoje"');
  });
});
