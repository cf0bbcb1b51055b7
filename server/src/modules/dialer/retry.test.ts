import { describe, expect, it } from 'vitest';
import { leadAfterAttempt } from './retry.ts';

const now = new Date('2026-11-23T12:00:00Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('retry', () => {
  it('retries BUSY after 15 min, NO_ANSWER after 60, FAILED after 30, counting the attempt', () => {
    const lead = { status: 'READY' as const, attempts: 0 };
    expect(leadAfterAttempt(lead, 'BUSY', { maxAttempts: 3 }, now)).toEqual({ status: 'READY', attempts: 1, nextAttemptAt: minutesLater(15), lastOutcome: 'BUSY' });
    expect(leadAfterAttempt(lead, 'NO_ANSWER', { maxAttempts: 3 }, now).nextAttemptAt).toEqual(minutesLater(60));
    expect(leadAfterAttempt(lead, 'FAILED', { maxAttempts: 3 }, now).nextAttemptAt).toEqual(minutesLater(30));
    expect(leadAfterAttempt(lead, 'ABANDONED', { maxAttempts: 3 }, now).nextAttemptAt).toEqual(minutesLater(60));
  });

  it('takes per-campaign overrides', () => {
    const result = leadAfterAttempt({ status: 'READY', attempts: 0 }, 'BUSY', { maxAttempts: 3, retryMinutes: { BUSY: 5 } }, now);
    expect(result.nextAttemptAt).toEqual(minutesLater(5));
    expect(leadAfterAttempt({ status: 'READY', attempts: 0 }, 'NO_ANSWER', { maxAttempts: 3, retryMinutes: { BUSY: 5 } }, now).nextAttemptAt).toEqual(minutesLater(60));
  });

  it('a connected call completes the lead', () => {
    expect(leadAfterAttempt({ status: 'READY', attempts: 2 }, 'CONNECTED', { maxAttempts: 3 }, now)).toEqual({ status: 'COMPLETED', attempts: 3, nextAttemptAt: null, lastOutcome: 'CONNECTED' });
  });

  it('maxAttempts ends the lead as EXHAUSTED', () => {
    expect(leadAfterAttempt({ status: 'READY', attempts: 2 }, 'NO_ANSWER', { maxAttempts: 3 }, now)).toEqual({ status: 'EXHAUSTED', attempts: 3, nextAttemptAt: null, lastOutcome: 'NO_ANSWER' });
    expect(leadAfterAttempt({ status: 'READY', attempts: 0 }, 'BUSY', { maxAttempts: 1 }, now).status).toBe('EXHAUSTED');
  });

  it('a callback that fails stays a callback (keeping its priority) until exhausted', () => {
    expect(leadAfterAttempt({ status: 'CALLBACK', attempts: 1 }, 'BUSY', { maxAttempts: 3 }, now)).toMatchObject({ status: 'CALLBACK', nextAttemptAt: minutesLater(15) });
    expect(leadAfterAttempt({ status: 'CALLBACK', attempts: 2 }, 'BUSY', { maxAttempts: 3 }, now).status).toBe('EXHAUSTED');
  });
});
