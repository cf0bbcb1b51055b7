import { describe, expect, it } from 'vitest';
import { fitLogNormal, forecastCapacity, probabilityFreeWithin, survival } from './forecast.ts';

describe('forecast', () => {
  it('fits a log-normal with the given mean and variance', () => {
    const model = fitLogNormal(180, 180 * 180);
    const mean = Math.exp(model.mu + model.sigma ** 2 / 2);
    const variance = (Math.exp(model.sigma ** 2) - 1) * mean * mean;
    expect(mean).toBeCloseTo(180, 6);
    expect(variance).toBeCloseTo(180 * 180, 3);
  });

  it('survival falls from 1 and is one half at the median', () => {
    const model = fitLogNormal(180, 180 * 180);
    expect(survival(model, 0)).toBe(1);
    expect(survival(model, Math.exp(model.mu))).toBeCloseTo(0.5, 6);
    expect(survival(model, 60)).toBeGreaterThan(survival(model, 600));
  });

  it('uses the conditional probability: it depends on the time already talked', () => {
    const model = fitLogNormal(180, 180 * 180);
    const early = probabilityFreeWithin(model, 1, 15);
    const typical = probabilityFreeWithin(model, 120, 15);
    // Unconditional P(T ≤ t + h) at t = 120 would be about 0.6: the conditional one is far smaller.
    expect(1 - survival(model, 135)).toBeGreaterThan(0.5);
    expect(typical).toBeLessThan(0.15);
    expect(early).not.toBeCloseTo(typical, 2);
    for (const elapsed of [0, 30, 300, 3000]) {
      const p = probabilityFreeWithin(model, elapsed, 15);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    // A longer horizon never gives a smaller chance.
    expect(probabilityFreeWithin(model, 120, 30)).toBeGreaterThan(typical);
  });

  it('with little spread, an agent near the mean is likely free soon and one just started is not', () => {
    const model = fitLogNormal(180, 10 * 10);
    expect(probabilityFreeWithin(model, 10, 15)).toBeLessThan(0.001);
    expect(probabilityFreeWithin(model, 178, 15)).toBeGreaterThan(0.5);
  });

  it('capacity = free agents + expected freed − answered callers waiting', () => {
    const stats = { averageTalkTime: 180, talkTimeVariance: 180 * 180 };
    const busy = [
      { phase: 'TALK' as const, elapsedSeconds: 30 },
      { phase: 'TALK' as const, elapsedSeconds: 400 },
    ];
    const model = fitLogNormal(180, 180 * 180);
    const expected = probabilityFreeWithin(model, 30, 15) + probabilityFreeWithin(model, 400, 15);
    const forecast = forecastCapacity({ availableAgents: 3, busyAgents: busy, answeredWaiting: 1, stats });
    expect(forecast.expectedFreed).toBeCloseTo(expected, 10);
    expect(forecast.capacity).toBeCloseTo(3 + expected - 1, 10);
    expect(forecast.freedVariance).toBeGreaterThan(0);
  });

  it('counts wrap-up: an agent in wrap-up ending inside the horizon is free, a talking one needs talk plus wrap-up', () => {
    const stats = { averageTalkTime: 180, talkTimeVariance: 180 * 180 };
    const wrap = forecastCapacity({ availableAgents: 0, busyAgents: [{ phase: 'WRAP_UP', elapsedSeconds: 10 }], answeredWaiting: 0, stats, wrapUpSeconds: 20 });
    expect(wrap.capacity).toBe(1);
    const longWrap = forecastCapacity({ availableAgents: 0, busyAgents: [{ phase: 'WRAP_UP', elapsedSeconds: 0 }], answeredWaiting: 0, stats, wrapUpSeconds: 30 });
    expect(longWrap.capacity).toBe(0);
    const talking = forecastCapacity({ availableAgents: 0, busyAgents: [{ phase: 'TALK', elapsedSeconds: 170 }], answeredWaiting: 0, stats, wrapUpSeconds: 20 });
    const noWrap = forecastCapacity({ availableAgents: 0, busyAgents: [{ phase: 'TALK', elapsedSeconds: 170 }], answeredWaiting: 0, stats });
    expect(talking.capacity).toBeLessThan(noWrap.capacity);
  });
});
