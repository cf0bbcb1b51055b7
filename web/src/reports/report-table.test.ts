import { describe, expect, it } from 'vitest';
import { toCsv } from '@callcenter/rules/reports/csv-export';
import { bucketLabels, displayValue, exportValue, formatBucket, formatDuration } from './report-format.ts';
import { displayRows, exportRows, tableModel } from './report-table.ts';
import { QUEUE_COLUMNS, queueRows, queueTotals } from './queue-report.view.ts';
import { queueEntry, queueMetrics, queueReport } from './report-fixtures.ts';

const translate = (key: string) => `[${key}]`;

describe('exportValue and displayValue', () => {
  it('rounds seconds to whole ones and shares to a tenth of a percent, shown the same way', () => {
    expect(exportValue('seconds', 65.4)).toBe(65);
    expect(displayValue('seconds', 65, 'en')).toBe('1 min 5 s');
    expect(exportValue('share', 0.833333)).toBe(0.8333);
    expect(displayValue('share', 0.8333, 'en')).toBe('83.3%');
    expect(displayValue('share', 0.8333, 'pt-BR')).toBe('83,3%');
    expect(displayValue('share', 0.8, 'pt-BR')).toBe('80,0%');
    expect(exportValue('decimal', 2.346)).toBe(2.35);
    expect(displayValue('decimal', 2.35, 'pt-BR')).toBe('2,35');
  });

  it('keeps "nothing under it" apart from zero', () => {
    expect(exportValue('share', null)).toBeNull();
    expect(displayValue('share', null, 'en')).toBe('—');
    expect(displayValue('count', 0, 'en')).toBe('0');
  });

  it('groups large counts in the locale', () => {
    expect(displayValue('count', 12345, 'pt-BR')).toBe('12.345');
    expect(displayValue('count', 12345, 'en')).toBe('12,345');
  });
});

describe('formatDuration', () => {
  it('writes hours, minutes and seconds, leaving out the empty ones, hours grouped', () => {
    expect(formatDuration(7, 'en')).toBe('7 s');
    expect(formatDuration(0, 'en')).toBe('0 s');
    expect(formatDuration(65, 'en')).toBe('1 min 5 s');
    expect(formatDuration(120, 'en')).toBe('2 min');
    expect(formatDuration(3725, 'en')).toBe('1 h 2 min 5 s');
    expect(formatDuration(3605, 'en')).toBe('1 h 5 s');
    expect(formatDuration(1234 * 3600, 'pt-BR')).toBe('1.234 h');
  });
});

describe('formatBucket', () => {
  it('reads an interval start in the tenant zone', () => {
    expect(formatBucket('2026-11-29T13:00:00.000Z', 'hour', 'pt-BR', 'America/Sao_Paulo')).toBe('29/11, 10:00');
    expect(formatBucket('2026-11-01T03:00:00.000Z', 'month', 'en', 'America/Sao_Paulo')).toBe('November 2026');
    expect(formatBucket('2026-11-01T03:00:00.000Z', 'month', 'pt-BR', 'America/Sao_Paulo')).toBe('novembro de 2026');
  });

  it('gives the hours of one local day as times only, and with their day over several days', () => {
    const period = { from: '2026-11-29T03:00:00.000Z', to: '2026-11-30T03:00:00.000Z', timezone: 'America/Sao_Paulo', interval: 'hour' as const };
    expect(bucketLabels(['2026-11-29T03:00:00.000Z', '2026-11-30T02:00:00.000Z'], period, 'pt-BR')).toEqual(['00:00', '23:00']);
    expect(bucketLabels(['2026-11-29T03:00:00.000Z', '2026-11-30T03:00:00.000Z'], period, 'pt-BR')).toEqual(['29/11, 00:00', '30/11, 00:00']);
    expect(bucketLabels(['2026-11-29T03:00:00.000Z'], { ...period, interval: 'day' }, 'pt-BR')).toEqual(['29/11/2026']);
  });
});

describe('tableModel', () => {
  const report = queueReport({
    totals: queueMetrics({ offered: 12, answered: 10, serviceLevel: 0.8333333, averageWaitSeconds: 12.6 }),
    queues: [
      queueEntry('Vendas', queueMetrics({ offered: 7, answered: 6, serviceLevel: 6 / 7, averageWaitSeconds: 10.2 })),
      queueEntry('=cmd', queueMetrics({ offered: 5, answered: 4, abandoned: 1 })),
    ],
  });
  const model = tableModel(QUEUE_COLUMNS, queueRows(report), queueTotals(report, 'Total'), translate);

  it('has a row per queue, then the totals row, with translated headers', () => {
    expect(model.header.slice(0, 3)).toEqual(['[reports.columns.queue]', '[reports.columns.offered]', '[reports.columns.answered]']);
    expect(model.rows.map((row) => row[0])).toEqual(['Vendas', '=cmd', 'Total']);
    expect(model.hasTotals).toBe(true);
  });

  it('shows on screen exactly the exported values, formatted', () => {
    const serviceLevel = model.header.indexOf('[reports.columns.serviceLevel]');
    const wait = model.header.indexOf('[reports.columns.averageWait]');
    expect(model.rows[0]![serviceLevel]).toBe(0.8571);
    expect(displayRows(model, 'en')[0]![serviceLevel]).toBe('85.7%');
    expect(model.rows[2]![wait]).toBe(13);
    expect(displayRows(model, 'en')[2]![wait]).toBe('13 s');
    // Targets are per queue: the totals row has none.
    expect(model.rows[2]![model.header.indexOf('[reports.columns.serviceLevelTarget]')]).toBeNull();
  });

  it('writes a CSV whose numbers are the table numbers and whose text is inert', () => {
    const csv = toCsv(exportRows(model), 'pt-BR');
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]!.split(';').slice(0, 3)).toEqual(['Vendas', '7', '6']);
    expect(lines[1]!.split(';')[model.header.indexOf('[reports.columns.serviceLevel]')]).toBe('0,8571');
    expect(lines[2]!.startsWith("'=cmd;")).toBe(true);
  });
});
