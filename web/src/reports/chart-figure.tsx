// A chart with its title and its numbers as a table under "Chart data" (what a screen reader reads;
// the canvas is hidden from it). The chart library loads with the report pages only.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTable, hasData, type ChartSpec } from './chart-model.ts';
import { ReportChart } from './report-chart.tsx';
import { displayValue } from './report-format.ts';

interface Props {
  title: string;
  spec: ChartSpec;
  /** The name of what x is (hour, agent, step): the table's first header and the legend's. */
  xHeader: string;
  testId: string;
  note?: ReactNode;
}

export function ChartFigure({ title, spec, xHeader, testId, note }: Props) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const locale = i18n.language;
  const table = chartTable(spec, xHeader, locale);
  const drawable = hasData(spec);
  return (
    <figure className="report-figure" data-testid={testId} aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      {drawable ? (
        <ReportChart spec={spec} xLabel={xHeader} formatY={(value) => displayValue(spec.valueKind, value, locale)} />
      ) : (
        <p className="muted">{t('reports.noData')}</p>
      )}
      {note}
      {drawable && (
        <details>
          <summary>{t('reports.chartData')}</summary>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('reports.scrollTable', { table: title })}>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {table.header.map((header, index) => (
                    <th key={index} scope="col" className={index > 0 ? 'number' : undefined}>
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
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
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
