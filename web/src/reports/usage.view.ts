// Pure: the month's usage meters against the plan's limits (quantities only, never money).
import type { Consumption } from '@callcenter/rules/reports/shapes';

export const METER_KEYS = ['calls', 'minutes', 'activeDays', 'recordingStorageGb', 'aiTokens'] as const;
export type MeterKey = (typeof METER_KEYS)[number];

export interface MeterRow {
  key: MeterKey;
  /** Null while nothing measures it yet (AI tokens before AI quality). */
  used: number | null;
  /** Null: the plan sets no limit. */
  limit: number | null;
  /** used / limit (past 1 when over); null without a limit or a measure. */
  share: number | null;
  over: boolean;
}

/** How many decimals each meter reads in: minutes to a tenth, storage to a hundredth of a GB. */
export const METER_DECIMALS: Record<MeterKey, number> = { calls: 0, minutes: 1, activeDays: 0, recordingStorageGb: 2, aiTokens: 0 };

export function meterRows(consumption: Consumption): MeterRow[] {
  return METER_KEYS.map((key) => {
    const { used, limit } = consumption.meters[key];
    const share = used === null || limit === null ? null : limit === 0 ? (used > 0 ? Infinity : 0) : used / limit;
    return { key, used, limit, share, over: share !== null && share > 1 };
  });
}

/** The bar's fill, 0..1: a meter over its limit fills the bar (the text says by how much). */
export const barFill = (share: number | null): number => (share === null ? 0 : Math.min(1, Math.max(0, share)));
