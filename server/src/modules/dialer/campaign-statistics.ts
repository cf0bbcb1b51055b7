// Pure: a campaign's dialing statistics, exponentially weighted, updated from one outcome at a time.
// The engine keeps them per campaign; pacing reads them; nothing here touches a clock or a store.

/** What one dialing attempt ended as, as far as the statistics care. */
export type AttemptOutcome =
  | { kind: 'ANSWERED'; answerDelaySeconds: number; abandoned: boolean }
  | { kind: 'BUSY' | 'NO_ANSWER' | 'FAILED'; ringSeconds?: number };

/**
 * Ring ages (seconds) at which the chance that a call still ringing will be answered is kept:
 * a call ringing for 25 s is almost never answered, one placed now is answered with
 * answerProbability. Pacing reads the bucket of each ringing call's age.
 */
export const RING_AGE_BUCKETS = [0, 5, 10, 15, 20, 25, 30, 45] as const;

export interface CampaignStatistics {
  /** Outcomes counted so far (attempts that ended ringing). */
  outcomes: number;
  /** Answered calls counted so far. */
  answered: number;
  /** Finished talks counted so far. */
  talks: number;
  /** Share of attempts answered (by a person or a machine the switch could not tell apart). */
  answerProbability: number;
  /** Seconds from origination to answer, over answered attempts. */
  averageAnswerDelay: number;
  /** Seconds an agent talks, over finished talks. */
  averageTalkTime: number;
  /** Exponentially weighted variance of the talk time (s²): the forecast's log-normal needs it. */
  talkTimeVariance: number;
  /** Share of answered calls not connected to an agent in time (see `isAbandoned`). */
  abandonRate: number;
  /**
   * P(answered | still ringing at age RING_AGE_BUCKETS[i]), exponentially weighted over the
   * attempts that reached that age (an empirical conditional probability: no model assumed).
   */
  answerByRingAge: number[];
}

export interface StatisticsSettings {
  /** Weight of one attempt in answerProbability (≈ 1 / the number of attempts it remembers). */
  attemptWeight: number;
  /** Weight of one answered call in averageAnswerDelay and abandonRate. */
  answeredWeight: number;
  /** Weight of one finished talk in averageTalkTime and its variance. */
  talkWeight: number;
  /** Outcomes and talks needed before pacing may trust the statistics (progressive 1:1 until then). */
  minOutcomes: number;
  minTalks: number;
}

/**
 * Weights remember about 200 attempts, 100 answers and 50 talks: minutes of a 20-agent campaign,
 * so a change of answer rate shows within a quarter of an hour. Trust after 200 attempts and 30
 * finished talks (RingCentral advises 500 calls of history; a campaign that stays progressive that
 * long loses most of a morning, and the abandon feedback covers the early error).
 */
export const DEFAULT_STATISTICS_SETTINGS: StatisticsSettings = {
  attemptWeight: 1 / 200,
  answeredWeight: 1 / 100,
  talkWeight: 1 / 50,
  minOutcomes: 200,
  minTalks: 30,
};

/** A new campaign's statistics: neutral guesses that only matter until the campaign is trusted. */
export const INITIAL_STATISTICS: CampaignStatistics = {
  outcomes: 0,
  answered: 0,
  talks: 0,
  answerProbability: 0.3,
  averageAnswerDelay: 10,
  averageTalkTime: 120,
  talkTimeVariance: 120 * 120,
  abandonRate: 0,
  answerByRingAge: RING_AGE_BUCKETS.map(() => 0.3),
};

/** "Abandoned" = answered and not connected to an agent within `thresholdSeconds` (default 2). */
export const DEFAULT_ABANDON_THRESHOLD_SECONDS = 2;

export function isAbandoned(waitSeconds: number | null, thresholdSeconds = DEFAULT_ABANDON_THRESHOLD_SECONDS): boolean {
  return waitSeconds === null || waitSeconds > thresholdSeconds;
}

// The first samples weigh 1/n (a plain mean), so the initial guesses are forgotten at once; after
// that the fixed weight takes over and old samples fade.
const weightOf = (count: number, weight: number) => Math.max(weight, 1 / count);

/** The statistics after one attempt's outcome. */
export function recordOutcome(stats: CampaignStatistics, outcome: AttemptOutcome, settings = DEFAULT_STATISTICS_SETTINGS): CampaignStatistics {
  const outcomes = stats.outcomes + 1;
  const answeredNow = outcome.kind === 'ANSWERED';
  const a = weightOf(outcomes, settings.attemptWeight);
  const hit = answeredNow ? 1 : 0;
  // Every age bucket the call reached learns whether it was answered in the end.
  // An unanswered call without its ring time only tells about age 0.
  const ringSeconds = outcome.kind === 'ANSWERED' ? outcome.answerDelaySeconds : (outcome.ringSeconds ?? 0);
  const answerByRingAge = stats.answerByRingAge.map((value, i) => (ringSeconds >= RING_AGE_BUCKETS[i]! ? value + a * (hit - value) : value));
  const next = { ...stats, outcomes, answerByRingAge, answerProbability: stats.answerProbability + a * (hit - stats.answerProbability) };
  if (outcome.kind !== 'ANSWERED') return next;
  const answered = stats.answered + 1;
  const b = weightOf(answered, settings.answeredWeight);
  const delay = Math.max(0, outcome.answerDelaySeconds);
  return {
    ...next,
    answered,
    averageAnswerDelay: stats.averageAnswerDelay + b * (delay - stats.averageAnswerDelay),
    abandonRate: stats.abandonRate + b * ((outcome.abandoned ? 1 : 0) - stats.abandonRate),
  };
}

/** The statistics after a talk of `seconds` ended (exponentially weighted mean and variance). */
export function recordTalk(stats: CampaignStatistics, seconds: number, settings = DEFAULT_STATISTICS_SETTINGS): CampaignStatistics {
  const talks = stats.talks + 1;
  const x = Math.max(0, seconds);
  if (talks === 1) return { ...stats, talks, averageTalkTime: x, talkTimeVariance: stats.talkTimeVariance };
  const w = weightOf(talks, settings.talkWeight);
  const diff = x - stats.averageTalkTime;
  const increment = w * diff;
  return { ...stats, talks, averageTalkTime: stats.averageTalkTime + increment, talkTimeVariance: (1 - w) * (stats.talkTimeVariance + diff * increment) };
}

/** P(answered in the end | still ringing after `ageSeconds`): the bucket the age falls in. */
export function answerProbabilityAtAge(stats: Pick<CampaignStatistics, 'answerByRingAge'>, ageSeconds: number): number {
  let bucket = 0;
  for (let i = 0; i < RING_AGE_BUCKETS.length; i++) if (ageSeconds >= RING_AGE_BUCKETS[i]!) bucket = i;
  return stats.answerByRingAge[bucket] ?? 0;
}

/** Whether pacing may use the statistics: enough outcomes and finished talks. */
export function isTrusted(stats: CampaignStatistics, settings = DEFAULT_STATISTICS_SETTINGS): boolean {
  return stats.outcomes >= settings.minOutcomes && stats.talks >= settings.minTalks;
}
