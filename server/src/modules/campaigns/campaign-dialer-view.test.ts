import { describe, expect, it } from 'vitest';
import { INITIAL_STATISTICS } from '../dialer/campaign-statistics.ts';
import { ratesOf, reasonsOf, shortCallsView } from './campaign-dialer-view.ts';

describe('ratesOf', () => {
  it('reads the answer and abandon rates once something was observed', () => {
    expect(ratesOf({ ...INITIAL_STATISTICS, outcomes: 300, answered: 90, answerProbability: 0.31, abandonRate: 0.025 })).toEqual({ answerRate: 0.31, abandonRate: 0.025 });
  });

  it('shows no rate for the initial guesses, nor for an answer rate without answers', () => {
    expect(ratesOf(INITIAL_STATISTICS)).toEqual({ answerRate: null, abandonRate: null });
    expect(ratesOf({ ...INITIAL_STATISTICS, outcomes: 5, answerProbability: 0 })).toEqual({ answerRate: 0, abandonRate: null });
  });

  it('survives a missing or odd statistics object and clamps to 0..1', () => {
    expect(ratesOf(null)).toEqual({ answerRate: null, abandonRate: null });
    expect(ratesOf({ outcomes: 3, answered: 2, answerProbability: 'x', abandonRate: 1.5 })).toEqual({ answerRate: null, abandonRate: 1 });
  });
});

describe('reasonsOf', () => {
  it('keeps the decision’s string reasons', () => {
    expect(reasonsOf({ calls: 0, reasons: ['NO_AGENTS', 3, 'CPS'] })).toEqual(['NO_AGENTS', 'CPS']);
    expect(reasonsOf({})).toEqual([]);
    expect(reasonsOf(null)).toEqual([]);
  });
});

describe('shortCallsView', () => {
  it('assesses the share at the tenant’s own threshold', () => {
    expect(shortCallsView({ today: 400, shortToday: 200, threshold: 0.45 })).toEqual({ today: 400, shortToday: 200, share: 0.5, threshold: 0.45, level: 'WARNING', minCalls: 200 });
    expect(shortCallsView({ today: 400, shortToday: 200, threshold: 0.7 })).toMatchObject({ share: 0.5, level: 'OK' });
    expect(shortCallsView({ today: 400, shortToday: 380, threshold: 0.6 })).toMatchObject({ level: 'CRITICAL' });
  });

  it('says OK on a handful of calls and 0 when none', () => {
    expect(shortCallsView({ today: 10, shortToday: 10, threshold: 0.6 })).toMatchObject({ share: 1, level: 'OK' });
    expect(shortCallsView({ today: 0, shortToday: 0, threshold: 0.6 })).toMatchObject({ share: 0, level: 'OK' });
  });
});
