import type { CampaignReport } from '@callcenter/rules/reports/shapes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from './chart-figure.tsx';
import {
  CAMPAIGN_COLUMNS,
  campaignDialerChart,
  campaignFunnelChart,
  campaignRows,
  campaignTotals,
  dialerStarts,
} from './campaign-report.view.ts';
import { bucketLabels } from './report-format.ts';
import { ReportFrame } from './report-frame.tsx';
import { campaignSummary } from './report-summary.ts';
import { tableModel } from './report-table.ts';
import { ReportTableView } from './report-table-view.tsx';
import { SummaryTiles } from './summary-tiles.tsx';

export function CampaignReportPage() {
  const { t } = useTranslation();
  return (
    <ReportFrame kind="campaigns" title={t('reports.campaigns.title')} filters={['campaignId', 'queueId', 'agentId']}>
      {(report, { fileName }) => <CampaignReportBody report={report} fileName={fileName} />}
    </ReportFrame>
  );
}

function CampaignReportBody({ report, fileName }: { report: CampaignReport; fileName: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = useMemo(() => campaignSummary(report), [report]);
  const { funnel, level, abandon, model } = useMemo(() => {
    const totals = campaignTotals(report, t('reports.total'));
    const starts = dialerStarts(report);
    const buckets = bucketLabels(starts, report.period, locale);
    return {
      funnel: campaignFunnelChart(
        totals,
        (step) => t(`reports.campaigns.funnel.${step}`),
        t('reports.campaigns.funnelCount'),
        (step) => t(`reports.campaigns.funnelShort.${step}`),
      ),
      level: campaignDialerChart(report, starts, buckets, 'dialLevel'),
      abandon: campaignDialerChart(report, starts, buckets, 'abandonRate'),
      model: tableModel(CAMPAIGN_COLUMNS, campaignRows(report), totals, t),
    };
  }, [report, locale, t]);
  const xHeader = t(`reports.intervalStart.${report.period.interval}`);

  return (
    <>
      <SummaryTiles tiles={summary} />
      <div className="chart-grid">
        <ChartFigure title={t('reports.campaigns.funnelChart')} spec={funnel} xHeader={t('reports.campaigns.step')} testId="chart-campaign-funnel" />
        <ChartFigure title={t('reports.campaigns.dialLevelChart')} spec={level} xHeader={xHeader} testId="chart-campaign-dial-level" />
        <ChartFigure title={t('reports.campaigns.abandonChart')} spec={abandon} xHeader={xHeader} testId="chart-campaign-abandon" />
      </div>
      <p className="muted">{t('reports.campaigns.leadsNow')}</p>
      <h2>{t('reports.campaigns.tableTitle')}</h2>
      <ReportTableView model={model} caption={t('reports.campaigns.tableTitle')} fileName={fileName} testId="report-table" />
    </>
  );
}
