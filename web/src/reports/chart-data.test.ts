import { describe, expect, it } from 'vitest';
import { emptyStateSeconds } from '@callcenter/rules/reports/metrics';
import { agentPausesChart, agentStatesChart, AGENT_COLUMNS, STATE_COLORS } from './agent-report.view.ts';
import { campaignDialerChart, campaignFunnelChart, campaignRows, campaignTotals, dialerStarts, FUNNEL_STEPS } from './campaign-report.view.ts';
import { chartTable, drawOrder, hasData, OKABE_ITO, seriesStyle, type ChartSpec } from './chart-model.ts';
import { queueCallsChart, queueRatesChart } from './queue-report.view.ts';
import { agentMetrics, agentReport, campaignMetrics, campaignReport, queueEntry, queueMetrics, queueReport } from './report-fixtures.ts';

const LABELS = {
  answered: 'Answered',
  abandoned: 'Abandoned',
  serviceLevel: 'SL',
  serviceLevelTarget: 'SL target',
  abandonRate: 'Abandon',
  abandonRateTarget: 'Abandon target',
};

describe('drawOrder', () => {
  const spec: ChartSpec = {
    labels: ['10:00', '11:00'],
    valueKind: 'count',
    series: [
      { label: 'Answered', color: 'g', kind: 'bar', values: [3, 5] },
      { label: 'Abandoned', color: 'r', kind: 'bar', values: [1, null] },
      { label: 'Line', color: 'b', kind: 'line', values: [0.5, 0.7] },
    ],
  };

  it('stacks bars as running tops, tallest drawn first, lines last and as they are', () => {
    const drawn = drawOrder(spec);
    expect(drawn.map((series) => series.spec.label)).toEqual(['Abandoned', 'Answered', 'Line']);
    expect(drawn[0]!.drawn).toEqual([4, 5]);
    expect(drawn[1]!.drawn).toEqual([3, 5]);
    expect(drawn[2]!.drawn).toEqual([0.5, 0.7]);
  });

  it('tables the raw values, not the stacked tops', () => {
    expect(chartTable(spec, 'Hour', 'en')).toEqual({
      header: ['Hour', 'Answered', 'Abandoned', 'Line'],
      rows: [
        ['10:00', '3', '1', '0.5'],
        ['11:00', '5', '—', '0.7'],
      ],
    });
  });
});

describe('hasData', () => {
  it('sees nothing in zero bars or a target alone', () => {
    const zeros: ChartSpec = { labels: ['a'], valueKind: 'count', series: [{ label: 'x', color: 'c', kind: 'bar', values: [0] }] };
    expect(hasData(zeros)).toBe(false);
    const target: ChartSpec = { labels: ['a'], valueKind: 'share', series: [{ label: 't', color: 'c', kind: 'line', values: [0.8], reference: true }] };
    expect(hasData(target)).toBe(false);
    expect(hasData({ ...target, series: [...target.series, { label: 'sl', color: 'c', kind: 'line', values: [0] }] })).toBe(true);
  });
});

describe('seriesStyle', () => {
  it('cycles the Okabe–Ito colours and dashes the second round', () => {
    expect(seriesStyle(0)).toEqual({ color: OKABE_ITO.blue });
    expect(seriesStyle(8)).toEqual({ color: OKABE_ITO.blue, dash: [6, 3] });
  });
});

describe('queue charts', () => {
  const series = [
    { start: '2026-11-29T13:00:00.000Z', metrics: queueMetrics({ answered: 4, abandoned: 1, serviceLevel: 0.75, abandonRate: 0.2 }) },
    { start: '2026-11-29T14:00:00.000Z', metrics: queueMetrics({ answered: 2 }) },
  ];

  it('stacks abandoned calls on the answered ones per interval', () => {
    const chart = queueCallsChart(queueReport({ series }), ['10h', '11h'], LABELS);
    expect(chart.series.map((one) => [one.label, one.kind, one.values])).toEqual([
      ['Answered', 'bar', [4, 2]],
      ['Abandoned', 'bar', [1, 0]],
    ]);
  });

  it('draws the targets when every queue shares them', () => {
    const report = queueReport({ series, queues: [queueEntry('A', queueMetrics()), queueEntry('B', queueMetrics())] });
    const chart = queueRatesChart(report, ['10h', '11h'], LABELS);
    expect(chart.series.map((one) => [one.label, one.values])).toEqual([
      ['SL', [0.75, null]],
      ['Abandon', [0.2, null]],
      ['SL target', [0.8, 0.8]],
      ['Abandon target', [0.05, 0.05]],
    ]);
    expect(chart.targetsDiffer).toBe(false);
  });

  it('leaves out a target the queues do not share, and says so', () => {
    const report = queueReport({
      series,
      queues: [queueEntry('A', queueMetrics()), queueEntry('B', queueMetrics(), { serviceLevelTarget: 0.9 })],
    });
    const chart = queueRatesChart(report, ['10h', '11h'], LABELS);
    expect(chart.series.map((one) => one.label)).toEqual(['SL', 'Abandon', 'Abandon target']);
    expect(chart.targetsDiffer).toBe(true);
  });

  it('gives the two rates points of different sizes, so equal values do not hide one another', () => {
    const [serviceLevel, abandonRate] = queueRatesChart(queueReport({ series }), ['10h', '11h'], LABELS).series;
    expect(serviceLevel!.points).toEqual({ size: 11, hollow: true });
    expect(abandonRate!.points!.size).toBeLessThan(serviceLevel!.points!.size / 2);
    expect(abandonRate!.points!.hollow).toBeFalsy();
  });
});

describe('agent charts', () => {
  const report = agentReport([
    {
      agentId: 'a1',
      name: 'Ana',
      metrics: agentMetrics({ stateSeconds: { ...emptyStateSeconds(), AVAILABLE: 600, IN_CALL: 300, PAUSED: 120 } }),
      pauses: [
        { pauseReasonId: 'p1', code: 'LUNCH', name: 'Lunch', seconds: 100 },
        { pauseReasonId: 'p2', code: 'BREAK', name: 'Break', seconds: 20 },
      ],
      days: [],
    },
    {
      agentId: 'a2',
      name: 'Bruno',
      metrics: agentMetrics({ stateSeconds: { ...emptyStateSeconds(), WRAP_UP: 60 } }),
      pauses: [{ pauseReasonId: 'p2', code: 'BREAK', name: 'Break', seconds: 45 }],
      days: [],
    },
  ]);

  it('gives a stacked bar per agent with a series per state in its own colour', () => {
    const chart = agentStatesChart(report, (state) => state.toLowerCase());
    expect(chart.labels).toEqual(['Ana', 'Bruno']);
    const byLabel = Object.fromEntries(chart.series.map((one) => [one.label, one.values]));
    expect(byLabel.available).toEqual([600, 0]);
    expect(byLabel.in_call).toEqual([300, 0]);
    expect(byLabel.wrap_up).toEqual([0, 60]);
    expect(chart.series.find((one) => one.label === 'paused')?.color).toBe(STATE_COLORS.PAUSED);
  });

  it('gives pause time per reason per agent', () => {
    const chart = agentPausesChart(report);
    expect(chart.series.map((one) => [one.label, one.values])).toEqual([
      ['Lunch', [100, 0]],
      ['Break', [20, 45]],
    ]);
  });

  it('leaves PAUSED out of the state columns: the paused column says it once', () => {
    const keys = AGENT_COLUMNS.map((column) => column.key);
    expect(keys).toContain('paused');
    expect(keys).not.toContain('state-PAUSED');
  });
});

describe('campaign charts', () => {
  const leads = { READY: 5, CALLBACK: 1, DO_NOT_CALL: 0, COMPLETED: 3, EXHAUSTED: 1 };
  const report = campaignReport(
    [
      {
        campaignId: 'c1',
        name: 'Black Friday',
        abandonTarget: 0.03,
        leads,
        metrics: campaignMetrics({ attempts: 8 }),
        dispositions: [
          { dispositionId: 'd1', code: 'SALE', name: 'Sale', action: 'COMPLETE', count: 2 },
          { dispositionId: 'd2', code: 'NO', name: 'No', action: 'COMPLETE', count: 1 },
        ],
        dialer: [
          { start: '2026-11-29T14:00:00.000Z', dialLevel: 1.5, abandonRate: 0.02 },
          { start: '2026-11-29T13:00:00.000Z', dialLevel: 1.2, abandonRate: null },
        ],
      },
      { campaignId: 'c2', name: 'Idle', abandonTarget: 0.03, leads, metrics: campaignMetrics(), dispositions: [], dialer: [{ start: '2026-11-29T13:00:00.000Z', dialLevel: null, abandonRate: null }] },
    ],
    campaignMetrics({ attempts: 8, answered: 5, connected: 4 }),
  );

  it('funnels leads → attempts → answered → connected → dispositions over every campaign', () => {
    const totals = campaignTotals(report, 'Total');
    expect(totals.leads).toBe(20);
    const chart = campaignFunnelChart(totals, (step) => step, 'Count');
    expect(chart.labels).toEqual(['leads', 'attempts', 'answered', 'connected', 'dispositions']);
    expect(chart.series[0]!.values).toEqual([20, 8, 5, 4, 3]);
  });

  it('names the funnel steps shortly on the axis and in full in the data table', () => {
    const chart = campaignFunnelChart(campaignTotals(report, 'Total'), (step) => `the ${step} step`, 'Count', (step) => step.slice(0, 4));
    expect(chart.axisLabels).toEqual(['lead', 'atte', 'answ', 'conn', 'disp']);
    expect(chartTable(chart, 'Step', 'en').rows.map((row) => row[0])).toEqual(FUNNEL_STEPS.map((step) => `the ${step} step`));
  });

  it('sums each campaign leads and dispositions for its row', () => {
    expect(campaignRows(report).map((row) => [row.name, row.leads, row.dispositions])).toEqual([
      ['Black Friday', 10, 3],
      ['Idle', 10, 0],
    ]);
  });

  it('draws a line per campaign that dialed, on the intervals in order, gaps where it did not', () => {
    const starts = dialerStarts(report);
    expect(starts).toEqual(['2026-11-29T13:00:00.000Z', '2026-11-29T14:00:00.000Z']);
    const level = campaignDialerChart(report, starts, ['10h', '11h'], 'dialLevel');
    expect(level.valueKind).toBe('decimal');
    expect(level.series.map((one) => [one.label, one.values])).toEqual([['Black Friday', [1.2, 1.5]]]);
    const abandon = campaignDialerChart(report, starts, ['10h', '11h'], 'abandonRate');
    expect(abandon.series.map((one) => one.values)).toEqual([[null, 0.02]]);
  });
});
