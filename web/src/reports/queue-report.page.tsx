import type { QueueReport } from '@callcenter/rules/reports/shapes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from './chart-figure.tsx';
import { bucketLabels } from './report-format.ts';
import { ReportFrame } from './report-frame.tsx';
import { queueSummary } from './report-summary.ts';
import { tableModel } from './report-table.ts';
import { ReportTableView } from './report-table-view.tsx';
import { SummaryTiles } from './summary-tiles.tsx';
import { QUEUE_COLUMNS, queueCallsChart, queueRatesChart, queueRows, queueTotals } from './queue-report.view.ts';

export function QueueReportPage() {
  const { t } = useTranslation();
  return (
    <ReportFrame kind="queues" title={t('reports.queues.title')} filters={['queueId', 'agentId', 'campaignId']}>
      {(report, { fileName }) => <QueueReportBody report={report} fileName={fileName} />}
    </ReportFrame>
  );
}

function QueueReportBody({ report, fileName }: { report: QueueReport; fileName: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = useMemo(() => queueSummary(report), [report]);
  const { calls, rates, model } = useMemo(() => {
    const buckets = bucketLabels(report.series.map((point) => point.start), report.period, locale);
    const labels = {
      answered: t('reports.columns.answered'),
      abandoned: t('reports.columns.abandoned'),
      serviceLevel: t('reports.columns.serviceLevel'),
      serviceLevelTarget: t('reports.columns.serviceLevelTarget'),
      abandonRate: t('reports.columns.abandonRate'),
      abandonRateTarget: t('reports.columns.abandonRateTarget'),
    };
    return {
      calls: queueCallsChart(report, buckets, labels),
      rates: queueRatesChart(report, buckets, labels),
      model: tableModel(QUEUE_COLUMNS, queueRows(report), queueTotals(report, t('reports.total')), t),
    };
  }, [report, locale, t]);
  const xHeader = t(`reports.intervalStart.${report.period.interval}`);

  return (
    <>
      <SummaryTiles tiles={summary} />
      <p className="muted">{t(`reports.queues.formula.${report.serviceLevelFormula}`)}</p>
      <div className="chart-grid">
        <ChartFigure title={t('reports.queues.callsChart')} spec={calls} xHeader={xHeader} testId="chart-queue-calls" />
        <ChartFigure
          title={t('reports.queues.ratesChart')}
          spec={rates}
          xHeader={xHeader}
          testId="chart-queue-rates"
          note={rates.targetsDiffer ? <p className="muted">{t('reports.queues.targetsDiffer')}</p> : undefined}
        />
      </div>
      <h2>{t('reports.queues.tableTitle')}</h2>
      <ReportTableView model={model} caption={t('reports.queues.tableTitle')} fileName={fileName} testId="report-table" />
    </>
  );
}
