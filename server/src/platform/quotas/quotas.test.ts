import { describe, expect, it } from 'vitest';
import { wouldExceed } from './quotas.ts';

describe('wouldExceed', () => {
  it('allows up to the limit and refuses the next one', () => {
    expect(wouldExceed(5, 4)).toBe(false);
    expect(wouldExceed(5, 5)).toBe(true);
    expect(wouldExceed(0, 0)).toBe(true);
  });
  it('never refuses without a limit', () => {
    expect(wouldExceed(null, 10_000)).toBe(false);
  });
});
