import { describe, expect, it } from 'vitest';
import { assessShortCalls, isShortCall } from './short-call-guard.ts';

describe('short-call guard', () => {
  it('a short call lasts 6 s or less', () => {
    expect(isShortCall(6)).toBe(true);
    expect(isShortCall(6.5)).toBe(false);
  });

  it('says nothing on a handful of calls', () => {
    expect(assessShortCalls({ shortCallsToday: 50, callsToday: 60 })).toMatchObject({ level: 'OK', pacingFactor: 1 });
  });

  it('warns well before the 85% ceiling and lowers pacing from the threshold on', () => {
    expect(assessShortCalls({ shortCallsToday: 300, callsToday: 1000 })).toMatchObject({ level: 'OK', pacingFactor: 1, share: 0.3 });
    expect(assessShortCalls({ shortCallsToday: 500, callsToday: 1000 })).toMatchObject({ level: 'NOTICE', pacingFactor: 1 });
    const warning = assessShortCalls({ shortCallsToday: 700, callsToday: 1000 });
    expect(warning.level).toBe('WARNING');
    expect(warning.pacingFactor).toBeCloseTo(0.6, 10);
    expect(assessShortCalls({ shortCallsToday: 850, callsToday: 1000 })).toMatchObject({ level: 'CRITICAL', pacingFactor: 0 });
  });

  it('takes a configured threshold and reports Anatel’s daily volume', () => {
    expect(assessShortCalls({ shortCallsToday: 450, callsToday: 1000 }, { threshold: 0.4, noticeFrom: 0.75, minCalls: 200 }).level).toBe('WARNING');
    expect(assessShortCalls({ shortCallsToday: 10, callsToday: 100_001 }).overDailyVolume).toBe(true);
    expect(assessShortCalls({ shortCallsToday: 0, callsToday: 0 })).toMatchObject({ share: 0, level: 'OK' });
  });
});
