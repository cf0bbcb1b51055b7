// Who may classify a call, and with what (spec: "allowed for the agent who answered, compared with
// the Agent of the caller, never a client-sent agent id, or for a holder of agents.manage").

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
