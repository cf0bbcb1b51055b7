// Agent states from the switch: mod_callcenter's agent-state-change and agent-status-change (the
// tenant from the agent's switch name `a-<agent id>`, never a channel variable: these events carry
// none), and the channels of an agent's extension for calls not from a queue (ON_EXTERNAL_CALL).
// The call records of the same events are another group's; this one only moves agents.
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { moveBySwitch, publishSwitchStatus, tenantOfAgent, type AgentForSwitch } from '../../modules/agents/switch-moves.ts';
import { switchAgentName } from '../../platform/switch/naming.ts';
import { parseShowJson } from '../../platform/switch/introspection.ts';
import { parseAgentList, type SwitchAgentRow } from '../agent-healing/agent-list.ts';
import {
  extensionOfPresence,
  isInWrapUp,
  isQueueLeg,
  isWithdrawnOffer,
  OFFER_WITHDRAWN,
  parseAgentName,
  parseSwitchState,
  parseSwitchStatus,
  stateFromSwitch,
  stateOnAgentStateEvent,
  stateOnExternalCallEnd,
  stateOnExternalCallStart,
  stateOnMaxNoAnswer,
  stateOnOfferWithdrawn,
  wrapUpEndsAt,
} from './agent-mapping.ts';
import { noAnswerPauseReasonId } from '../../modules/code-lists/starter-lists.ts';
import { recauseRingingExit } from '../../modules/agents/presence.repo.ts';
import { claimed, type EventClaims } from './event-claims.ts';
import type { TenantResolver } from './tenant-resolver.ts';

/** What the agents' handlers need; `switchApi` asks the switch (the wrap-up's end, other live calls). */
export interface AgentHandlerDeps {
  db: DatabaseHandles;
  tenants: TenantResolver;
  realtime: RealtimePublisher;
  log: Pick<Logger, 'debug' | 'info' | 'warn'>;
  switchApi?: { api(command: string): Promise<string> };
  /** Across instances, who applies an event (absent: every event is applied). */
  claims?: EventClaims;
}

/** Event-Date-Timestamp is microseconds since the epoch; the handler's clock when absent. */
export function eventSeconds(headers: Record<string, string>, nowMs = Date.now()): number {
  const micros = Number(headers['Event-Date-Timestamp']);
  return Number.isFinite(micros) && micros > 0 ? micros / 1_000_000 : nowMs / 1000;
}

/** One agent of the switch, or undefined when the switch does not know it. */
export async function switchAgentRow(api: { api(command: string): Promise<string> }, agentId: string): Promise<SwitchAgentRow | undefined> {
  const name = switchAgentName(agentId);
  return parseAgentList(await api.api(`callcenter_config agent list ${name}`)).find((row) => row.name === name);
}

/** The live channels on an extension (`<number>@<domain>` presence) that mod_callcenter did not place. */
export function externalChannels(rows: Record<string, string>[], number: string, domain: string, except?: string): string[] {
  const presence = `${number}@${domain}`.toLowerCase();
  return rows
    .filter((row) => (row.presence_id ?? '').toLowerCase() === presence && row.uuid !== except)
    .map((row) => row.uuid ?? '');
}

/**
 * The wrap-up's end has no event: when an agent enters WRAP_UP, the switch is asked again at the
 * instant its own `last_bridge_end + wrap_up_time` passes, and the agent follows what it says then.
 * No timer of the platform's decides anything: a wake-up only re-reads the switch.
 */
export class WrapUpWatch {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: Pick<AgentHandlerDeps, 'db' | 'realtime' | 'log' | 'switchApi'>) {}

  watch(tenantId: string, agentId: string, endsAtSeconds: number): void {
    this.cancel(agentId);
    if (!this.deps.switchApi) return;
    // Just past the end: the module offers only once `last_bridge_end < now - wrap_up_time`.
    const delay = Math.max(0, Math.ceil(endsAtSeconds * 1000 - Date.now()) + 1_050);
    const timer = setTimeout(() => {
      this.timers.delete(agentId);
      void this.check(tenantId, agentId).catch((error: unknown) => this.deps.log.warn({ err: error, agentId }, 'wrap-up check failed; the self-healing will see to it'));
    }, delay);
    timer.unref();
    this.timers.set(agentId, timer);
  }

  cancel(agentId: string): void {
    const timer = this.timers.get(agentId);
    if (timer) clearTimeout(timer);
    this.timers.delete(agentId);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Whether a wake-up is pending for the agent (tests). */
  has(agentId: string): boolean {
    return this.timers.has(agentId);
  }

  private async check(tenantId: string, agentId: string): Promise<void> {
    const api = this.deps.switchApi!;
    const row = await switchAgentRow(api, agentId);
    const channels = parseShowJson(await api.api('show channels as json'));
    const now = Date.now() / 1000;
    let stillUntil: number | null = null;
    await moveBySwitch(this.deps, tenantId, agentId, (agent) => {
      if (agent.state !== 'WRAP_UP' || !row) return null;
      const inWrapUp = isInWrapUp(row.lastBridgeEnd, row.wrapUpTime, now);
      if (inWrapUp) stillUntil = wrapUpEndsAt(row.lastBridgeEnd, row.wrapUpTime);
      const externalCall = externalChannels(channels, agent.extensionNumber, agent.domain).length > 0 || row.externalCallsCount > 0;
      const to = stateFromSwitch(agent.state, { status: row.status, state: row.state, inWrapUp, externalCall });
      return to ? { to, cause: to === 'AVAILABLE' ? 'wrap_up_end' : `switch:${row.state ?? 'unknown'}` } : null;
    });
    // The switch's wrap-up is longer than we thought (its wrap_up_time was changed): ask again then.
    if (stillUntil !== null) this.watch(tenantId, agentId, stillUntil);
  }
}

export function agentHandlers(deps: AgentHandlerDeps, wrapUps: WrapUpWatch = new WrapUpWatch(deps)) {
  const agentOf = async (headers: Record<string, string>) => {
    const agentId = parseAgentName(headers['CC-Agent']);
    const tenantId = agentId ? await tenantOfAgent(deps.db, agentId) : null;
    if (!agentId || !tenantId) {
      deps.log.debug({ agent: headers['CC-Agent'] }, 'callcenter agent event for no known agent');
      return null;
    }
    return { agentId, tenantId };
  };

  const stateChanged = async (headers: Record<string, string>) => {
    const known = await agentOf(headers);
    if (!known) return;
    const switchState = parseSwitchState(headers['CC-Agent-State']);
    const at = eventSeconds(headers);
    let wrapUpUntil: number | null = null;
    const moved = await moveBySwitch(deps, known.tenantId, known.agentId, (agent: AgentForSwitch) => {
      // The agent's wrap_up_time is the one the platform pushed; the call ended at this event.
      const end = wrapUpEndsAt(at, agent.wrapUpSeconds);
      const active = end !== null && end > Date.now() / 1000;
      const to = stateOnAgentStateEvent(agent.state, switchState, active);
      if (to === 'WRAP_UP' && end !== null) wrapUpUntil = end;
      return to ? { to, cause: `switch:${switchState}` } : null;
    });
    if (!moved) return;
    if (moved.agent.state !== 'WRAP_UP') wrapUps.cancel(known.agentId);
    else if (wrapUpUntil !== null) wrapUps.watch(known.tenantId, known.agentId, wrapUpUntil);
    await publishSwitchStatus(deps, known.tenantId, {
      agentId: known.agentId,
      userId: moved.agent.userId,
      switchStatus: null,
      switchState: switchState ?? headers['CC-Agent-State'] ?? null,
      state: moved.agent.state,
      source: 'switch',
    });
  };

  // The status is the platform's (login, pause, logout): an event never moves the agent. The one
  // status the switch sets on its own, agent-no-answer-status, comes with agent-max-no-answer,
  // which pauses the agent (below); any other is put back by the self-healing.
  const statusChanged = async (headers: Record<string, string>) => {
    const known = await agentOf(headers);
    if (!known) return;
    const agent = await deps.db.withTenant(known.tenantId, (tx) =>
      tx.selectFrom('agents').select(['userId', 'state']).where('id', '=', known.agentId).executeTakeFirst(),
    );
    if (!agent) return;
    const status = parseSwitchStatus(headers['CC-Agent-Status']);
    await publishSwitchStatus(deps, known.tenantId, {
      agentId: known.agentId,
      userId: agent.userId,
      switchStatus: status ?? headers['CC-Agent-Status'] ?? null,
      switchState: null,
      state: agent.state,
      source: 'switch',
    });
  };

  // The switch stopped offering calls to an agent who did not answer: the platform pauses the agent
  // with the no-answer reason (decision 0037), which is what the switch's On Break means here.
  const maxNoAnswer = async (headers: Record<string, string>) => {
    const known = await agentOf(headers);
    if (!known) return;
    const pauseReasonId = await deps.db.withTenant(known.tenantId, (tx) => noAnswerPauseReasonId(tx, known.tenantId));
    const moved = await moveBySwitch(deps, known.tenantId, known.agentId, (agent) => {
      const to = stateOnMaxNoAnswer(agent.state);
      return to ? { to, cause: 'max_no_answer', pauseReasonId } : null;
    });
    if (moved?.change) {
      wrapUps.cancel(known.agentId);
      deps.log.info({ tenantId: known.tenantId, agentId: known.agentId, noAnswerCount: headers['CC-Agent-No-Answer-Count'] }, 'agent paused after unanswered offers');
    }
  };

  // An offer taken back from a ringing agent (the caller left, another agent of a ring-all queue
  // answered first) frees the agent and is not its miss. The switch's Waiting for the same offer
  // comes on the agent's line: when it came first, its move out of RINGING is marked instead.
  const offerWithdrawn = async (headers: Record<string, string>) => {
    if (!isWithdrawnOffer(headers['CC-Hangup-Cause'])) return;
    const known = await agentOf(headers);
    if (!known) return;
    const withdrawnAt = eventSeconds(headers);
    const moved = await moveBySwitch(deps, known.tenantId, known.agentId, (agent) => {
      const to = stateOnOfferWithdrawn(agent.state, agent.stateChangedAt, withdrawnAt);
      return to ? { to, cause: OFFER_WITHDRAWN } : null;
    });
    if (!moved || moved.change) return;
    await deps.db.withTenant(known.tenantId, (tx) => recauseRingingExit(tx, known.agentId, withdrawnAt, 'switch:Waiting', OFFER_WITHDRAWN));
  };

  /** The extension a channel not placed by mod_callcenter is on (pure: no lookup), else null. */
  const extensionOfChannel = (headers: Record<string, string>) => {
    if (isQueueLeg(headers)) return null;
    const inbound = (headers['Call-Direction'] ?? headers.variable_direction) === 'inbound';
    const presence = headers['Channel-Presence-ID'] ?? headers.variable_presence_id;
    const user = inbound && headers.variable_user_name && headers.variable_domain_name ? `${headers.variable_user_name}@${headers.variable_domain_name}` : undefined;
    return extensionOfPresence(presence) ?? extensionOfPresence(user);
  };

  /** The agent whose extension a channel not placed by mod_callcenter is on, with its tenant. */
  const agentOfChannel = async (headers: Record<string, string>) => {
    const extension = extensionOfChannel(headers);
    if (!extension) return null;
    const tenant = await deps.tenants.byEvent({ presence_domain: extension.domain }, ['presence_domain'], { anyStatus: true });
    if (!tenant) return null;
    const row = await deps.db.withTenant(tenant.id, (tx) =>
      tx
        .selectFrom('agents as a')
        .innerJoin('extensions as e', 'e.id', 'a.extensionId')
        .select('a.id')
        .where('e.number', '=', extension.number)
        .where('e.deletedAt', 'is', null)
        .where('a.deletedAt', 'is', null)
        .executeTakeFirst(),
    );
    return row ? { tenantId: tenant.id, agentId: row.id } : null;
  };

  const externalStart = async (headers: Record<string, string>) => {
    const known = await agentOfChannel(headers);
    if (!known) return;
    const moved = await moveBySwitch(deps, known.tenantId, known.agentId, (agent) => {
      const to = stateOnExternalCallStart(agent.state);
      return to ? { to, cause: 'external_call' } : null;
    });
    if (moved?.change) wrapUps.cancel(known.agentId);
  };

  const externalEnd = async (headers: Record<string, string>) => {
    const known = await agentOfChannel(headers);
    if (!known) return;
    // Another call of the extension still up keeps the agent busy; the switch says whether its
    // wrap-up still holds it. Unreachable switch: available (the self-healing corrects it).
    let others: Record<string, string>[] = [];
    let row: SwitchAgentRow | undefined;
    if (deps.switchApi) {
      try {
        others = parseShowJson(await deps.switchApi.api('show channels as json'));
        row = await switchAgentRow(deps.switchApi, known.agentId);
      } catch (error) {
        deps.log.warn({ err: error, agentId: known.agentId }, 'switch not asked at the end of an external call');
      }
    }
    const now = Date.now() / 1000;
    const wrapUpActive = row ? isInWrapUp(row.lastBridgeEnd, row.wrapUpTime, now) : false;
    const moved = await moveBySwitch(deps, known.tenantId, known.agentId, (agent) => {
      if (externalChannels(others, agent.extensionNumber, agent.domain, headers['Unique-ID']).length > 0) return null;
      const to = stateOnExternalCallEnd(agent.state, wrapUpActive);
      return to ? { to, cause: 'external_call_end' } : null;
    });
    if (moved?.change?.state === 'WRAP_UP' && row) {
      const end = wrapUpEndsAt(row.lastBridgeEnd, row.wrapUpTime);
      if (end !== null) wrapUps.watch(known.tenantId, known.agentId, end);
    }
  };

  // A move is decided from the agent's state now, so the same event applied twice (another
  // instance, a replay) could move the agent again: only the instance that claims it applies it.
  const once = (handler: (headers: Record<string, string>) => Promise<void>) => claimed(deps.claims, 'agents', handler);
  const onExtension = (handler: (headers: Record<string, string>) => Promise<void>) => async (headers: Record<string, string>) => {
    if (extensionOfChannel(headers)) await handler(headers);
  };
  return {
    'callcenter::info/agent-state-change': once(stateChanged),
    'callcenter::info/agent-status-change': once(statusChanged),
    'callcenter::info/agent-max-no-answer': once(maxNoAnswer),
    'callcenter::info/bridge-agent-fail': once(offerWithdrawn),
    // A channel on no extension (a queue leg, a trunk, a loopback) is nobody's: not even claimed.
    CHANNEL_CREATE: onExtension(once(externalStart)),
    CHANNEL_HANGUP_COMPLETE: onExtension(once(externalEnd)),
  };
}
