// The agent answered: bridge-agent-start, the member leaves the `callcenter` application and
// both legs go through uuid_bridge (HIBERNATE → RESET → SOFT_EXECUTE, CHANNEL_EXECUTE
// uuid_bridge on each, CHANNEL_BRIDGE on the member, EXCHANGE_MEDIA + CALL_UPDATE on the agent),
// then agent-state-change "In a queue call" — the order of 08_sip_callcenter_ALL_plain. A queue
// with a record-template starts recording the member right after bridge-agent-start.
import { randomUUID } from 'node:crypto';
import { cloneProfile } from '../core/caller-profile.ts';
import type { Channel } from '../core/channel.ts';
import { ORIGIN } from '../core/lifecycle.ts';
import type { CallCenter } from './callcenter.ts';
import type { Offer } from './dispatch.ts';

const SOFT = { file: 'mod_commands.c', func: 'uuid_bridge_on_soft_execute', line: 4062 };

/** switch_ivr_session_transfer's bookkeeping (Caller-Transfer-Source, original_* variables). */
function transferVars(cc: CallCenter, ch: Channel, other: Channel): void {
  const p = ch.profile;
  if (!p) return;
  const now = cc.core.clock.nowMicros();
  const source = `${Math.floor(now / 1_000_000)}:${randomUUID()}:uuid_br:${other.uuid}`;
  ch.vars.set('original_destination_number', p.destinationNumber);
  ch.vars.set('original_caller_id_name', p.callerIdName);
  ch.vars.set('original_caller_id_number', p.callerIdNumber);
  ch.vars.set('transfer_history', source);
  ch.vars.set('transfer_source', source);
  p.transferSource = source;
  p.profileIndex = String(Number(p.profileIndex ?? '1') + 1);
  p.times.profileCreated = now;
}

export function bridgeAgent(cc: CallCenter, offer: Offer): void {
  const core = cc.core;
  const life = core.life;
  const { agent, member, queue } = offer;
  const leg = offer.leg!;
  const session = member.session!;
  const now = cc.nowSec();

  life.fire(leg, 'CHANNEL_OUTGOING', ORIGIN.outgoing);
  cc.info(
    'outbound_agent_thread_run',
    1934,
    [
      ['CC-Queue', queue.name],
      ['CC-Action', 'bridge-agent-start'],
      ['CC-Agent', agent.name],
      ['CC-Agent-System', 'single_box'],
      ['CC-Agent-UUID', leg.uuid],
      ['CC-Agent-Called-Time', offer.calledTime],
      ['CC-Agent-Answered-Time', offer.answeredTime],
      ['CC-Member-Joined-Time', member.joinedEpoch],
      ['CC-Member-UUID', member.uuid],
      ['CC-Member-Session-UUID', member.sessionUuid],
      ['CC-Member-CID-Name', member.cidName],
      ['CC-Member-CID-Number', member.cidNumber],
    ],
    leg,
  );
  // The queue's record-template: expanded on the member's channel, recorded on the member's
  // session (its RECORD_* variables decide mono or stereo), from the agent's answer on.
  if (queue.recordTemplate) {
    const file = core.expand(queue.recordTemplate, session);
    session.vars.set('cc_record_filename', file);
    core.recorder.record(session, file);
  }
  agent.uuid = leg.uuid;
  agent.lastBridgeStart = now;
  member.state = 'Answered';
  member.bridgeEpoch = now;
  queue.callsAnswered++;

  // uuid_bridge: both sessions are transferred onto each other (a new caller-profile step).
  const legProfile = leg.profile && cloneProfile(leg.profile);
  const memberProfile = session.profile && cloneProfile(session.profile);
  session.vars.set('cc_agent_found', 'true');
  session.vars.set('cc_agent_uuid', leg.uuid);
  session.vars.set('uuid_bridge', leg.uuid);
  for (const [ch, other] of [
    [leg, session],
    [session, leg],
  ] as const) {
    ch.vars.set('bridge_channel', other.name);
    ch.vars.set('bridge_uuid', other.uuid);
    ch.vars.set('signal_bond', other.uuid);
    transferVars(cc, ch, other);
  }
  leg.vars.set('call_uuid', leg.uuid);
  leg.setOther('originator', session, memberProfile);
  life.setState(leg, 'CS_HIBERNATE');
  life.setState(leg, 'CS_RESET');
  session.setOther('originatee', leg, legProfile);
  // uuid_bridge asks the member's session for CS_HIBERNATE before its application unwinds.
  session.stateNumber = 8;
  core.bridges.relayIdentity(session, leg);
  member.stopMoh?.();
  cc.membersCount(queue.name);
  member.done?.('answered');
  const app = session.app;
  if (app?.name === 'callcenter') {
    session.app = undefined;
    life.fire(session, 'CHANNEL_EXECUTE_COMPLETE', ORIGIN.execComplete, {
      after: [
        ['Application', app.name],
        ['Application-Data', app.data || undefined],
        ['Application-Response', '_none_'],
        ['Application-UUID', app.uuid],
      ],
    });
  }
  session.vars.delete('cc_agent_found');
  session.vars.delete('uuid_bridge');
  life.setState(session, 'CS_HIBERNATE');
  life.setState(session, 'CS_RESET');
  life.setState(session, 'CS_SOFT_EXECUTE');
  life.setState(leg, 'CS_SOFT_EXECUTE');
  for (const [ch, other] of [
    [session, leg],
    [leg, session],
  ] as const) {
    ch.columns.application = 'uuid_bridge';
    ch.columns.applicationData = other.uuid;
    life.fire(ch, 'CHANNEL_EXECUTE', SOFT, {
      after: [
        ['Application', 'uuid_bridge'],
        ['Application-Data', other.uuid],
      ],
    });
  }
  session.vars.set('cc_cause', 'answered');
  core.bridges.bridge(session, leg, undefined, true).releasesA = true;
  leg.vars.set('cc_agent_bridged', 'true');
  session.vars.set('cc_agent_bridged', 'true');
  session.vars.set('cc_agent', agent.name);
  session.vars.set('cc_queue_answered_epoch', now);
  session.vars.set('last_sent_callee_id_name', leg.profile?.callerIdName);
  session.vars.set('last_sent_callee_id_number', leg.profile?.callerIdNumber);
  life.setState(leg, 'CS_EXCHANGE_MEDIA');
  const p = session.profile;
  leg.vars.set('last_sent_callee_id_name', p?.callerIdName);
  leg.vars.set('last_sent_callee_id_number', p?.callerIdNumber);
  leg.columns.calleeDirection = 'SEND';
  leg.columns.sentCalleeName = p?.callerIdName ?? '';
  leg.columns.sentCalleeNum = p?.callerIdNumber ?? '';
  life.fire(leg, 'CALL_UPDATE', { file: 'sofia.c', func: 'sofia_receive_message', line: 1906 }, {
    before: [
      ['Direction', 'SEND'],
      ['Sent-Callee-ID-Name', p?.callerIdName],
      ['Sent-Callee-ID-Number', p?.callerIdNumber],
      ['Bridged-To', session.uuid],
    ],
  });
  cc.agentSet('state', agent.name, 'In a queue call');
}
