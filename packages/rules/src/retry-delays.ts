// How long the dialer waits before calling a lead again, by the last attempt's outcome.
import type { DialOutcome } from './call-codes.ts';

export type RetryDelays = Record<Exclude<DialOutcome, 'CONNECTED'>, number>;

/**
 * Minutes until the next attempt: BUSY 15, NO_ANSWER 60, FAILED 30 (the specification). An abandoned
 * call waits like an unanswered one: the person did pick up, calling straight back would annoy.
 */
export const DEFAULT_RETRY_MINUTES: RetryDelays = { BUSY: 15, NO_ANSWER: 60, FAILED: 30, ABANDONED: 60 };
