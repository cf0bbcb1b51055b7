// Pure: Anatel's short-call rule as a pacing factor and a warning level.
// Despacho Decisório 22/2024 (in force from 1 Jun 2024, extended to 31 May 2026): carriers block an
// originator with more than 100,000 calls a day of which at least 85% last 6 s or less (voicemail
// and hang-ups by either side included). A predictive dialer's drops are short calls, so the
// tenant's share of them today lowers pacing long before the ceiling.

export const ANATEL_SHORT_CALL_SECONDS = 6;
export const ANATEL_SHORT_CALL_CEILING = 0.85;
export const ANATEL_DAILY_CALLS = 100_000;

export interface ShortCallSettings {
  /** Share of short calls at which pacing starts falling and the console warns (default 60%). */
  threshold: number;
  /** Below threshold × noticeFrom the console shows a notice only. */
  noticeFrom: number;
  /** Calls today before the share is acted on (a handful of calls at 8 a.m. says nothing). */
  minCalls: number;
}

export const DEFAULT_SHORT_CALL_SETTINGS: ShortCallSettings = { threshold: 0.6, noticeFrom: 0.75, minCalls: 200 };

export type ShortCallLevel = 'OK' | 'NOTICE' | 'WARNING' | 'CRITICAL';

export interface ShortCallAssessment {
  /** Share of today's connected calls that lasted ≤ 6 s (0 when none). */
  share: number;
  level: ShortCallLevel;
  /**
   * Multiplies the part of the dial level above 1 (1: untouched, 0: progressive). Falls linearly
   * from the threshold to the ceiling.
   */
  pacingFactor: number;
  /** Whether today's volume alone already passes Anatel's 100,000 calls. */
  overDailyVolume: boolean;
}

/** A call counts as short when it was connected (answered) and lasted ≤ 6 s from answer to hang-up. */
export const isShortCall = (answeredSeconds: number) => answeredSeconds <= ANATEL_SHORT_CALL_SECONDS;

export function assessShortCalls(input: { shortCallsToday: number; callsToday: number }, settings = DEFAULT_SHORT_CALL_SETTINGS): ShortCallAssessment {
  const calls = Math.max(0, input.callsToday);
  const share = calls > 0 ? Math.min(1, Math.max(0, input.shortCallsToday) / calls) : 0;
  const overDailyVolume = calls > ANATEL_DAILY_CALLS;
  if (calls < settings.minCalls) return { share, level: 'OK', pacingFactor: 1, overDailyVolume };
  const ceiling = Math.max(ANATEL_SHORT_CALL_CEILING, settings.threshold);
  if (share >= ceiling) return { share, level: 'CRITICAL', pacingFactor: 0, overDailyVolume };
  if (share >= settings.threshold) {
    const span = ceiling - settings.threshold;
    return { share, level: 'WARNING', pacingFactor: span > 0 ? (ceiling - share) / span : 0, overDailyVolume };
  }
  if (share >= settings.threshold * settings.noticeFrom) return { share, level: 'NOTICE', pacingFactor: 1, overDailyVolume };
  return { share, level: 'OK', pacingFactor: 1, overDailyVolume };
}
