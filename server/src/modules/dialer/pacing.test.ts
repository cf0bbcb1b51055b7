import { describe, expect, it } from 'vitest';
import { INITIAL_STATISTICS, RING_AGE_BUCKETS, type CampaignStatistics } from './campaign-statistics.ts';
import type { BusyAgent } from './forecast.ts';
import { decidePacing, type PacingInput } from './pacing.ts';

const trusted: CampaignStatistics = {
  ...INITIAL_STATISTICS,
  outcomes: 1000,
  answered: 250,
  talks: 200,
  answerProbability: 0.25,
  averageTalkTime: 180,
  talkTimeVariance: 180 * 180,
  // Answers come early: a call ringing 20 s or more is almost never answered.
  answerByRingAge: RING_AGE_BUCKETS.map((age) => (age < 10 ? 0.25 : age < 20 ? 0.1 : 0)),
};
const talking = (count: number, elapsedSeconds: number): BusyAgent[] => Array.from({ length: count }, () => ({ phase: 'TALK', elapsedSeconds }));
const input = (over: Partial<PacingInput>): PacingInput => ({
  availableAgents: 0,
  busyAgents: [],
  ringingSeconds: [],
  answeredWaiting: 0,
  stats: trusted,
  dialLevel: 3,
  ...over,
});

describe('pacing', () => {
  it('places nothing without agents', () => {
    expect(decidePacing(input({}))).toMatchObject({ calls: 0, reasons: ['NO_AGENTS'] });
  });

  it('a new campaign is progressive 1:1 until its statistics are trusted', () => {
    const decision = decidePacing(input({ stats: INITIAL_STATISTICS, availableAgents: 5, busyAgents: talking(5, 30), ringingSeconds: [1, 2] }));
    expect(decision).toMatchObject({ mode: 'PROGRESSIVE', calls: 3 });
    expect(decision.reasons).toContain('PROGRESSIVE_UNTRUSTED');
    // Answered callers waiting take free agents too.
    expect(decidePacing(input({ stats: INITIAL_STATISTICS, availableAgents: 2, answeredWaiting: 2 })).calls).toBe(0);
  });

  it('never originates without forecast capacity', () => {
    // Every agent just started a call: nobody is expected free within 15 s.
    const decision = decidePacing(input({ busyAgents: talking(20, 1) }));
    expect(decision.calls).toBe(0);
    expect(decision.reasons).toContain('NO_FORECAST_CAPACITY');
    // Callers already waiting eat the capacity of the free agents.
    expect(decidePacing(input({ availableAgents: 2, busyAgents: talking(10, 1), answeredWaiting: 2 })).calls).toBe(0);
  });

  it('dials more than one line per free agent, and more for a lower answer probability', () => {
    const at25 = decidePacing(input({ availableAgents: 4, busyAgents: talking(16, 60) }));
    const at10 = decidePacing(input({ availableAgents: 4, busyAgents: talking(16, 60), stats: { ...trusted, answerProbability: 0.1 } }));
    expect(at25.mode).toBe('PREDICTIVE');
    expect(at25.calls).toBeGreaterThan(4);
    expect(at10.calls).toBeGreaterThan(at25.calls);
  });

  it('counts calls already ringing by their age: fresh ones cover capacity, old ones hardly', () => {
    const none = decidePacing(input({ availableAgents: 4, busyAgents: talking(16, 60) }));
    const fresh = decidePacing(input({ availableAgents: 4, busyAgents: talking(16, 60), ringingSeconds: [1, 1, 1, 1] }));
    const old = decidePacing(input({ availableAgents: 4, busyAgents: talking(16, 60), ringingSeconds: [25, 25, 25, 25] }));
    expect(fresh.calls).toBeLessThan(none.calls);
    expect(old.calls).toBeGreaterThan(fresh.calls);
  });

  it('anticipates agents near the end of their calls (conditional on the time talked)', () => {
    const stats = { ...trusted, talkTimeVariance: 20 * 20 };
    const early = decidePacing(input({ stats, availableAgents: 1, busyAgents: talking(10, 20) }));
    const nearEnd = decidePacing(input({ stats, availableAgents: 1, busyAgents: talking(10, 175) }));
    expect(nearEnd.capacity).toBeGreaterThan(early.capacity + 4);
    expect(nearEnd.calls).toBeGreaterThan(early.calls);
  });

  it('a larger risk margin places fewer calls', () => {
    const bold = decidePacing(input({ availableAgents: 6, busyAgents: talking(14, 150), riskMargin: 0 }));
    const careful = decidePacing(input({ availableAgents: 6, busyAgents: talking(14, 150), riskMargin: 3 }));
    expect(careful.calls).toBeLessThan(bold.calls);
  });

  it('clamps by the dial level (lines per active agent), the plan’s concurrent calls and CPS, and says which', () => {
    const base = { availableAgents: 10, busyAgents: talking(10, 150) };
    const level = decidePacing(input({ ...base, dialLevel: 1.2 }));
    // 1.2 × 20 agents = 24 lines, 10 of them talking.
    expect(level).toMatchObject({ calls: 14, lineCap: 14 });
    expect(level.reasons).toContain('DIAL_LEVEL');
    const plan = decidePacing(input({ ...base, concurrentCallsLeft: 3 }));
    expect(plan.calls).toBe(3);
    expect(plan.reasons).toContain('MAX_CONCURRENT_CALLS');
    const cps = decidePacing(input({ ...base, concurrentCallsLeft: 3, cpsTokens: 2 }));
    expect(cps.calls).toBe(2);
    expect(cps.reasons).toEqual(expect.arrayContaining(['MAX_CONCURRENT_CALLS', 'CPS']));
  });

  it('the short-call guard pulls the dial level towards 1', () => {
    const base = { availableAgents: 10, busyAgents: talking(10, 150), dialLevel: 2 };
    const guarded = decidePacing(input({ ...base, shortCallFactor: 0 }));
    expect(guarded.effectiveDialLevel).toBe(1);
    expect(guarded.calls).toBe(10);
    expect(guarded.reasons).toContain('SHORT_CALL_GUARD');
    expect(decidePacing(input({ ...base, shortCallFactor: 0.5 })).effectiveDialLevel).toBe(1.5);
  });
});
