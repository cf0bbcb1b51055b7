import { describe, expect, it } from 'vitest';
import { retryMinutesOf } from './dialer-settings.ts';

describe('retryMinutesOf', () => {
  it('reads the stored overrides with their own keys', () => {
    expect(retryMinutesOf('{"BUSY": 5, "NO_ANSWER": 120, "FAILED": 1, "ABANDONED": 10080}')).toEqual({ BUSY: 5, NO_ANSWER: 120, FAILED: 1, ABANDONED: 10080 });
    expect(retryMinutesOf('{}')).toEqual({});
  });

  it('leaves out what is not a known outcome with whole positive minutes (the column takes any JSON object)', () => {
    expect(retryMinutesOf('{"NOANSWER": 5, "CONNECTED": 1, "BUSY": "5", "FAILED": 2.5, "ABANDONED": 0}')).toEqual({});
  });
});
