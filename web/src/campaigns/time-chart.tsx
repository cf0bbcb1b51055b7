// A time-series chart drawn by uPlot (decision 0049): created once per set of series and labels,
// fed new data in place (live updates redraw without re-creating it), as wide as its container.
// uPlot draws on a canvas: the caller gives the text alternative and a table beside it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  /** Bars instead of a line (counts per minute). */
  bars?: boolean;
  dash?: number[];
  /** How a value reads in the legend (locale, unit). */
  format: (value: number) => string;
}

interface Props {
  /** x in epoch seconds, then one column per series. */
  data: [number[], ...(number | null)[][]];
  series: readonly ChartSeries[];
  /** The locale's time of day in the tenant's zone, for the x axis. */
  formatTime: (date: Date) => string;
  formatY: (value: number) => string;
  /** The x column's name in the legend (uPlot would say "Time" in every language). */
  timeLabel: string;
  /** A fixed lower bound for the y axis (0 for rates and counts, 1 for a dial level). */
  yMin?: number;
  height?: number;
}

const barPaths = uPlot.paths.bars?.({ size: [0.6, 24] });

export function TimeChart({ data, series, formatTime, formatY, timeLabel, yMin = 0, height = 180 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The latest formatters and data, read by the chart without re-creating it on every render.
  const latest = useRef({ data, formatTime, formatY });
  latest.current = { data, formatTime, formatY };
  const shape = JSON.stringify(series.map(({ label, color, bars, dash }) => [label, color, bars, dash])) + timeLabel + yMin + height;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      padding: [8, 24, 0, 0],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      // Half a minute either side, so the first and last bars are whole.
      scales: { x: { time: true, range: (_u, min, max) => [min - 30, max + 30] }, y: { range: (_u, _min, max) => [yMin, Math.max(yMin + 1, max * 1.1)] } },
      axes: [
        { values: (_u, splits) => splits.map((s) => latest.current.formatTime(new Date(s * 1000))) },
        { values: (_u, splits) => splits.map((s) => latest.current.formatY(s)), size: 56 },
      ],
      series: [
        { label: timeLabel, value: (_u, v) => (v === null ? '—' : latest.current.formatTime(new Date(v * 1000))) },
        ...series.map((one) => ({
          label: one.label,
          stroke: one.color,
          fill: one.bars ? `${one.color}55` : undefined,
          width: one.bars ? 1 : 2,
          dash: one.dash,
          paths: one.bars ? barPaths : undefined,
          points: { show: false },
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : one.format(v)),
        })),
      ],
    };
    const chart = new uPlot(options, latest.current.data, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // `shape` stands for series, yMin and height: the chart is re-created only when they change.
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return <div ref={container} className="time-chart" aria-hidden="true" />;
}
