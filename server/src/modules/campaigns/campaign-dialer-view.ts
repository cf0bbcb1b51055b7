// Pure: the campaign stats' dialer part from the rows the engine wrote (decision 0049). The jsonb
// columns are read defensively: a field the engine left out reads as unknown, never as a 500.
import type { CampaignStatistics } from '../dialer/campaign-statistics.ts';
import { assessShortCalls, DEFAULT_SHORT_CALL_SETTINGS } from '../dialer/short-call-guard.ts';

const numberOr = (value: unknown, fallback: number | null) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const rate = (value: unknown) => {
  const n = numberOr(value, null);
  return n === null ? null : Math.min(1, Math.max(0, n));
};

/**
 * The answer and abandon rates of the statistics, each null until something was observed (the
 * initial values are guesses for pacing, not figures to show).
 */
export function ratesOf(statistics: unknown): { answerRate: number | null; abandonRate: number | null } {
  const stats = (statistics ?? {}) as Partial<Record<keyof CampaignStatistics, unknown>>;
  const outcomes = numberOr(stats.outcomes, 0) ?? 0;
  const answered = numberOr(stats.answered, 0) ?? 0;
  return {
    answerRate: outcomes > 0 ? rate(stats.answerProbability) : null,
    abandonRate: answered > 0 ? rate(stats.abandonRate) : null,
  };
}

/** The last decision's reasons (pacing.ts PacingReason), strings only. */
export function reasonsOf(lastDecision: unknown): string[] {
  const reasons = (lastDecision as { reasons?: unknown } | null)?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [];
}

/** The tenant's short calls today with the guard's level at the tenant's own threshold. */
export function shortCallsView(counts: { today: number; shortToday: number; threshold: number }) {
  const settings = { ...DEFAULT_SHORT_CALL_SETTINGS, threshold: counts.threshold };
  const { share, level } = assessShortCalls({ shortCallsToday: counts.shortToday, callsToday: counts.today }, settings);
  return { today: counts.today, shortToday: counts.shortToday, share, threshold: counts.threshold, level, minCalls: settings.minCalls };
}
