// Who may classify a call, and with what (spec: "allowed for the agent who answered, compared with
// the Agent of the caller, never a client-sent agent id, or for a holder of agents.manage"), and
// what the disposition's action does to the call's lead and number.
import type { DispositionAction } from '../../platform/db/schema.ts';
import { callbackTimeProblem, type CallbackTimeProblem } from '../leads/callbacks.rules.ts';

export type DispositionRefusal = 'FORBIDDEN' | 'INVALID_DISPOSITION' | 'NOT_FOUND';

export interface DispositionAttempt {
  /** The call as stored, or undefined when the tenant has no such call. */
  call: { agentId: string | null } | undefined;
  /** The caller's own Agent in the tenant (from the token's user), or null. */
  ownAgentId: string | null;
  /** The caller holds agents.manage. */
  canManage: boolean;
  /** The disposition named by the body, or undefined when the tenant has none by that id. */
  disposition: { enabled: boolean } | undefined;
}

/**
 * Pure: why the attempt is refused, or null. In the contract's order: 403 (when there is a call to
 * judge), then 400 (the body's disposition), then 404. A call still in progress may be classified:
 * agents type it while they talk.
 */
export function dispositionRefusal({ call, ownAgentId, canManage, disposition }: DispositionAttempt): DispositionRefusal | null {
  const answeredBySelf = call !== undefined && ownAgentId !== null && call.agentId === ownAgentId;
  if (call && !canManage && !answeredBySelf) return 'FORBIDDEN';
  if (!disposition || !disposition.enabled) return 'INVALID_DISPOSITION';
  if (!call) return 'NOT_FOUND';
  return null;
}

export type DispositionEffect = { kind: 'NONE' } | { kind: 'CALLBACK'; at: Date } | { kind: 'DO_NOT_CALL' };

/**
 * Pure (decision 0043): CALLBACK on a call with a lead schedules the lead at `callbackAt`, which is
 * then required and in the future; DO_NOT_CALL suppresses the customer's number. A callback time is
 * refused anywhere else (a CALLBACK on a call without a lead only records the code).
 */
export function dispositionEffect(input: {
  action: DispositionAction;
  hasLead: boolean;
  callbackAt: Date | undefined;
  now: Date;
}): { ok: true; effect: DispositionEffect } | { ok: false; problem: CallbackTimeProblem } {
  const { action, hasLead, callbackAt, now } = input;
  if (action === 'CALLBACK' && hasLead) {
    if (callbackAt === undefined) return { ok: false, problem: 'REQUIRED' };
    const problem = callbackTimeProblem(callbackAt, now);
    return problem ? { ok: false, problem } : { ok: true, effect: { kind: 'CALLBACK', at: callbackAt } };
  }
  if (callbackAt !== undefined) return { ok: false, problem: 'NOT_ALLOWED' };
  return { ok: true, effect: action === 'DO_NOT_CALL' ? { kind: 'DO_NOT_CALL' } : { kind: 'NONE' } };
}
