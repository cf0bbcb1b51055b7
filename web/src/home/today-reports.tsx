// The tenant home's way into the reports for whoever holds reports.view: today's headline numbers
// (GET /reports/dashboard, read once when the home opens) and links to the dashboard and the reports.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { displayValue, type ValueKind } from '../reports/report-format.ts';
import { dashboardKey, reportsApi } from '../reports/reports.api.ts';

export function TodayReports() {
  const { t, i18n } = useTranslation();
  const { me } = useAuth();
  const dashboard = useQuery({ queryKey: dashboardKey(me?.tenantId ?? null), queryFn: reportsApi.dashboard });
  const today = dashboard.data?.today;
  const figure = (id: string, label: string, kind: ValueKind, value: number | null) => (
    <div key={id} data-testid={`home-today-${id}`}>
      <dt>{t(`reports.columns.${label}`)}</dt>
      <dd>{displayValue(kind, value, i18n.language)}</dd>
    </div>
  );
  return (
    <section className="home-card" aria-labelledby="home-reports">
      <h2 id="home-reports">{t('home.reports.title')}</h2>
      <ErrorMessage error={dashboard.error} />
      {dashboard.isPending ? (
        <Loading />
      ) : today ? (
        <dl className="figures">
          {figure('offered', 'offered', 'count', today.offered)}
          {figure('answered', 'answered', 'count', today.answered)}
          {figure('service-level', 'serviceLevel', 'share', today.serviceLevel)}
          {figure('abandon-rate', 'abandonRate', 'share', today.abandonRate)}
        </dl>
      ) : null}
      <ul className="plain-list">
        <li>
          <Link to="/tenant/reports/dashboard">{t('home.reports.dashboard')}</Link>
        </li>
        <li>
          <Link to="/tenant/reports/queues">{t('home.reports.reports')}</Link>
        </li>
      </ul>
    </section>
  );
}
