// The agent's own presence: login, pause, resume, logout. The agent is always the token user's
// Agent in the token's tenant. Each move locks the agent row, writes its events in one
// transaction, then (after the commit) tells the switch and publishes AGENT_STATE_CHANGED.
import { E } from '../../platform/http/error-codes.ts';
import type { Logger } from 'pino';
import type { Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { ModuleServices } from '../module-services.ts';
import { listEnabled, toItem } from '../code-lists/code-list.ts';
import type { PauseReason } from '../pause-reasons/pause-reasons.schema.ts';
import { nextAgentState, switchStatusOf, type AgentOperation } from './agent-state.ts';
import * as agents from './agents.repo.ts';
import type { Agent } from './agents.schema.ts';
import { callCenterContact } from '../../platform/switch/naming.ts';
import type { AgentSwitchFields, CallCenterSync, TierPlacement } from './callcenter-sync.ts';
import * as repo from './presence.repo.ts';

/** The payload of AGENT_STATE_CHANGED (the publisher adds type, tenantId and at). */
export interface StateChange {
  agentId: string;
  userId: string;
  state: AgentState;
  previousState: AgentState;
  pauseReasonId?: string;
  /** What moved the agent when the switch did (see decision 0033); absent for the agent's own moves. */
  cause?: string;
}

const invalidTransition = (state: AgentState, operation: AgentOperation) =>
  badRequest(E.INVALID_AGENT_TRANSITION, `An agent in state ${state} cannot ${operation}`, undefined, { state, operation });

export async function publishStateChange(
  deps: { realtime: RealtimePublisher; log: Pick<Logger, 'warn'> },
  tenantId: string,
  change: StateChange,
): Promise<void> {
  try {
    await deps.realtime.publish(tenantId, 'AGENT_STATE_CHANGED', { ...change });
  } catch (error) {
    // The state is committed; a lost push is corrected by the next read of the agent.
    deps.log.warn(
      { tenantId, agentId: change.agentId, err: error },
      'AGENT_STATE_CHANGED could not be published',
    );
  }
}

/** Logs an agent out whatever it is doing (its own logout, or its deletion); null when it was out already. */
export async function forceLogout(
  tx: Tx,
  tenantId: string,
  agent: agents.LockedAgent,
  cause: string,
): Promise<StateChange | null> {
  if (agent.state === 'LOGGED_OUT') return null;
  const sessionId = await repo.currentSessionId(tx, agent.id);
  await repo.closePause(tx, agent.id);
  await repo.recordTransition(tx, {
    tenantId,
    agentId: agent.id,
    sessionId,
    from: agent.state,
    to: 'LOGGED_OUT',
    cause,
  });
  await repo.closeSession(tx, agent.id);
  return { agentId: agent.id, userId: agent.userId, state: 'LOGGED_OUT', previousState: agent.state };
}

interface Moved {
  agent: Agent;
  change: StateChange;
  /** Only for a login: what the switch needs to add the agent and its tiers. */
  login?: { contact: string; tiers: TierPlacement[] };
  /** Only for an early end of wrap-up: when the cut wrap-up would have ended, and the agent's settings. */
  wrapUp?: { restoreInMs: number; fields: AgentSwitchFields };
}

export class AgentPresenceService {
  constructor(
    private readonly services: Pick<ModuleServices, 'db' | 'realtime' | 'log'>,
    private readonly sync: CallCenterSync,
  ) {}

  async me(tenantId: string, userId: string): Promise<Agent> {
    const row = await this.services.db.withTenant(tenantId, (tx) => agents.findAgentOfUser(tx, userId));
    if (!row) throw notFound('agent');
    return agents.toAgent(row);
  }

  async pauseReasons(tenantId: string): Promise<PauseReason[]> {
    return (await this.services.db.withTenant(tenantId, (tx) => listEnabled(tx, 'pauseReasons'))).map(toItem);
  }

  /** The queues of the caller's own agent; 404 when the user has no Agent in the tenant. */
  async queues(tenantId: string, userId: string) {
    return this.services.db.withTenant(tenantId, async (tx) => {
      const agent = await agents.findAgentOfUser(tx, userId);
      if (!agent) throw notFound('agent');
      return repo.listQueuesOfAgent(tx, agent.id);
    });
  }

  login(tenantId: string, userId: string): Promise<Agent> {
    return this.move(tenantId, userId, 'login');
  }

  pause(tenantId: string, userId: string, pauseReasonId: string): Promise<Agent> {
    return this.move(tenantId, userId, 'pause', pauseReasonId);
  }

  resume(tenantId: string, userId: string): Promise<Agent> {
    return this.move(tenantId, userId, 'resume');
  }

  logout(tenantId: string, userId: string): Promise<Agent> {
    return this.move(tenantId, userId, 'logout');
  }

  /** The agent is ready before its wrap-up time is over (decision 0083). */
  endWrapUp(tenantId: string, userId: string): Promise<Agent> {
    return this.move(tenantId, userId, 'endWrapUp');
  }

  private async move(
    tenantId: string,
    userId: string,
    operation: AgentOperation,
    pauseReasonId?: string,
  ): Promise<Agent> {
    let moved: Moved;
    try {
      moved = await this.services.db.withTenant(tenantId, async (tx) => {
        // The body first (400), then the caller's agent (404), then the state machine (400).
        if (
          operation === 'pause' &&
          !(pauseReasonId && (await repo.isEnabledPauseReason(tx, pauseReasonId)))
        ) {
          throw badRequest(
            E.INVALID_PAUSE_REASON,
            'pauseReasonId must be an enabled pause reason of this tenant',
          );
        }
        const agent = await agents.lockAgentOfUser(tx, userId);
        if (!agent) throw notFound('agent');
        const next = nextAgentState(agent.state, operation);
        if (next === null) throw invalidTransition(agent.state, operation);
        // The wrap-up being cut, read before the move restamps the state.
        const before = operation === 'endWrapUp' ? await agents.findAgent(tx, agent.id) : undefined;
        const login = await this.apply(tx, tenantId, agent, operation, next, pauseReasonId);
        const change: StateChange = { agentId: agent.id, userId, state: next, previousState: agent.state };
        if (operation === 'pause' && pauseReasonId) change.pauseReasonId = pauseReasonId;
        const view = await agents.findAgent(tx, agent.id);
        const wrapUp = before && {
          restoreInMs: Math.max(0, before.stateChangedAt.getTime() + before.wrapUpSeconds * 1000 - Date.now()),
          fields: before,
        };
        return { agent: agents.toAgent(view!), change, ...(login ? { login } : {}), ...(wrapUp ? { wrapUp } : {}) };
      });
    } catch (error) {
      // The row lock serialises logins; the partial unique index is the last guard.
      if (isUniqueViolation(error, 'agent_sessions_one_open'))
        throw badRequest(E.INVALID_AGENT_TRANSITION, 'The agent is logged in already');
      throw error;
    }
    await this.afterCommit(tenantId, operation, moved);
    return moved.agent;
  }

  /** The rows of one transition; for a login, also what the switch needs afterwards. */
  private async apply(
    tx: Tx,
    tenantId: string,
    agent: agents.LockedAgent,
    operation: AgentOperation,
    next: AgentState,
    pauseReasonId: string | undefined,
  ): Promise<Moved['login'] | undefined> {
    const base = { tenantId, agentId: agent.id, from: agent.state, to: next, cause: operation };
    switch (operation) {
      case 'login': {
        const reach = await repo.agentReach(tx, agent.id);
        if (reach.extensionDeletedAt)
          throw badRequest(
            E.AGENT_EXTENSION_DELETED,
            'The extension of this agent was deleted; ask for another',
          );
        const sessionId = await repo.openSession(tx, tenantId, agent.id);
        await repo.recordTransition(tx, { ...base, sessionId });
        return {
          contact: callCenterContact(reach.number, reach.domain),
          tiers: await repo.tiersOfAgent(tx, agent.id),
        };
      }
      case 'pause': {
        const sessionId = await repo.currentSessionId(tx, agent.id);
        await repo.openPause(tx, { tenantId, agentId: agent.id, sessionId, pauseReasonId: pauseReasonId! });
        await repo.recordTransition(tx, { ...base, sessionId });
        return undefined;
      }
      case 'resume': {
        await repo.closePause(tx, agent.id);
        await repo.recordTransition(tx, { ...base, sessionId: await repo.currentSessionId(tx, agent.id) });
        return undefined;
      }
      case 'endWrapUp':
        await repo.recordTransition(tx, { ...base, sessionId: await repo.currentSessionId(tx, agent.id) });
        return undefined;
      case 'logout':
        await forceLogout(tx, tenantId, agent, operation);
        return undefined;
    }
  }

  private async afterCommit(tenantId: string, operation: AgentOperation, moved: Moved): Promise<void> {
    const { agentId, state } = moved.change;
    if (operation === 'login' && moved.login) {
      await this.sync.agentLoggedIn(agentId, moved.login.contact, moved.login.tiers, moved.agent);
    } else if (operation === 'endWrapUp' && moved.wrapUp) {
      await this.sync.wrapUpEnded(agentId, moved.wrapUp.fields, moved.wrapUp.restoreInMs);
    } else {
      await this.sync.agentStatusChanged(agentId, switchStatusOf(state));
    }
    await publishStateChange(this.services, tenantId, moved.change);
  }
}
