// The dialer's last hour as charts (dial level; answer and abandon rates with the target; calls
// placed and answered per minute), each with a sentence for screen readers, and the same minutes as
// a table on request. Loaded on its own (React.lazy): the chart library stays out of other pages.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../app/use-format.ts';
import type { DialerSample } from './campaigns.api.ts';
import { chartColumns, formatLevel, formatRate, seriesSummary, totals } from './dialer-view.ts';
import { TimeChart, type ChartSeries } from './time-chart.tsx';

const COLORS = { level: '#1f5fbf', answer: '#067647', abandon: '#b42318', target: '#b42318', placed: '#1565c0', answered: '#2e7d32' };

export default function DialerCharts({ samples, abandonTarget, minutes }: { samples: readonly DialerSample[]; abandonTarget: number | null; minutes: number }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const locale = i18n.language;
  const [asTable, setAsTable] = useState(false);
  const columns = useMemo(() => chartColumns(samples, abandonTarget), [samples, abandonTarget]);
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: format.timeZone }), [locale, format.timeZone]);
  const formatTime = (date: Date) => time.format(date);
  const percent = (value: number) => formatRate(value / 100, locale);
  const count = (value: number) => format.number(value);

  const levelSeries: ChartSeries[] = [{ label: t('campaigns.live.dialLevel'), color: COLORS.level, format: (v) => formatLevel(v, locale) }];
  const rateSeries: ChartSeries[] = [
    { label: t('campaigns.live.answerRate'), color: COLORS.answer, format: percent },
    { label: t('campaigns.live.abandonRate'), color: COLORS.abandon, format: percent },
    { label: t('campaigns.live.abandonTarget'), color: COLORS.target, dash: [6, 4], format: percent },
  ];
  const callSeries: ChartSeries[] = [
    { label: t('campaigns.live.placed'), color: COLORS.placed, bars: true, format: count },
    { label: t('campaigns.live.answered'), color: COLORS.answered, bars: true, format: count },
  ];

  const level = seriesSummary(columns.dialLevel);
  const answer = seriesSummary(columns.answerRate);
  const abandon = seriesSummary(columns.abandonRate);
  const calls = totals(samples);
  const none = t('campaigns.live.noValue');
  const describe = (summary: ReturnType<typeof seriesSummary>, show: (value: number) => string) =>
    summary ? t('campaigns.live.chartSummary', { min: show(summary.min), max: show(summary.max), last: show(summary.last) }) : none;

  return (
    <section aria-labelledby="dialer-charts" className="dialer-charts">
      <div className="page-title">
        <h3 id="dialer-charts">{t('campaigns.live.chartsTitle', { minutes })}</h3>
        <button type="button" className="secondary" aria-pressed={asTable} onClick={() => setAsTable((on) => !on)}>
          {t('campaigns.live.showTable')}
        </button>
      </div>
      {samples.length === 0 ? (
        <p className="muted">{t('campaigns.live.noSamples')}</p>
      ) : asTable ? (
        <div className="table-scroll">
          <table aria-label={t('campaigns.live.chartsTitle', { minutes })} data-testid="dialer-samples">
            <thead>
              <tr>
                <th>{t('campaigns.live.minute')}</th>
                <th className="number">{t('campaigns.live.dialLevel')}</th>
                <th className="number">{t('campaigns.live.answerRate')}</th>
                <th className="number">{t('campaigns.live.abandonRate')}</th>
                <th className="number">{t('campaigns.live.placed')}</th>
                <th className="number">{t('campaigns.live.answered')}</th>
                <th className="number">{t('campaigns.live.abandoned')}</th>
                <th className="number">{t('campaigns.live.callsInFlight')}</th>
              </tr>
            </thead>
            <tbody>
              {[...samples].reverse().map((sample) => (
                <tr key={sample.minute}>
                  <td>{formatTime(new Date(sample.minute))}</td>
                  <td className="number">{formatLevel(sample.dialLevel, locale)}</td>
                  <td className="number">{formatRate(sample.answerRate, locale)}</td>
                  <td className="number">{formatRate(sample.abandonRate, locale)}</td>
                  <td className="number">{format.number(sample.attempts)}</td>
                  <td className="number">{format.number(sample.answered)}</td>
                  <td className="number">{format.number(sample.abandoned)}</td>
                  <td className="number">{format.number(sample.callsInFlight)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="chart-grid">
          <figure data-testid="chart-dial-level">
            <figcaption>{t('campaigns.live.dialLevel')}</figcaption>
            <p className="visually-hidden">{describe(level, (v) => formatLevel(v, locale))}</p>
            <TimeChart data={[columns.x, columns.dialLevel]} series={levelSeries} formatTime={formatTime} timeLabel={t('campaigns.live.minute')} formatY={(v) => formatLevel(v, locale)} yMin={1} />
          </figure>
          <figure data-testid="chart-rates">
            <figcaption>{t('campaigns.live.ratesChart')}</figcaption>
            <p className="visually-hidden">
              {t('campaigns.live.answerRate')}: {describe(answer, percent)}. {t('campaigns.live.abandonRate')}: {describe(abandon, percent)}.{' '}
              {t('campaigns.live.abandonTarget')}: {formatRate(abandonTarget, locale)}.
            </p>
            <TimeChart data={[columns.x, columns.answerRate, columns.abandonRate, columns.abandonTarget]} series={rateSeries} formatTime={formatTime} timeLabel={t('campaigns.live.minute')} formatY={percent} />
          </figure>
          <figure data-testid="chart-calls">
            <figcaption>{t('campaigns.live.callsChart')}</figcaption>
            <p className="visually-hidden">{t('campaigns.live.callsSummary', { placed: format.number(calls.attempts), answered: format.number(calls.answered) })}</p>
            <TimeChart data={[columns.x, columns.attempts, columns.answered]} series={callSeries} formatTime={formatTime} timeLabel={t('campaigns.live.minute')} formatY={count} />
          </figure>
        </div>
      )}
    </section>
  );
}
