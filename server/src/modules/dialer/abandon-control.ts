// Pure: the abandon feedback. The dial level (lines per active agent, within the campaign's
// pacingMin..pacingMax) falls progressively as the rolling abandon rate nears the target, and rises
// only while the rate is well below it and the level was what held pacing back.

export const DEFAULT_ABANDON_TARGET = 0.03;

export interface AbandonControlSettings {
  /** Abandon target as a share of answered calls (default 3%). */
  target: number;
  /** Below target × raiseBelow the level may rise. */
  raiseBelow: number;
  /** From target × easeFrom the level falls, faster the nearer the target. */
  easeFrom: number;
  /** Level added per reference period while well below. */
  raiseStep: number;
  /** Largest relative cut per reference period while nearing the target (reached at the target). */
  easeMaxCut: number;
  /** Relative cut per reference period at or above the target. */
  overCut: number;
  /** The period the steps are given for; calls with another elapsed time are scaled. */
  referenceSeconds: number;
  /** Answered calls needed before the rolling rate means anything; until then the level holds. */
  minAnswered: number;
}

export const DEFAULT_ABANDON_CONTROL: AbandonControlSettings = {
  target: DEFAULT_ABANDON_TARGET,
  raiseBelow: 0.7,
  easeFrom: 0.8,
  raiseStep: 0.02,
  easeMaxCut: 0.08,
  overCut: 0.2,
  referenceSeconds: 15,
  minAnswered: 30,
};

export type AbandonControlAction = 'RAISE' | 'HOLD' | 'EASE' | 'CUT' | 'WARMING_UP';

export interface AbandonControlInput {
  level: number;
  pacingMin: number;
  pacingMax: number;
  /** Rolling (weighted) abandon rate of recent answered calls. */
  recentAbandonRate: number;
  /** Today's abandoned and answered calls: the day's rate can hold a raise back. */
  abandonedToday: number;
  answeredToday: number;
  /** Whether the dial level limited the last pacing decision (raising it otherwise changes nothing). */
  levelWasBinding: boolean;
  /** Seconds since the previous adjustment. */
  elapsedSeconds: number;
}

export interface AbandonControlResult {
  level: number;
  action: AbandonControlAction;
  /** The rate the decision was made on. */
  rate: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The next dial level. */
export function adjustDialLevel(input: AbandonControlInput, settings = DEFAULT_ABANDON_CONTROL): AbandonControlResult {
  const low = input.pacingMin;
  const high = Math.max(input.pacingMin, input.pacingMax);
  const level = clamp(input.level, low, high);
  const dayRate = input.answeredToday > 0 ? input.abandonedToday / input.answeredToday : 0;
  if (input.answeredToday < settings.minAnswered) return { level, action: 'WARMING_UP', rate: dayRate };
  // The worse of the recent and the day's rate decides: a good last quarter hour does not erase a
  // bad morning, and a bad last quarter hour is acted on at once.
  const rate = Math.max(input.recentAbandonRate, dayRate);
  const share = rate / settings.target;
  const periods = Math.max(0, input.elapsedSeconds) / settings.referenceSeconds;
  if (share >= 1) return { level: clamp(level * (1 - settings.overCut) ** periods, low, high), action: 'CUT', rate };
  if (share >= settings.easeFrom) {
    const cut = settings.easeMaxCut * ((share - settings.easeFrom) / (1 - settings.easeFrom));
    return { level: clamp(level * (1 - cut) ** periods, low, high), action: 'EASE', rate };
  }
  if (share < settings.raiseBelow && input.levelWasBinding) return { level: clamp(level + settings.raiseStep * periods, low, high), action: 'RAISE', rate };
  return { level, action: 'HOLD', rate };
}
