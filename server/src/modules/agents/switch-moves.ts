// Agent moves that come from the switch (its events, the wrap-up's end, the self-healing): the same
// rows as the agent's own moves (decision 0008: the open state event closed, the next one opened,
// agents.state set, all at the transaction's now()), then AGENT_STATE_CHANGED after the commit.
import type { Logger } from 'pino';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { AgentStatusChangedPayload } from '../../platform/realtime/agent-event-schemas.ts';
import { publishStateChange, type StateChange } from './presence.service.ts';
import * as repo from './presence.repo.ts';

export interface SwitchMoveDeps {
  db: DatabaseHandles;
  realtime: RealtimePublisher;
  log: Pick<Logger, 'warn'>;
}

/** What a decision about a switch move may look at: the agent as locked, with its switch-related fields. */
export interface AgentForSwitch {
  id: string;
  userId: string;
  state: AgentState;
  stateChangedAt: Date;
  wrapUpSeconds: number;
  extensionNumber: string;
  /** The tenant's SIP domain (the agent's extension is `<number>@<domain>`). */
  domain: string;
}

export interface SwitchMove {
  to: AgentState;
  /** Why: the switch's event or check (e.g. switch:Receiving, wrap_up_end, external_call, healed). */
  cause: string;
  /** For a move to PAUSED: the pause's reason (a pause always has one). */
  pauseReasonId?: string;
}

const lockForSwitch = (tx: Tx, agentId: string): Promise<AgentForSwitch | undefined> =>
  tx
    .selectFrom('agents as a')
    .innerJoin('extensions as e', 'e.id', 'a.extensionId')
    .innerJoin('tenants as t', 't.id', 'a.tenantId')
    .select(['a.id', 'a.userId', 'a.state', 'a.stateChangedAt', 'a.wrapUpSeconds', 'e.number as extensionNumber', 't.telephonyDomain as domain'])
    .where('a.id', '=', agentId)
    .where('a.deletedAt', 'is', null)
    .forUpdate('a')
    .executeTakeFirst();

/** The tenant of an agent, whatever the tenant's status (what ends on the switch ends here too); null when unknown or deleted. */
export async function tenantOfAgent(db: DatabaseHandles, agentId: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(agentId)) return null;
  const row = await db.withPlatform((tx) =>
    tx.selectFrom('agents').select('tenantId').where('id', '=', agentId).where('deletedAt', 'is', null).executeTakeFirst(),
  );
  return row?.tenantId ?? null;
}

export interface SwitchMoveResult {
  agent: AgentForSwitch;
  /** Set when the state changed (and AGENT_STATE_CHANGED was published). */
  change: StateChange | null;
}

/**
 * Locks the agent, asks `decide` where the switch puts it and, when that is another state, writes
 * the transition. `decide` runs under the row lock, so two lines (an agent event and a call's
 * channel event) never both move the agent from the same state. Null when the agent is gone.
 */
export async function moveBySwitch(
  deps: SwitchMoveDeps,
  tenantId: string,
  agentId: string,
  decide: (agent: AgentForSwitch) => SwitchMove | null,
): Promise<SwitchMoveResult | null> {
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const agent = await lockForSwitch(tx, agentId);
    if (!agent) return null;
    const move = decide(agent);
    if (!move || move.to === agent.state) return { agent, change: null, cause: null };
    if (move.to === 'PAUSED' && !move.pauseReasonId) throw new Error('A pause needs its reason');
    const sessionId = await repo.currentSessionId(tx, agentId);
    if (move.pauseReasonId) await repo.openPause(tx, { tenantId, agentId, sessionId, pauseReasonId: move.pauseReasonId });
    await repo.recordTransition(tx, { tenantId, agentId, sessionId, from: agent.state, to: move.to, cause: move.cause });
    const change: StateChange = { agentId, userId: agent.userId, state: move.to, previousState: agent.state };
    if (move.pauseReasonId) change.pauseReasonId = move.pauseReasonId;
    return { agent, change, cause: move.cause };
  });
  if (!result) return null;
  if (result.change) await publishStateChange(deps, tenantId, { ...result.change, cause: result.cause });
  return { agent: { ...result.agent, ...(result.change ? { state: result.change.state } : {}) }, change: result.change };
}

/** AGENT_STATUS_CHANGED: what mod_callcenter says of a queue agent (its status or state), beside the platform's state. */
export async function publishSwitchStatus(deps: Pick<SwitchMoveDeps, 'realtime' | 'log'>, tenantId: string, payload: AgentStatusChangedPayload): Promise<void> {
  try {
    await deps.realtime.publish(tenantId, 'AGENT_STATUS_CHANGED', { ...payload });
  } catch (error) {
    deps.log.warn({ tenantId, agentId: payload.agentId, err: error }, 'AGENT_STATUS_CHANGED could not be published');
  }
}
