import { describe, expect, it } from 'vitest';
import { abandonRate, emptyStateSeconds, loggedSeconds, occupancy, serviceLevel, sharedTarget, utilization } from './metrics.ts';

describe('report metrics', () => {
  const counts = { offered: 10, answered: 6, answeredWithinThreshold: 4, shortAbandoned: 2 };

  it('computes the service level by each of the three formulas', () => {
    expect(serviceLevel(counts, 'EXCLUDE_SHORT_ABANDONS')).toBeCloseTo(4 / 8);
    expect(serviceLevel(counts, 'ALL_OFFERED')).toBeCloseTo(4 / 10);
    expect(serviceLevel(counts, 'ANSWERED_ONLY')).toBeCloseTo(4 / 6);
  });

  it('gives null, not 0, when nothing is under a rate', () => {
    const none = { offered: 2, answered: 0, answeredWithinThreshold: 0, shortAbandoned: 2 };
    expect(serviceLevel(none, 'EXCLUDE_SHORT_ABANDONS')).toBeNull();
    expect(serviceLevel(none, 'ANSWERED_ONLY')).toBeNull();
    expect(abandonRate({ offered: 2, abandoned: 2, shortAbandoned: 2 })).toBeNull();
  });

  it('counts abandons after the short-abandon threshold against offered calls without short abandons', () => {
    expect(abandonRate({ offered: 10, abandoned: 3, shortAbandoned: 2 })).toBeCloseTo(1 / 8);
  });

  it('defines occupancy over ready time and utilization over logged time', () => {
    const time = { ...emptyStateSeconds(), AVAILABLE: 100, RINGING: 20, IN_CALL: 240, WRAP_UP: 40, PAUSED: 200, ON_EXTERNAL_CALL: 0 };
    expect(loggedSeconds(time)).toBe(600);
    expect(occupancy(time)).toBeCloseTo(280 / 400);
    expect(utilization(time)).toBeCloseTo(280 / 600);
    expect(occupancy(emptyStateSeconds())).toBeNull();
  });
});

describe('sharedTarget', () => {
  it('is the target every member shares, none when they differ or there is no member', () => {
    expect(sharedTarget([0.8, 0.8, 0.8])).toBe(0.8);
    expect(sharedTarget([0.8, 0.9])).toBeNull();
    expect(sharedTarget([])).toBeNull();
  });
});
