// mod_callcenter's agent dispatch and outbound_agent_thread_run: pick agents for waiting members
// (queue strategy, tiers, agent status/state/ready_time), offer (agent-state-change Receiving,
// agent-offering, originate the contact), bridge on answer (bridge-agent-start, uuid_bridge,
// "In a queue call"), and wrap up (bridge-agent-end, member-queue-end, back to Waiting), or fail
// (bridge-agent-fail with the no-answer / busy / reject delays and max-no-answer).
import type { Channel } from '../core/channel.ts';
import type { HangupCause } from '../core/causes.ts';
import type { CallCenter } from './callcenter.ts';
import type { Agent, Member, Queue } from './types.ts';
import { bridgeAgent } from './bridge-agent.ts';
import { exportedVariables } from '../core/export.ts';

/** The caller id the agent sees: the member's effective_caller_id_*, cc_outbound_cid_name_prefix first. */
function agentCallerId(member: Member): { name: string; number: string } {
  const v = member.session?.vars;
  const name = v?.get('effective_caller_id_name') ?? member.cidName;
  return { name: `${v?.get('cc_outbound_cid_name_prefix') ?? ''}${name}`, number: v?.get('effective_caller_id_number') ?? member.cidNumber };
}

export interface Offer {
  member: Member;
  agent: Agent;
  queue: Queue;
  calledTime: number;
  answeredTime: number;
  leg?: Channel;
  finished: boolean;
  bridged: boolean;
}

const AVAILABLE = new Set(['Available', 'Available (On Demand)']);

export class Dispatcher {
  readonly offers = new Map<string, Offer>();
  private scheduled = false;

  constructor(private readonly cc: CallCenter) {}

  /** The dispatch thread runs again shortly (it polls every 100 ms in FreeSWITCH). */
  kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.cc.core.clock.after(60, () => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private available(agent: Agent, now: number): boolean {
    // As mod_callcenter's agents_callback: the wrap-up is judged from last_bridge_end and the current
    // wrap_up_time (so `agent set wrap_up_time` ends one early), the delays from ready_time.
    const wrappedUp = agent.lastBridgeEnd < now - agent.wrapUpTime;
    return AVAILABLE.has(agent.status) && agent.state === 'Waiting' && wrappedUp && agent.readyTime <= now && agent.contact !== '' && !this.offers.has(agent.name);
  }

  private candidates(member: Member, queue: Queue, now: number): Agent[] {
    const waited = now - member.joinedEpoch;
    const tiers = this.cc.tiers
      .filter((t) => t.queue === queue.name && t.state === 'Ready')
      .filter((t) => !queue.tierRulesApply || waited >= (t.level - 1) * queue.tierRuleWaitSecond * (queue.tierRuleWaitMultiplyLevel ? Math.max(1, t.level) : 1))
      .sort((a, b) => a.level - b.level || a.position - b.position);
    const agents = tiers.map((t) => this.cc.agents.get(t.agent)).filter((a): a is Agent => a !== undefined && this.available(a, now));
    switch (queue.strategy) {
      case 'longest-idle-agent':
        return agents.sort((a, b) => a.lastBridgeEnd - b.lastBridgeEnd || a.lastOfferedCall - b.lastOfferedCall);
      case 'agent-with-least-talk-time':
        return agents.sort((a, b) => a.talkTime - b.talkTime);
      case 'agent-with-fewest-calls':
        return agents.sort((a, b) => a.callsAnswered - b.callsAnswered);
      case 'random':
        return agents.sort(() => Math.random() - 0.5);
      case 'round-robin': {
        const ordered = tiers.map((t) => t.agent);
        const start = queue.lastAgentIndex + 1;
        const rotated = [...ordered.slice(start), ...ordered.slice(0, start)];
        return rotated.map((name) => agents.find((a) => a.name === name)).filter((a): a is Agent => a !== undefined);
      }
      default:
        return agents;
    }
  }

  private dispatch(): void {
    const now = this.cc.nowSec();
    const waiting = this.cc.members.filter((m) => m.state === 'Waiting' && m.session?.isUp).sort((a, b) => a.joinedEpoch - b.joinedEpoch);
    for (const member of waiting) {
      const queue = this.cc.queues.get(member.queue);
      if (!queue) continue;
      const agents = this.candidates(member, queue, now);
      if (agents.length === 0) continue;
      const ringAll = queue.strategy === 'ring-all' || queue.strategy === 'ring-progressively';
      for (const agent of ringAll ? agents : agents.slice(0, 1)) {
        if (queue.strategy === 'round-robin') {
          queue.lastAgentIndex = this.cc.tiers.filter((t) => t.queue === queue.name && t.state === 'Ready').sort((a, b) => a.level - b.level || a.position - b.position).findIndex((t) => t.agent === agent.name);
        }
        void this.offer(member, agent, queue);
      }
    }
  }

  private async offer(member: Member, agent: Agent, queue: Queue): Promise<void> {
    const cc = this.cc;
    const now = cc.nowSec();
    const offer: Offer = { member, agent, queue, calledTime: now, answeredTime: 0, finished: false, bridged: false };
    this.offers.set(agent.name, offer);
    member.offers.add(agent.name);
    member.state = 'Trying';
    member.servingAgent = agent.name;
    member.servingSystem = 'single_box';
    cc.agentSet('state', agent.name, 'Receiving');
    cc.info('outbound_agent_thread_run', 1717, [
      ['CC-Queue', queue.name],
      ['CC-Action', 'agent-offering'],
      ['CC-Agent', agent.name],
      ['CC-Agent-Type', agent.type],
      ['CC-Agent-System', 'single_box'],
      ['CC-Member-UUID', member.uuid],
      ['CC-Member-Session-UUID', member.sessionUuid],
      ['CC-Member-CID-Name', member.cidName],
      ['CC-Member-CID-Number', member.cidNumber],
    ]);
    const session = member.session;
    const cid = agentCallerId(member);
    const params = cc.core.bus.create('REQUEST_PARAMS', { file: 'mod_callcenter.c', func: 'outbound_agent_thread_run', line: 1755 });
    const vars: Array<[string, string]> = [
      ...params.headers,
      ['cc_queue', queue.name],
      ['cc_queue_joined_epoch', String(member.joinedEpoch)],
      ['cc_member_uuid', member.uuid],
      ['cc_member_session_uuid', member.sessionUuid],
      ['cc_member_pre_answer_uuid', member.uuid],
      ['cc_agent', agent.name],
      ['cc_agent_type', agent.type],
      ['cc_side', 'agent'],
      ['loopback_bowout', 'false'],
      ['loopback_bowout_on_execute', 'false'],
      ['ignore_early_media', 'true'],
      ['origination_caller_id_name', cid.name],
      ['origination_caller_id_number', cid.number],
      // Only what the member's cc_export_vars lists (and the list itself) reaches the agent leg.
      ...(session ? exportedVariables(session, 'cc_export_vars') : []),
    ];
    const result = await cc.core.originator.originate({ dialString: agent.contact, baseVars: vars, caller: session, cidName: cid.name, cidNumber: cid.number });
    if (offer.finished) {
      if (result.ok) cc.core.hangup(result.ch, 'ORIGINATOR_CANCEL');
      return;
    }
    if (!result.ok) {
      this.fail(offer, result.cause);
      return;
    }
    offer.leg = result.ch;
    offer.answeredTime = cc.nowSec();
    result.ch.vars.delete('cc_member_pre_answer_uuid');
    if (!session?.isUp) {
      this.fail(offer, 'ORIGINATOR_CANCEL');
      cc.core.hangup(result.ch, 'ORIGINATOR_CANCEL');
      return;
    }
    // A loopback leg cannot be uuid_bridge'd to the member: it stays up, unbridged, until the
    // member leaves (06_callcenter_loopbackagent_FAIL: bridge-agent-fail, DESTINATION_OUT_OF_ORDER).
    if (result.ch.endpoint === 'loopback') return;
    // The winner hangs up the other agents' ringing legs as having lost the race
    // (switch_core_session_hupall_matching_var(…, SWITCH_CAUSE_LOSE_RACE) in the agent thread).
    for (const name of [...member.offers]) {
      const other = this.offers.get(name);
      if (other && other !== offer) this.abort(other, 'LOSE_RACE');
    }
    offer.bridged = true;
    bridgeAgent(cc, offer);
  }

  /**
   * The agent did not take the call (outbound_agent_thread_run's failure branch): by cause, a delay
   * before the next offer (busy, reject, 5 s when not registered) or, for any other cause, a
   * no-answer (count + 1, no-answer delay; at max-no-answer agent-max-no-answer and the queue's
   * agent-no-answer-status); then bridge-agent-fail, and only then the agent back to Waiting.
   * Causes of a lost ring-all race (LOSE_RACE, ORIGINATOR_CANCEL) change nothing.
   */
  private fail(offer: Offer, cause: HangupCause | 'SUCCESS'): void {
    const cc = this.cc;
    const { agent, member, queue } = offer;
    offer.finished = true;
    if (this.offers.get(agent.name) === offer) this.offers.delete(agent.name);
    member.offers.delete(agent.name);
    const now = cc.nowSec();
    if (member.state === 'Trying' && member.offers.size === 0 && member.session?.isUp) {
      member.state = 'Waiting';
      member.servingAgent = '';
      member.servingSystem = '';
    }
    const known = cc.agents.has(agent.name);
    let delay = 0;
    if (cause === 'LOSE_RACE' || cause === 'ORIGINATOR_CANCEL') {
      // a ring-all race lost: nothing to count
    } else if (cause === 'NORMAL_CIRCUIT_CONGESTION' || cause === 'USER_BUSY') {
      delay = agent.busyDelayTime;
    } else if (cause === 'CALL_REJECTED') {
      delay = agent.rejectDelayTime;
    } else if (cause === 'USER_NOT_REGISTERED') {
      delay = 5;
    } else {
      delay = agent.noAnswerDelayTime;
      const count = agent.noAnswerCount;
      agent.noAnswerCount = count + 1;
      if (known && agent.maxNoAnswer > 0 && count + 1 >= agent.maxNoAnswer) {
        cc.info('outbound_agent_thread_run', 2176, [
          ['CC-Agent', agent.name],
          ['CC-Action', 'agent-max-no-answer'],
          ['CC-Agent-No-Answer-Count', agent.maxNoAnswer],
          ['CC-Agent-No-Answer-Status', queue.agentNoAnswerStatus],
          ['CC-Member-UUID', member.uuid],
          ['CC-Member-Session-UUID', member.sessionUuid],
        ]);
        cc.agentSet('status', agent.name, queue.agentNoAnswerStatus);
      }
    }
    if (known && delay > 0) agent.readyTime = now + delay;
    cc.info('outbound_agent_thread_run', 2200, [
      ['CC-Queue', queue.name],
      ['CC-Action', 'bridge-agent-fail'],
      ['CC-Hangup-Cause', cause],
      ['CC-Agent', agent.name],
      ['CC-Agent-System', 'single_box'],
      ['CC-Agent-Called-Time', offer.calledTime],
      ['CC-Agent-Aborted-Time', now],
      ['CC-Member-UUID', member.uuid],
      ['CC-Member-Session-UUID', member.sessionUuid],
      ['CC-Member-CID-Name', member.cidName],
      ['CC-Member-CID-Number', member.cidNumber],
      ['CC-Member-Joined-Time', member.joinedEpoch],
    ]);
    if (known) cc.agentSet('state', agent.name, 'Waiting');
    if (delay > 0) cc.core.clock.after(delay * 1000 + 10, () => this.kick());
    this.kick();
  }

  /** Drops an offer that is still ringing or answered-but-unbridged. */
  abort(offer: Offer, cause: HangupCause): void {
    if (offer.finished) return;
    offer.finished = true;
    const leg = offer.leg;
    if (leg?.isUp) {
      this.cc.core.hangup(leg, leg.endpoint === 'loopback' ? 'DESTINATION_OUT_OF_ORDER' : cause);
    } else {
      for (const ch of [...this.cc.core.channels.values()]) {
        if (ch.isUp && ch.vars.get('cc_member_pre_answer_uuid') === offer.member.uuid && ch.vars.get('cc_agent') === offer.agent.name) this.cc.core.hangup(ch, cause);
      }
    }
    this.fail(offer, leg ? 'SUCCESS' : cause);
  }

  cancelAgent(name: string, cause: HangupCause): void {
    const offer = this.offers.get(name);
    if (offer && !offer.bridged) this.abort(offer, cause);
  }

  /** The member leaves the queue without an agent (hung up, timeout, no agent). */
  memberLeft(member: Member): void {
    for (const name of [...member.offers]) {
      const offer = this.offers.get(name);
      if (offer && !offer.bridged) this.abort(offer, 'ORIGINATOR_CANCEL');
    }
  }

  onHangup(channels: Channel[]): void {
    for (const offer of [...this.offers.values()]) {
      if (!offer.bridged) continue;
      const session = offer.member.session;
      if ((offer.leg && channels.includes(offer.leg)) || (session && channels.includes(session))) this.endBridge(offer);
    }
  }

  private endBridge(offer: Offer): void {
    const cc = this.cc;
    const { agent, member, queue } = offer;
    const leg = offer.leg!;
    const now = cc.nowSec();
    offer.finished = true;
    this.offers.delete(agent.name);
    cc.info(
      'outbound_agent_thread_run',
      2062,
      [
        ['CC-Queue', queue.name],
        ['CC-Action', 'bridge-agent-end'],
        ['CC-Hangup-Cause', 'SUCCESS'],
        ['CC-Agent', agent.name],
        ['CC-Agent-System', 'single_box'],
        ['CC-Agent-UUID', leg.uuid],
        ['CC-Agent-Bridged', 'true'],
        ['CC-Agent-Called-Time', offer.calledTime],
        ['CC-Agent-Answered-Time', offer.answeredTime],
        ['CC-Member-Joined-Time', member.joinedEpoch],
        ['CC-Bridge-Terminated-Time', now],
        ['CC-Member-UUID', member.uuid],
        ['CC-Member-Session-UUID', member.sessionUuid],
        ['CC-Member-CID-Name', member.cidName],
        ['CC-Member-CID-Number', member.cidNumber],
      ],
      leg,
    );
    const session = member.session;
    const end: Array<[string, string | number | undefined]> = [
      ['CC-Queue', queue.name],
      ['CC-Action', 'member-queue-end'],
      ['CC-Hangup-Cause', 'SUCCESS'],
      ['CC-Cause', 'Terminated'],
      ['CC-Agent', agent.name],
      ['CC-Agent-System', 'single_box'],
      ['CC-Agent-UUID', leg.uuid],
      ['CC-Agent-Called-Time', offer.calledTime],
      ['CC-Agent-Answered-Time', offer.answeredTime],
      ['CC-Member-Leaving-Time', now],
      ['CC-Member-Joined-Time', member.joinedEpoch],
      ['CC-Member-UUID', member.uuid],
      ['CC-Member-Session-UUID', member.sessionUuid],
      ['CC-Member-CID-Name', member.cidName],
      ['CC-Member-CID-Number', member.cidNumber],
    ];
    if (session) session.vars.set('cc_queue_terminated_epoch', now);
    cc.info('outbound_agent_thread_run', 2098, end, session);
    cc.members = cc.members.filter((m) => m !== member);
    if (cc.agents.has(agent.name)) {
      agent.uuid = '';
      agent.lastBridgeEnd = now;
      agent.callsAnswered++;
      agent.talkTime += Math.max(0, now - agent.lastBridgeStart);
      agent.noAnswerCount = 0;
      cc.agentSet('state', agent.name, agent.status === 'Available (On Demand)' ? 'Idle' : 'Waiting');
    }
    // Whole seconds, compared strictly: the agent is offered again one second past the wrap-up.
    cc.core.clock.after((agent.wrapUpTime + 1) * 1000 + 10, () => this.kick());
    this.kick();
  }
}
