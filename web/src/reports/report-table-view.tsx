// A report's table on screen, with its CSV and XLSX downloads written from the very same model.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toCsv } from '@callcenter/rules/reports/csv-export';
import { ErrorMessage } from '../app/feedback.tsx';
import { saveBlob } from '../list-imports/list-imports.api.ts';
import { displayRows, exportRows, type TableModel } from './report-table.ts';

interface Props {
  model: TableModel;
  caption: string;
  /** The files' name without extension ("queue-report-2026-11-29"). */
  fileName: string;
  testId: string;
}

export function ReportTableView({ model, caption, fileName, testId }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rows = displayRows(model, locale);
  const downloadCsv = () => {
    const csv = toCsv(exportRows(model), locale);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  };
  const xlsx = useMutation({
    mutationFn: async () => {
      const { writeXlsx } = await import('./xlsx-export.ts');
      return writeXlsx(model, caption);
    },
    onSuccess: (blob) => saveBlob(blob, `${fileName}.xlsx`),
  });

  return (
    <section className="report-table" aria-label={caption}>
      <div className="report-exports" role="group" aria-label={t('reports.export.label')}>
        <button type="button" className="secondary" onClick={downloadCsv}>
          {t('reports.export.csv')}
        </button>
        <button type="button" className="secondary" onClick={() => xlsx.mutate()} disabled={xlsx.isPending} aria-busy={xlsx.isPending}>
          {xlsx.isPending ? t('reports.export.preparing') : t('reports.export.xlsx')}
        </button>
      </div>
      <ErrorMessage error={xlsx.error} />
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('reports.scrollTable', { table: caption })}>
        <table data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {model.header.map((header, index) => (
                <th key={index} scope="col" className={model.kinds[index] === 'text' ? undefined : 'number'}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => {
              const totals = model.hasTotals && rowIndex === rows.length - 1;
              return (
                <tr key={rowIndex} className={totals ? 'totals' : undefined} data-totals={totals || undefined}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="number">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
