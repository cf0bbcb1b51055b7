import { describe, expect, it } from 'vitest';
import { adjustDialLevel, DEFAULT_ABANDON_CONTROL, type AbandonControlInput } from './abandon-control.ts';

const input = (over: Partial<AbandonControlInput>): AbandonControlInput => ({
  level: 2,
  pacingMin: 1,
  pacingMax: 3,
  recentAbandonRate: 0,
  abandonedToday: 0,
  answeredToday: 1000,
  levelWasBinding: true,
  elapsedSeconds: 15,
  ...over,
});

describe('abandon control', () => {
  it('holds while too few calls were answered to judge', () => {
    expect(adjustDialLevel(input({ answeredToday: 10, recentAbandonRate: 0.5 }))).toMatchObject({ level: 2, action: 'WARMING_UP' });
  });

  it('rises only while well below the target, and only when the level held pacing back', () => {
    expect(adjustDialLevel(input({ recentAbandonRate: 0.005 }))).toMatchObject({ action: 'RAISE', level: 2 + DEFAULT_ABANDON_CONTROL.raiseStep });
    expect(adjustDialLevel(input({ recentAbandonRate: 0.005, levelWasBinding: false }))).toMatchObject({ action: 'HOLD', level: 2 });
    // Between "well below" and "nearing": hold.
    expect(adjustDialLevel(input({ recentAbandonRate: 0.022 }))).toMatchObject({ action: 'HOLD', level: 2 });
  });

  it('falls progressively as the rate nears the target, and hard above it', () => {
    const rates = [0.024, 0.026, 0.028, 0.0299];
    const levels = rates.map((recentAbandonRate) => adjustDialLevel(input({ recentAbandonRate })));
    expect(levels.every((one) => one.action === 'EASE')).toBe(true);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!.level).toBeLessThan(levels[i - 1]!.level);
    const over = adjustDialLevel(input({ recentAbandonRate: 0.03 }));
    expect(over.action).toBe('CUT');
    expect(over.level).toBeLessThan(levels.at(-1)!.level);
  });

  it('a bad day holds a good quarter hour back', () => {
    const result = adjustDialLevel(input({ recentAbandonRate: 0, abandonedToday: 35, answeredToday: 1000 }));
    expect(result.action).toBe('CUT');
    expect(result.rate).toBeCloseTo(0.035, 10);
  });

  it('stays within pacingMin..pacingMax and scales with the time elapsed', () => {
    expect(adjustDialLevel(input({ level: 1.05, recentAbandonRate: 0.2, elapsedSeconds: 600 })).level).toBe(1);
    expect(adjustDialLevel(input({ level: 2.99, recentAbandonRate: 0, elapsedSeconds: 600 })).level).toBe(3);
    const short = adjustDialLevel(input({ recentAbandonRate: 0.04, elapsedSeconds: 2 })).level;
    const long = adjustDialLevel(input({ recentAbandonRate: 0.04, elapsedSeconds: 30 })).level;
    expect(long).toBeLessThan(short);
    expect(adjustDialLevel(input({ level: 5, pacingMin: 1.5, pacingMax: 2 })).level).toBeLessThanOrEqual(2);
  });
});
