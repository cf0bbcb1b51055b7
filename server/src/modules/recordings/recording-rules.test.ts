import { describe, expect, it } from 'vitest';
import { storageLimitBytes, wouldExceedStorage } from './recording-rules.ts';

describe('recording storage rules', () => {
  it('reads the plan limit as decimal gigabytes, null as no limit', () => {
    expect(storageLimitBytes(null)).toBeNull();
    expect(storageLimitBytes('12.5')).toBe(12_500_000_000);
    expect(storageLimitBytes(0)).toBe(0);
  });

  it('stores up to the limit exactly and refuses the recording that would pass it', () => {
    expect(wouldExceedStorage(1000, 600, 400)).toBe(false);
    expect(wouldExceedStorage(1000, 600, 401)).toBe(true);
    expect(wouldExceedStorage(0, 0, 44)).toBe(true);
    expect(wouldExceedStorage(null, 10 ** 15, 10 ** 9)).toBe(false);
  });
});
