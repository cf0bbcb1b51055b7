// A report chart drawn by uPlot (decisions 0049, 0086). The x axis is the chart's labels by position
// (an interval's start in the tenant's zone, an agent, a funnel step), so no axis is ever drawn in
// the browser's zone; stacked bars are drawn as running tops, the legend reads the raw values.
// The canvas is hidden from screen readers: ChartFigure puts the same numbers in a table.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { drawOrder, xAxisLayout, type ChartSpec } from './chart-model.ts';

interface Props {
  spec: ChartSpec;
  /** How a y value reads (axis and legend), in the user's locale. */
  formatY: (value: number) => string;
  /** The x column's name in the legend (uPlot would say "Time" in every language). */
  xLabel: string;
  height?: number;
}

const BAR_EDGE = 'rgba(0, 0, 0, 0.55)';
const barPaths = uPlot.paths.bars?.({ size: [0.7, 64], align: 0 });
// Whole positions only: an axis tick between two agents means nothing.
const WHOLE_STEPS = [1, 2, 3, 4, 6, 8, 12, 24, 48, 96, 192, 384];
const Y_AXIS_PX = 72;
const RIGHT_PAD_PX = 16;
const WHOLE_Y_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 36000, 86400, 1e5, 1e6, 1e7];

export function ReportChart({ spec, formatY, xLabel, height = 220 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const drawn = useMemo(() => drawOrder(spec), [spec]);
  // The latest values and formatters, read by the chart's callbacks without re-creating it.
  const latest = useRef({ spec, drawn, formatY });
  latest.current = { spec, drawn, formatY };
  const shape = JSON.stringify([
    drawn.map(({ spec: one }) => [one.label, one.color, one.kind, one.dash, one.points]),
    spec.labels,
    spec.axisLabels,
    spec.valueKind,
    xLabel,
    height,
  ]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const labelIn = (labels: readonly string[], position: number | null | undefined) =>
      position === null || position === undefined ? '' : (labels[Math.round(position)] ?? '');
    const labelAt = (position: number | null | undefined) => labelIn(latest.current.spec.labels, position);
    const axisLabels = () => latest.current.spec.axisLabels ?? latest.current.spec.labels;
    // Flat or turned labels, for the chart's width now (it follows a resize).
    const layout = (u: uPlot) => xAxisLayout(axisLabels(), u.width - Y_AXIS_PX - RIGHT_PAD_PX);
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height,
      padding: [8, 16, 0, 0],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: (u) => [-0.5, Math.max(0.5, (u.data[0]?.length ?? 1) - 0.5)] },
        y: { range: (_u, _min, max) => [0, yTop(latest.current.spec.valueKind, max)] },
      },
      axes: [
        {
          incrs: WHOLE_STEPS,
          space: (u) => layout(u).space,
          rotate: (u) => layout(u).rotate,
          size: (u) => layout(u).size,
          values: (_u, splits) => splits.map((position) => labelIn(axisLabels(), position)),
        },
        {
          // Counts and seconds on whole steps: half a call means nothing.
          incrs: spec.valueKind === 'count' || spec.valueKind === 'seconds' ? WHOLE_Y_STEPS : undefined,
          values: (_u, splits) => splits.map((value) => latest.current.formatY(value)),
          size: Y_AXIS_PX,
        },
      ],
      series: [
        { label: xLabel, value: (_u, position) => labelAt(position) },
        ...drawn.map(({ spec: one }, drawIndex) => ({
          label: one.label,
          // Bars get a thin dark edge: stacked segments stay apart, and the palette's yellow stays
          // visible on white.
          stroke: one.kind === 'bar' ? BAR_EDGE : one.color,
          fill: one.kind === 'bar' ? one.color : undefined,
          width: one.kind === 'bar' ? 1 : 2,
          dash: one.dash,
          paths: one.kind === 'bar' ? barPaths : undefined,
          // Points mark the known values of a sparse line; a target is a plain line. Two lines that
          // meet stay apart by their points' size (a ring under a dot).
          points: {
            show: one.kind === 'line' && !one.reference && spec.labels.length < 40,
            size: one.points?.size ?? 5,
            width: 2,
            fill: one.points?.hollow ? '#ffffff' : one.color,
          },
          spanGaps: false,
          // The legend says the series' own value, not the top of the stack it is drawn as.
          value: (_u: uPlot, _v: number | null, _series: number, index: number | null) => {
            const raw = index === null ? null : latest.current.drawn[drawIndex]?.spec.values[index];
            return raw === null || raw === undefined ? '—' : latest.current.formatY(raw);
          },
        })),
      ],
    };
    const chart = new uPlot(options, chartData(latest.current.drawn, latest.current.spec.labels.length), element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height }));
    resize.observe(element);
    plot.current = chart;
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // `shape` stands for the series, labels and height: the chart is re-created only when they change.
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(chartData(drawn, spec.labels.length));
  }, [drawn, spec.labels.length]);

  return <div ref={container} className="report-chart" aria-hidden="true" />;
}

/** Room above the tallest value; rates stop at 100 %, and a flat zero still gets an axis. */
function yTop(kind: ChartSpec['valueKind'], max: number): number {
  if (kind === 'share') return Math.min(1, Math.max(0.1, max * 1.1));
  return Math.max(1, max * 1.1);
}

function chartData(drawn: ReturnType<typeof drawOrder>, length: number): uPlot.AlignedData {
  const x = Array.from({ length }, (_, index) => index);
  return [x, ...drawn.map((series) => series.drawn)];
}
