// mod_loopback: "loopback/<ext>[/<context>[/<dialplan>]]" makes two channels, "-a" (outbound,
// originated) and "-b" (inbound, runs the dialplan); "-a" answers when "-b" does. Variable and
// event order follow 01_loopback_park_plain / 02_loopback_echo_json.
import { L16, type Channel } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { ORIGIN } from '../lifecycle.ts';
import { getVar, legFirst, type LegResult, type LegSpec, type LegStart } from './types.ts';

/** Variables FreeSWITCH puts on every new outbound session before the dial-string ones. */
export function outboundBaseVars(ch: Channel, codec = true): void {
  ch.vars.set('direction', 'outbound');
  ch.vars.set('is_outbound', 'true');
  ch.vars.set('uuid', ch.uuid);
  ch.vars.set('call_uuid', ch.uuid);
  ch.vars.set('session_id', ch.sessionId);
  if (codec) {
    ch.vars.set('read_codec', L16.name);
    ch.vars.set('read_rate', L16.rate);
    ch.vars.set('write_codec', L16.name);
    ch.vars.set('write_rate', L16.rate);
  }
  ch.vars.set('channel_name', ch.name);
}

/** origination_uuid: the session takes the requested uuid (CHANNEL_UUID with Old-Unique-ID). */
export function applyOriginationUuid(core: SwitchCore, ch: Channel, vars: Array<[string, string]>): void {
  const wanted = getVar(vars, 'origination_uuid');
  if (!wanted || core.channels.has(wanted)) return;
  const old = ch.uuid;
  core.renameChannel(ch, wanted);
  ch.vars.set('uuid', wanted);
  ch.vars.set('call_uuid', wanted);
  core.life.fire(ch, 'CHANNEL_UUID', ORIGIN.uuid, { before: [['Old-Unique-ID', old]] });
}

export function startLoopback(core: SwitchCore, spec: LegSpec): LegStart {
  const [, ext = '', context = 'default', dialplan = 'xml'] = spec.target.split('/');
  const life = core.life;
  const a = core.createChannel(`loopback/${ext}-a`, 'outbound', 'loopback');
  outboundBaseVars(a);
  life.setCodecs(a, L16);
  a.stateNumber = 1;
  const profile = {
    dialplan: dialplan.toLowerCase() === 'xml' ? 'xml' : dialplan,
    callerIdName: spec.cidName,
    callerIdNumber: spec.cidNumber,
    origCallerIdName: spec.cidName,
    origCallerIdNumber: spec.cidNumber,
    calleeIdName: 'Outbound Call',
    calleeIdNumber: ext,
    ani: spec.cidNumber,
    destinationNumber: ext,
    source: 'mod_loopback',
    context,
  };
  core.newProfile(a, profile);
  applyOriginationUuid(core, a, spec.vars);
  life.fire(a, 'CHANNEL_OUTGOING', ORIGIN.outgoing);
  life.setState(a, 'CS_INIT', 1);

  const b = core.createChannel(`loopback/${ext}-b`, 'inbound', 'loopback');
  b.vars.set('direction', 'inbound');
  b.vars.set('uuid', b.uuid);
  b.vars.set('call_uuid', b.uuid);
  b.vars.set('session_id', b.sessionId);
  b.vars.set('channel_name', b.name);
  b.vars.set('read_codec', L16.name);
  b.vars.set('read_rate', L16.rate);
  b.vars.set('write_codec', L16.name);
  b.vars.set('write_rate', L16.rate);
  life.setCodecs(b, L16);
  core.newProfile(b, profile);
  life.setState(b, 'CS_INIT', 1);

  for (const [name, value] of legFirst(spec)) a.vars.set(name, value);
  a.vars.set('originate_early_media', 'true');
  a.vars.set('originate_endpoint', 'loopback');
  a.vars.set('other_loopback_leg_uuid', b.uuid);
  a.vars.set('loopback_leg', 'A');
  for (const [name, value] of spec.vars) b.vars.set(name, value);
  b.vars.set('other_loopback_leg_uuid', a.uuid);
  b.vars.set('loopback_leg', 'B');
  a.twin = b;
  b.twin = a;

  a.stateNumber = 2;
  life.fire(a, 'CHANNEL_CREATE', ORIGIN.create);
  b.stateNumber = 2;
  life.fire(b, 'CHANNEL_CREATE', ORIGIN.create);
  b.running = 'CS_ROUTING';
  life.setCallState(b, 'RINGING');
  life.setState(b, 'CS_ROUTING');
  life.fire(a, 'CHANNEL_ORIGINATE', ORIGIN.create);
  life.setState(a, 'CS_ROUTING');
  life.setState(a, 'CS_CONSUME_MEDIA');

  const result = legResult(a);
  void core.apps.route(b, context);
  return { ch: a, result };
}

/**
 * Resolves when the leg answers or goes down. The resolution is deferred to the next macrotask,
 * like FreeSWITCH's originate thread noticing the answer after the other threads ran.
 */
export function legResult(ch: Channel): Promise<LegResult> {
  return new Promise<LegResult>((resolve) => {
    ch.onAnswer.push(() => setImmediate(() => resolve('answered')));
    ch.hangupWaiters.push(() => setImmediate(() => resolve((ch.hangupCause as LegResult | undefined) ?? 'NORMAL_CLEARING')));
  });
}

/** The "-b" leg answering answers "-a" first (the answer is relayed), as in the captures. */
export function answerLoopback(core: SwitchCore, ch: Channel): void {
  const twin = ch.twin;
  if (ch.direction === 'inbound' && twin && !twin.answered && twin.isUp) {
    core.life.markAnswered(twin);
  }
  core.life.markAnswered(ch);
  ch.vars.set('endpoint_disposition', 'ANSWER');
}
