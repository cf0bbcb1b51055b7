// Pure: what one attempt ended as, from what the switch said.
import type { DialOutcome } from '../../modules/dialer/retry.ts';

const NO_ANSWER_CAUSES = new Set(['NO_ANSWER', 'NO_USER_RESPONSE', 'ALLOTTED_TIMEOUT', 'RECOVERY_ON_TIMER_EXPIRE']);
const BUSY_CAUSES = new Set(['USER_BUSY', 'CALL_REJECTED']);

/** The outcome of an attempt that was never answered, by its hangup cause. */
export function unansweredOutcome(cause: string | null): Exclude<DialOutcome, 'CONNECTED' | 'ABANDONED'> {
  const upper = (cause ?? '').toUpperCase();
  if (BUSY_CAUSES.has(upper)) return 'BUSY';
  if (NO_ANSWER_CAUSES.has(upper)) return 'NO_ANSWER';
  return 'FAILED';
}

/** The cause in a BACKGROUND_JOB body of a failed originate (`-ERR USER_BUSY`), else null. */
export function originateFailureCause(body: string): string | null {
  const match = /^-ERR\s+([A-Z_]+)/.exec(body.trim());
  return match ? match[1]! : null;
}
