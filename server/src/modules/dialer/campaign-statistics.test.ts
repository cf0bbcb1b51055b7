import { describe, expect, it } from 'vitest';
import {
  answerProbabilityAtAge,
  DEFAULT_STATISTICS_SETTINGS,
  INITIAL_STATISTICS,
  isAbandoned,
  isTrusted,
  recordOutcome,
  recordTalk,
  type AttemptOutcome,
  type CampaignStatistics,
} from './campaign-statistics.ts';

const answered = (delay = 10, abandoned = false): AttemptOutcome => ({ kind: 'ANSWERED', answerDelaySeconds: delay, abandoned });
const many = (stats: CampaignStatistics, outcomes: AttemptOutcome[]) => outcomes.reduce((next, outcome) => recordOutcome(next, outcome), stats);

describe('campaign statistics', () => {
  it('the first outcomes replace the initial guesses (a plain mean), later ones are weighted', () => {
    const one = recordOutcome(INITIAL_STATISTICS, { kind: 'NO_ANSWER', ringSeconds: 30 });
    expect(one.answerProbability).toBe(0);
    const four = many(INITIAL_STATISTICS, [answered(8), { kind: 'BUSY', ringSeconds: 4 }, { kind: 'FAILED', ringSeconds: 1 }, { kind: 'NO_ANSWER', ringSeconds: 30 }]);
    expect(four.answerProbability).toBeCloseTo(0.25, 10);
    expect(four.averageAnswerDelay).toBe(8);
    expect(four.outcomes).toBe(4);
    expect(four.answered).toBe(1);
  });

  it('converges to a new answer rate at the weight’s pace and forgets the old one', () => {
    const pattern = (rate: number) => Array.from({ length: 1000 }, (_, i): AttemptOutcome => (i % Math.round(1 / rate) === 0 ? answered() : { kind: 'NO_ANSWER', ringSeconds: 30 }));
    const before = many(INITIAL_STATISTICS, pattern(0.25));
    expect(before.answerProbability).toBeGreaterThan(0.2);
    const after = many(before, pattern(0.1));
    expect(after.answerProbability).toBeGreaterThan(0.08);
    expect(after.answerProbability).toBeLessThan(0.12);
  });

  it('counts abandoned answered calls in the abandon rate, not the unanswered ones', () => {
    const stats = many(INITIAL_STATISTICS, [answered(5, true), answered(5, false), { kind: 'BUSY', ringSeconds: 3 }, answered(5, false)]);
    expect(stats.abandonRate).toBeCloseTo(1 / 3, 10);
  });

  it('abandoned = answered and not connected within the threshold (default 2 s)', () => {
    expect(isAbandoned(0)).toBe(false);
    expect(isAbandoned(2)).toBe(false);
    expect(isAbandoned(2.1)).toBe(true);
    expect(isAbandoned(null)).toBe(true);
    expect(isAbandoned(4, 5)).toBe(false);
  });

  it('keeps a weighted mean and variance of the talk time', () => {
    let stats = INITIAL_STATISTICS;
    for (const seconds of [100, 200, 300]) stats = recordTalk(stats, seconds);
    expect(stats.averageTalkTime).toBeCloseTo(200, 6);
    expect(stats.talkTimeVariance).toBeGreaterThan(0);
    // Many equal talks shrink the variance towards zero.
    for (let i = 0; i < 500; i++) stats = recordTalk(stats, 180);
    expect(stats.averageTalkTime).toBeCloseTo(180, 1);
    expect(stats.talkTimeVariance).toBeLessThan(1);
  });

  it('learns the answer chance of a call by how long it has rung', () => {
    // Answers come within 10 s; unanswered calls ring 30 s.
    const outcomes: AttemptOutcome[] = [];
    for (let i = 0; i < 400; i++) outcomes.push(i % 4 === 0 ? answered(8) : { kind: 'NO_ANSWER', ringSeconds: 30 });
    const stats = many(INITIAL_STATISTICS, outcomes);
    expect(answerProbabilityAtAge(stats, 0)).toBeCloseTo(0.25, 1);
    expect(answerProbabilityAtAge(stats, 12)).toBeLessThan(0.01);
    expect(answerProbabilityAtAge(stats, 7)).toBeGreaterThan(0.2);
  });

  it('an unanswered call without its ring time teaches only the first age', () => {
    const stats = recordOutcome(INITIAL_STATISTICS, { kind: 'FAILED' });
    expect(stats.answerByRingAge[0]).toBe(0);
    expect(stats.answerByRingAge.slice(1)).toEqual(INITIAL_STATISTICS.answerByRingAge.slice(1));
  });

  it('is trusted only after enough outcomes and finished talks', () => {
    const { minOutcomes, minTalks } = DEFAULT_STATISTICS_SETTINGS;
    expect(isTrusted({ ...INITIAL_STATISTICS, outcomes: minOutcomes - 1, talks: minTalks })).toBe(false);
    expect(isTrusted({ ...INITIAL_STATISTICS, outcomes: minOutcomes, talks: minTalks - 1 })).toBe(false);
    expect(isTrusted({ ...INITIAL_STATISTICS, outcomes: minOutcomes, talks: minTalks })).toBe(true);
  });
});
