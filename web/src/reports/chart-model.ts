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
  /**
   * A line's points, when two lines may meet: a large hollow ring under a small dot keeps both in
   * sight at the same value. Default: small and filled.
   */
  points?: { size: number; hollow?: boolean };
}

export interface ChartSpec {
  /** What each x position is (an interval's start, an agent, a funnel step). */
  labels: string[];
  /** Shorter names for the axis alone (funnel steps); the data table keeps `labels`. */
  axisLabels?: string[];
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

/** About how wide a character of the axis font is, and how tall a line of it. */
const CHAR_PX = 7;
const LINE_PX = 14;

export interface XAxisLayout {
  /**
   * Degrees the labels turn (uPlot's `rotate`): 0, or 45 when flat labels would not all fit; each
   * turned label then ends at its tick, slanting down to the left, so the last one stays in the chart.
   */
  rotate: number;
  /** The least room between ticks, in CSS pixels. */
  space: number;
  /** The axis' height. */
  size: number;
}

/**
 * How the x labels fit the plot's width. Flat while every label fits its slot; turned 45° when
 * flat ones would skip some but turned ones fit them all (a funnel of five steps in a narrow
 * chart); else flat, ticks spaced for the longest label (the hours of a long period).
 */
export function xAxisLayout(labels: readonly string[], plotWidth: number): XAxisLayout {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const flatSpace = Math.max(40, longest * CHAR_PX + 12);
  const slot = labels.length > 0 ? plotWidth / labels.length : plotWidth;
  const turnedSpace = LINE_PX + 8;
  if (slot < flatSpace && slot >= turnedSpace) {
    // A turned label reaches down by its length times sin 45°.
    return { rotate: 45, space: turnedSpace, size: Math.ceil(longest * CHAR_PX * Math.SQRT1_2) + LINE_PX + 12 };
  }
  return { rotate: 0, space: flatSpace, size: 50 };
}
