import type { AgentReport } from '@callcenter/rules/reports/shapes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../app/format.ts';
import { AGENT_COLUMNS, agentPausesChart, agentRows, agentStatesChart, agentTotals } from './agent-report.view.ts';
import { ChartFigure } from './chart-figure.tsx';
import { formatLocalDay } from './report-format.ts';
import { ReportFrame } from './report-frame.tsx';
import { agentSummary } from './report-summary.ts';
import { tableModel } from './report-table.ts';
import { ReportTableView } from './report-table-view.tsx';
import { SummaryTiles } from './summary-tiles.tsx';

/** The agent report; `own`: an agent's "My report" (the server narrows it to the agent's numbers). */
export function AgentReportPage({ own = false }: { own?: boolean }) {
  const { t } = useTranslation();
  return (
    <ReportFrame
      kind="agents"
      title={own ? t('reports.agents.ownTitle') : t('reports.agents.title')}
      filters={own ? ['queueId', 'campaignId'] : ['agentId', 'queueId', 'campaignId']}
      intro={own ? <p className="muted">{t('reports.agents.ownIntro')}</p> : undefined}
    >
      {(report, { fileName }) => <AgentReportBody report={report} fileName={fileName} />}
    </ReportFrame>
  );
}

function AgentReportBody({ report, fileName }: { report: AgentReport; fileName: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = useMemo(() => agentSummary(report), [report]);
  const { states, pauses, model } = useMemo(
    () => ({
      states: agentStatesChart(report, (state) => t(`reports.states.${state}`)),
      pauses: agentPausesChart(report),
      model: tableModel(AGENT_COLUMNS, agentRows(report), agentTotals(report, t('reports.total')), t),
    }),
    [report, t],
  );
  const agentHeader = t('reports.columns.agent');
  const days = report.agents.flatMap((agent) => agent.days.map((day) => ({ agentId: agent.agentId, agent: agent.name, ...day })));

  return (
    <>
      <SummaryTiles tiles={summary} />
      <div className="chart-grid">
        <ChartFigure title={t('reports.agents.statesChart')} spec={states} xHeader={agentHeader} testId="chart-agent-states" />
        <ChartFigure title={t('reports.agents.pausesChart')} spec={pauses} xHeader={agentHeader} testId="chart-agent-pauses" />
      </div>
      <h2>{t('reports.agents.tableTitle')}</h2>
      <ReportTableView model={model} caption={t('reports.agents.tableTitle')} fileName={fileName} testId="report-table" />
      {days.length > 0 && (
        <>
          <h2 id="agent-days">{t('reports.agents.daysTitle')}</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="agent-days">
            <table aria-labelledby="agent-days">
              <thead>
                <tr>
                  <th scope="col">{agentHeader}</th>
                  <th scope="col">{t('reports.agents.day')}</th>
                  <th scope="col">{t('reports.agents.firstLogin')}</th>
                  <th scope="col">{t('reports.agents.lastLogout')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={`${day.agentId}-${day.day}`}>
                    <th scope="row">{day.agent}</th>
                    <td>{formatLocalDay(day.day, locale)}</td>
                    <td>{formatDateTime(day.firstLoginAt, locale, report.period.timezone)}</td>
                    <td>{day.lastLogoutAt ? formatDateTime(day.lastLogoutAt, locale, report.period.timezone) : t('reports.agents.stillLogged')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
