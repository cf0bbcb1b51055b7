import { describe, expect, it } from 'vitest';
import { dialingModeOf, pacingFor } from './dialing-mode.ts';

describe('dialing mode', () => {
  it('reads progressive from a dial level pinned at 1, predictive from any range above', () => {
    expect(dialingModeOf(1, 1)).toBe('PROGRESSIVE');
    expect(dialingModeOf(1, 2)).toBe('PREDICTIVE');
    expect(dialingModeOf(1.5, 1.5)).toBe('PREDICTIVE');
  });

  it('sends 1–1 for progressive whatever was typed, the range as typed for predictive', () => {
    expect(pacingFor('PROGRESSIVE', 2, 3)).toEqual({ pacingMin: 1, pacingMax: 1 });
    expect(pacingFor('PREDICTIVE', 1.2, 3.5)).toEqual({ pacingMin: 1.2, pacingMax: 3.5 });
  });
});
