// A report chart as data (what report-chart.tsx draws, and the table that says the same in text):
// one label per bar or point along x, and series of bars (stacked, bottom first) or lines.
import { displayValue, type ValueKind } from './report-format.ts';

/** Okabe & Ito's palette: told apart with every common colour-vision deficiency. */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

/** The palette in an order whose neighbours contrast, for series with no meaning of their own (one per campaign). */
export const SERIES_COLORS = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.vermillion,
  OKABE_ITO.skyBlue,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.black,
  OKABE_ITO.yellow,
] as const;

/** Past eight series the colours repeat with a dash, so two series never look alike. */
export const seriesStyle = (index: number): { color: string; dash?: number[] } => {
  const color = SERIES_COLORS[index % SERIES_COLORS.length]!;
  return index < SERIES_COLORS.length ? { color } : { color, dash: [6, 3] };
};

export interface ChartSeriesSpec {
  label: string;
  color: string;
  kind: 'bar' | 'line';
  dash?: number[];
  values: (number | null)[];
  /** A target drawn for comparison: it alone is no data. */
  reference?: boolean;
}

export interface ChartSpec {
  /** What each x position is (an interval's start, an agent, a funnel step). */
  labels: string[];
  series: ChartSeriesSpec[];
  /** How the y values read (the axis, the legend and the data table). */
  valueKind: ValueKind;
}

export interface DrawnSeries {
  spec: ChartSeriesSpec;
  /** What is drawn: a stacked bar's top (its value plus those below it), a line's value. */
  drawn: (number | null)[];
}

/**
 * The series in the order they are drawn: bars stand on each other, so each is drawn as its top
 * (the sum up to it) and the tallest first, each lower one painted over it; lines come last, on top.
 */
export function drawOrder(spec: ChartSpec): DrawnSeries[] {
  const bars = spec.series.filter((series) => series.kind === 'bar');
  const lines = spec.series.filter((series) => series.kind === 'line');
  const running = spec.labels.map(() => 0);
  const stacked = bars.map((series) => ({
    spec: series,
    drawn: series.values.map((value, index) => {
      running[index] = (running[index] ?? 0) + (value ?? 0);
      return running[index];
    }),
  }));
  return [...stacked.reverse(), ...lines.map((series) => ({ spec: series, drawn: series.values }))];
}

/** The chart's numbers as a table (header, then a row per x label), for screen readers and anyone who prefers it. */
export function chartTable(spec: ChartSpec, xHeader: string, locale: string): { header: string[]; rows: string[][] } {
  return {
    header: [xHeader, ...spec.series.map((series) => series.label)],
    rows: spec.labels.map((label, index) => [
      label,
      ...spec.series.map((series) => displayValue(spec.valueKind, series.values[index] ?? null, locale)),
    ]),
  };
}

/** Whether there is anything to draw: bars of nothing but zeros and lines of only gaps say "no data" instead. */
export const hasData = (spec: ChartSpec): boolean =>
  spec.labels.length > 0 &&
  spec.series.some((series) => !series.reference && series.values.some((value) => value !== null && (series.kind === 'line' || value !== 0)));
