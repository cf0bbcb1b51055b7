// What every period report shares: its title, the period picker, the period the server read (in
// the tenant's zone), loading and errors; the report's own body is given the answer.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { formatDateTime } from '../app/format.ts';
import { PeriodPicker } from './period-picker.tsx';
import { localDates, type FilterKey } from './report-selection.ts';
import { reportKey, reportsApi, type ReportAnswers, type ReportKind } from './reports.api.ts';
import { useReportSelection } from './use-report-selection.ts';
import './reports.css';

interface Props<Kind extends ReportKind> {
  kind: Kind;
  title: string;
  filters: readonly FilterKey[];
  /** A short line under the title (the agent's own report says whose numbers these are). */
  intro?: ReactNode;
  children: (report: ReportAnswers[Kind], context: { fileName: string }) => ReactNode;
}

export function ReportFrame<Kind extends ReportKind>({ kind, title, filters, intro, children }: Props<Kind>) {
  const { t, i18n } = useTranslation();
  const { me } = useAuth();
  const { selection, resolved, timeZone, search, apply } = useReportSelection();
  const query = resolved.ok ? resolved.query : {};
  const report = useQuery({
    queryKey: reportKey(me?.tenantId ?? null, kind, query),
    queryFn: () => reportsApi.report(kind, query),
    enabled: resolved.ok,
    // The last report stays on screen (dimmed) while the next period loads.
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const period = data?.period;
  const dates = period ? localDates({ from: Date.parse(period.from), to: Date.parse(period.to) }, period.timezone) : null;
  const fileName = `${kind}-report-${dates ? `${dates.fromDate}_${dates.toDate}` : 'period'}`;

  return (
    <section className="report-page" aria-labelledby="report-title">
      <div className="page-title">
        <h1 id="report-title">{title}</h1>
      </div>
      {intro}
      {/* Keyed by the URL: back and forward reset the draft to what the URL holds. */}
      <PeriodPicker key={search} selection={selection} timeZone={timeZone} filters={filters} onApply={apply} />
      <ErrorMessage error={report.error} />
      {period && (
        <p className="muted report-period" data-testid="report-period">
          {t('reports.periodShown', {
            from: formatDateTime(period.from, i18n.language, period.timezone),
            to: formatDateTime(period.to, i18n.language, period.timezone),
            timeZone: period.timezone,
            interval: t(`reports.interval.${period.interval}`),
          })}
        </p>
      )}
      {report.isFetching && data && (
        <p className="loading" role="status">
          {t('reports.updating')}
        </p>
      )}
      {resolved.ok && report.isPending && !report.error ? (
        <Loading />
      ) : data ? (
        <div className={report.isPlaceholderData ? 'report-body stale' : 'report-body'} aria-busy={report.isFetching}>
          {children(data, { fileName })}
        </div>
      ) : null}
    </section>
  );
}
