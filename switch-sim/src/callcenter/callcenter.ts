// mod_callcenter state and its callcenter::info events: agents, tiers, queues and members,
// agent updates (cc_agent_update), members-count, and the hooks the core calls. Offering and
// bridging live in dispatch.ts, the `callcenter` application in member.ts, the api in api.ts.
import type { Channel } from '../core/channel.ts';
import type { SwitchCore } from '../core/core.ts';
import type { ChannelEventOptions } from '../core/channel-events.ts';
import { channelEvent } from '../core/channel-events.ts';
import type { SwitchEvent } from '../events/event.ts';
import { AGENT_STATES, AGENT_STATUSES, TIER_STATES, atoi, findName, newAgent, queueFromParams, type Agent, type Member, type Queue, type Tier } from './types.ts';
import { Dispatcher } from './dispatch.ts';
import { registerMemberApp } from './member.ts';

export type CcStatus = 'ok' | 'not-found' | 'exists' | 'invalid-type' | 'invalid-status' | 'invalid-state' | 'invalid-key' | 'queue-not-found' | 'tier-exists' | 'tier-not-found' | 'invalid-tier-state';

const FILE = 'mod_callcenter.c';

export class CallCenter {
  readonly queues = new Map<string, Queue>();
  readonly agents = new Map<string, Agent>();
  tiers: Tier[] = [];
  members: Member[] = [];
  readonly dispatcher: Dispatcher;
  private loaded = false;

  constructor(readonly core: SwitchCore) {
    this.dispatcher = new Dispatcher(this);
    registerMemberApp(core.apps, this);
  }

  nowSec(): number {
    return Math.floor(this.core.clock.nowMicros() / 1_000_000);
  }

  /** Module load: queues, agents and tiers from callcenter/*.xml. */
  loadModule(): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const name of this.core.config.queues.keys()) this.loadQueue(name);
    this.loadConfigAgents();
  }

  /**
   * load_agent and load_tier for the <agents> and <tiers> of a callcenter.conf: an agent without a
   * type is skipped; a new or existing one gets every attribute present through cc_agent_update
   * (a refused value, such as an unknown status, is ignored); a tier is added as Ready at level and
   * position 1 unless given, or has its level and position reset when it exists.
   */
  loadConfigAgents(): void {
    const config = this.core.config;
    for (const agentConfig of config.agents) {
      const a = agentConfig.attrs;
      if (a.type === undefined) continue;
      const added = this.agentAdd(agentConfig.name, a.type);
      if (added !== 'ok' && added !== 'exists') continue;
      const updates: Array<[string, string | undefined]> = [
        ['contact', a.contact],
        ['status', a.status],
        ['wrap_up_time', a['wrap-up-time']],
        ['max_no_answer', a['max-no-answer']],
        ['reject_delay_time', a['reject-delay-time']],
        ['busy_delay_time', a['busy-delay-time']],
        ['no_answer_delay_time', a['no-answer-delay-time']],
      ];
      if (added === 'exists') updates.push(['type', a.type]);
      for (const [key, value] of updates) if (value !== undefined) this.agentSet(key, agentConfig.name, value);
    }
    for (const t of config.tiers) this.loadConfigTier(t);
  }

  /** load_tier: a tier of the configuration added as Ready, or its level and position reset. */
  private loadConfigTier(t: { queue: string; agent: string; level?: string | undefined; position?: string | undefined }): void {
    const tier = this.tiers.find((x) => x.queue === t.queue && x.agent === t.agent);
    const level = t.level ? atoi(t.level) : 1;
    const position = t.position ? atoi(t.position) : 1;
    if (tier) {
      tier.level = level;
      tier.position = position;
    } else {
      this.tierAdd(t.queue, t.agent, 'Ready', level, position);
    }
  }

  /**
   * `tier reload <queue|all> [agent]` (load_tiers): the configuration's tiers of that queue (of that
   * agent when named); false when none matched, which mod_callcenter answers as an unknown error.
   */
  reloadTiers(queue: string, agent: string | undefined): boolean {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const all = same(queue, 'all');
    const matching = this.core.config.tiers.filter((t) => all || (same(t.queue, queue) && (!agent || same(t.agent, agent))));
    for (const t of matching) this.loadConfigTier(t);
    return matching.length > 0;
  }

  /**
   * load_queue: a new queue object from the configuration (a loaded one is replaced, its counters
   * start at 0); with `members` (the `queue load`/`reload` commands) the configuration's agents and
   * tiers are loaded too.
   */
  loadQueue(name: string, options: { members?: boolean } = {}): boolean {
    const config = this.core.config.queues.get(name);
    if (!config) return false;
    this.queues.set(name, queueFromParams(name, config.params));
    if (options.members) this.loadConfigAgents();
    return true;
  }

  /**
   * get_queue(): a queue not loaded yet is loaded from the configuration on first use (tier add and
   * set, the callcenter application), so what reloadxml brought in works before any `queue load`.
   */
  queue(name: string): Queue | undefined {
    if (!this.queues.has(name)) this.loadQueue(name);
    return this.queues.get(name);
  }

  unloadQueue(name: string): void {
    this.queues.delete(name);
  }

  // ---- events -------------------------------------------------------------------------------

  info(func: string, line: number, headers: Array<[string, string | number | undefined]>, ch?: Channel): void {
    const origin = { file: FILE, func, line };
    let event: SwitchEvent;
    if (ch) {
      const options: ChannelEventOptions = { subclass: 'callcenter::info', after: headers };
      event = channelEvent(this.core.bus, ch, 'CUSTOM', origin, options);
    } else {
      event = this.core.bus.create('CUSTOM', origin, 'callcenter::info');
      for (const [name, value] of headers) event.add(name, value);
    }
    this.core.bus.fire(event);
  }

  membersCount(queue: string): void {
    const count = this.members.filter((m) => m.queue === queue && m.state !== 'Abandoned').length;
    this.info('cc_queue_count', 878, [
      ['CC-Queue', queue],
      ['CC-Action', 'members-count'],
      ['CC-Count', count],
      ['CC-Selection', 'Single-Queue'],
    ]);
  }

  // ---- agents ------------------------------------------------------------------------------

  agentAdd(name: string, type: string): CcStatus {
    if (this.agents.has(name)) return 'exists';
    if (type.toLowerCase() !== 'callback' && type.toLowerCase() !== 'uuid-standby') return 'invalid-type';
    this.agents.set(name, newAgent(name, type));
    this.info('cc_agent_add', 915, [
      ['CC-Agent', name],
      ['CC-Agent-Type', type],
      ['CC-Action', 'agent-add'],
    ]);
    return 'ok';
  }

  agentDel(name: string): CcStatus {
    this.dispatcher.cancelAgent(name, 'ORIGINATOR_CANCEL');
    this.agents.delete(name);
    this.tiers = this.tiers.filter((t) => t.agent !== name);
    return 'ok';
  }

  agentSet(key: string, name: string, value: string): CcStatus {
    const agent = this.agents.get(name);
    if (!agent) return 'not-found';
    const now = this.nowSec();
    switch (key.toLowerCase()) {
      case 'status': {
        const status = findName(AGENT_STATUSES, value);
        if (!status) return 'invalid-status';
        if (agent.status !== status) {
          agent.lastStatusChange = now;
          if (status === 'Available') {
            agent.talkTime = 0;
            agent.callsAnswered = 0;
            agent.noAnswerCount = 0;
          }
        }
        agent.status = status;
        if (status !== 'Available' && status !== 'Available (On Demand)') this.dispatcher.cancelAgent(name, 'ORIGINATOR_CANCEL');
        this.info('cc_agent_update', 1043, [
          ['CC-Agent', name],
          ['CC-Action', 'agent-status-change'],
          ['CC-Agent-Status', value],
        ]);
        break;
      }
      case 'state': {
        const state = findName(AGENT_STATES, value);
        if (!state) return 'invalid-state';
        agent.state = state;
        if (state === 'Receiving') agent.lastOfferedCall = now;
        this.info('cc_agent_update', 1067, [
          ['CC-Agent', name],
          ['CC-Action', 'agent-state-change'],
          ['CC-Agent-State', value],
        ]);
        break;
      }
      case 'state_if_waiting': {
        // Only a Waiting agent that is Available (or On Demand) moves; otherwise "not found".
        const state = findName(AGENT_STATES, value);
        if (!state) return 'invalid-state';
        if (agent.state !== 'Waiting' || (agent.status !== 'Available' && agent.status !== 'Available (On Demand)')) return 'not-found';
        agent.state = state;
        this.info('cc_agent_update', 1162, [
          ['CC-Agent', name],
          ['CC-Action', 'agent-state-change'],
          ['CC-Agent-State', value],
        ]);
        break;
      }
      case 'contact':
        agent.contact = value;
        this.info('cc_agent_update', 1091, [
          ['CC-Agent', name],
          ['CC-Action', 'agent-contact-change'],
          ['CC-Agent-Contact', value],
        ]);
        break;
      case 'uuid':
        agent.uuid = value;
        break;
      case 'type':
        if (value.toLowerCase() !== 'callback' && value.toLowerCase() !== 'uuid-standby') return 'invalid-type';
        agent.type = value;
        break;
      case 'ready_time':
        agent.readyTime = atoi(value);
        break;
      case 'busy_delay_time':
        agent.busyDelayTime = atoi(value);
        break;
      case 'reject_delay_time':
        agent.rejectDelayTime = atoi(value);
        break;
      case 'no_answer_delay_time':
        agent.noAnswerDelayTime = atoi(value);
        break;
      case 'max_no_answer':
        agent.maxNoAnswer = atoi(value);
        break;
      case 'wrap_up_time':
        agent.wrapUpTime = atoi(value);
        break;
      default:
        return 'invalid-key';
    }
    this.dispatcher.kick();
    return 'ok';
  }

  agentGet(key: string, name: string): { ok: true; value: string } | { ok: false; status: CcStatus } {
    const agent = this.agents.get(name);
    if (!agent) return { ok: false, status: 'not-found' };
    if (key === 'status') return { ok: true, value: agent.status };
    if (key === 'state') return { ok: true, value: agent.state };
    if (key === 'uuid') return { ok: true, value: agent.uuid };
    return { ok: false, status: 'invalid-key' };
  }

  // ---- tiers -------------------------------------------------------------------------------

  tierAdd(queue: string, agent: string, state: string, level: number, position: number): CcStatus {
    if (!this.queue(queue)) return 'queue-not-found';
    const tierState = findName(TIER_STATES, state);
    if (!tierState) return 'invalid-tier-state';
    if (!this.agents.has(agent)) return 'not-found';
    if (this.tiers.some((t) => t.queue === queue && t.agent === agent)) return 'tier-exists';
    this.tiers.push({ queue, agent, state: tierState, level, position });
    this.dispatcher.kick();
    return 'ok';
  }

  /** cc_tier_update: the tier, then the agent, then the queue must exist, in that order. */
  tierSet(anyCaseKey: string, queue: string, agent: string, value: string): CcStatus {
    const key = anyCaseKey.toLowerCase();
    const tier = this.tiers.find((t) => t.queue === queue && t.agent === agent);
    if (!tier) return 'tier-not-found';
    if (!this.agents.has(agent)) return 'not-found';
    if (!this.queue(queue)) return 'queue-not-found';
    if (key === 'state') {
      const state = findName(TIER_STATES, value);
      if (!state) return 'invalid-tier-state';
      tier.state = state;
    } else if (key === 'level') {
      tier.level = atoi(value);
    } else if (key === 'position') {
      tier.position = atoi(value);
    } else {
      return 'invalid-key';
    }
    this.dispatcher.kick();
    return 'ok';
  }

  tierDel(queue: string, agent: string): CcStatus {
    this.tiers = this.tiers.filter((t) => !(t.queue === queue && t.agent === agent));
    return 'ok';
  }

  // ---- core hooks --------------------------------------------------------------------------

  onHangup(channels: Channel[]): void {
    this.dispatcher.onHangup(channels);
  }
}
