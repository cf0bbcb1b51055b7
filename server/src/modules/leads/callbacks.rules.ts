// Pure: what a callback action does to a lead in CALLBACK (spec "Lead" table; the contract's
// give-up action is CANCEL), and whether a callback time is acceptable. Shared with the
// disposition of a call, whose CALLBACK action schedules the same way.
import type { LeadStatus } from '../../platform/db/schema.ts';

export const CALLBACK_ACTIONS = ['RESCHEDULE', 'REQUEUE', 'CANCEL'] as const;
export type CallbackAction = (typeof CALLBACK_ACTIONS)[number];

/** A callback further ahead than this is a typing mistake (a year for a month), not a plan. */
export const MAX_CALLBACK_DAYS = 365;

export type CallbackTimeProblem = 'REQUIRED' | 'NOT_ALLOWED' | 'NOT_IN_FUTURE' | 'TOO_FAR';

/** Why `at` cannot be a callback time at `now`, or null. */
export function callbackTimeProblem(at: Date, now: Date): 'NOT_IN_FUTURE' | 'TOO_FAR' | null {
  // An unreadable time is never scheduled (the schema's pattern keeps them out; this is the fence).
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return 'NOT_IN_FUTURE';
  if (at.getTime() - now.getTime() > MAX_CALLBACK_DAYS * 86_400_000) return 'TOO_FAR';
  return null;
}

export type CallbackChange = { ok: true; status: LeadStatus; nextAttemptAt: Date | null } | { ok: false; problem: CallbackTimeProblem };

/**
 * The lead's next status and time: RESCHEDULE stays CALLBACK at a new time in the future (required);
 * REQUEUE goes back to READY and CANCEL gives up (DO_NOT_CALL), both clearing the time (none given).
 */
export function callbackChange(action: CallbackAction, nextAttemptAt: string | undefined, now: Date): CallbackChange {
  switch (action) {
    case 'RESCHEDULE': {
      if (nextAttemptAt === undefined) return { ok: false, problem: 'REQUIRED' };
      const at = new Date(nextAttemptAt);
      const problem = callbackTimeProblem(at, now);
      return problem ? { ok: false, problem } : { ok: true, status: 'CALLBACK', nextAttemptAt: at };
    }
    case 'REQUEUE':
    case 'CANCEL':
      if (nextAttemptAt !== undefined) return { ok: false, problem: 'NOT_ALLOWED' };
      return { ok: true, status: action === 'REQUEUE' ? 'READY' : 'DO_NOT_CALL', nextAttemptAt: null };
  }
}
