import { describe, expect, it } from 'vitest';
import { stateOf, targetState } from './target-note.tsx';

describe('targetState', () => {
  it('judges a share as the tables export it (four decimals): a floor and a ceiling', () => {
    expect(targetState(0.79996, 0.8, 'atLeast')).toBe('met'); // exported as 0.8
    expect(targetState(0.7996, 0.8, 'atLeast')).toBe('missed');
    expect(targetState(0.06, 0.05, 'atMost')).toBe('missed');
    expect(targetState(0.05, 0.05, 'atMost')).toBe('met');
  });

  it('has nothing to judge in a rate of no calls', () => {
    expect(targetState(null, 0.8, 'atLeast')).toBeUndefined();
    expect(stateOf(null)).toBeUndefined();
  });
});
