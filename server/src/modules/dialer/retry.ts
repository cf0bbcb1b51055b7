// Pure: a dialing outcome → the lead's next status, attempts and nextAttemptAt.
import type { DialOutcome } from '@callcenter/rules/call-codes';
import type { LeadStatus } from '../../platform/db/schema.ts';
import { DEFAULT_RETRY_MINUTES, type RetryDelays } from '@callcenter/rules/retry-delays';

export { DEFAULT_RETRY_MINUTES, type RetryDelays };

/**
 * What the dialer records as lead.lastOutcome (the list the console words lives in the shared rules).
 * CONNECTED: answered and bridged to an agent; ABANDONED: answered and dropped before an agent took it.
 */
export type { DialOutcome };

export interface LeadAfterAttempt {
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastOutcome: DialOutcome;
}

export interface RetryRules {
  /** The campaign's maxAttempts (1–20). */
  maxAttempts: number;
  /** Per-campaign overrides of the delays, in minutes. */
  retryMinutes?: Partial<RetryDelays>;
}

/**
 * CONNECTED ends the lead as COMPLETED (a disposition may set CALLBACK afterwards). Otherwise the
 * lead is retried after the outcome's delay, keeping its status (a CALLBACK stays a callback, so it
 * keeps its priority), until its attempts reach maxAttempts: then EXHAUSTED.
 */
export function leadAfterAttempt(lead: { status: LeadStatus; attempts: number }, outcome: DialOutcome, rules: RetryRules, now: Date): LeadAfterAttempt {
  const attempts = lead.attempts + 1;
  if (outcome === 'CONNECTED') return { status: 'COMPLETED', attempts, nextAttemptAt: null, lastOutcome: outcome };
  if (attempts >= rules.maxAttempts) return { status: 'EXHAUSTED', attempts, nextAttemptAt: null, lastOutcome: outcome };
  const minutes = rules.retryMinutes?.[outcome] ?? DEFAULT_RETRY_MINUTES[outcome];
  const status: LeadStatus = lead.status === 'CALLBACK' ? 'CALLBACK' : 'READY';
  return { status, attempts, nextAttemptAt: new Date(now.getTime() + minutes * 60_000), lastOutcome: outcome };
}
