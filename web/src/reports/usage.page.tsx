// The month's usage ("Consumo"): each meter against the plan's limit, as numbers and a bar. Quantities
// only: what they cost is billing's, never shown here.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { formatDate } from '../app/format.ts';
import { consumptionKey, reportsApi } from './reports.api.ts';
import { barFill, METER_DECIMALS, meterRows, type MeterRow } from './usage.view.ts';
import './reports.css';

export function UsagePage() {
  const { t, i18n } = useTranslation();
  const { me } = useAuth();
  const consumption = useQuery({ queryKey: consumptionKey(me?.tenantId ?? null), queryFn: reportsApi.consumption });
  const data = consumption.data;
  return (
    <section className="report-page" aria-labelledby="usage-title">
      <div className="page-title">
        <h1 id="usage-title">{t('reports.usage.title')}</h1>
      </div>
      <ErrorMessage error={consumption.error} />
      {consumption.isPending ? (
        <Loading />
      ) : data ? (
        <>
          <p className="muted" data-testid="usage-month">
            {t('reports.usage.period', {
              from: formatDate(data.from, i18n.language, data.timezone),
              to: formatDate(Date.parse(data.to) - 1, i18n.language, data.timezone),
              timeZone: data.timezone,
            })}
          </p>
          <ul className="usage-meters">
            {meterRows(data).map((row) => (
              <MeterItem key={row.key} row={row} />
            ))}
          </ul>
          <p className="muted">{t('reports.usage.noMoney')}</p>
        </>
      ) : null}
    </section>
  );
}

function MeterItem({ row }: { row: MeterRow }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: METER_DECIMALS[row.key] }).format(value);
  const percent = (value: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  const labelId = `meter-${row.key}`;
  const used = row.used === null ? t('reports.usage.notMeasured') : number(row.used);
  const limit = row.limit === null ? t('reports.usage.noLimit') : number(row.limit);
  return (
    <li className={row.over ? 'usage-meter over' : 'usage-meter'} data-testid={`meter-${row.key}`}>
      <h2 id={labelId}>{t(`reports.usage.meters.${row.key}`)}</h2>
      <p className="usage-figures">
        {t('reports.usage.usedOfLimit', { used, limit })}
        {row.share !== null && Number.isFinite(row.share) && <span className="muted"> ({percent(row.share)})</span>}
      </p>
      {row.share !== null && (
        <div
          className="usage-bar"
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={row.limit ?? 0}
          aria-valuenow={row.used ?? 0}
          aria-valuetext={t('reports.usage.usedOfLimit', { used, limit })}
        >
          <span style={{ width: `${barFill(row.share) * 100}%` }} />
        </div>
      )}
      {row.over && (
        <p className="error" role="status">
          {t('reports.usage.over')}
        </p>
      )}
    </li>
  );
}
