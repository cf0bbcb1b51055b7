// Outbound SIP legs: "user/<ext>@<domain>" (mod_dptools user endpoint → the registered contact),
// "sofia/gateway/<gw>/<number>" and "sofia/<profile>/<user>@<host>". The far end follows the
// outcome model; failures before a channel exists return the cause FreeSWITCH returns
// (SUBSCRIBER_ABSENT, USER_NOT_REGISTERED, INVALID_GATEWAY, GATEWAY_DOWN, INVALID_PROFILE).
import type { HangupCause } from '../causes.ts';
import { PCMU } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { ORIGIN } from '../lifecycle.ts';
import type { Outcome } from '../outcomes.ts';
import { sipHostPort } from '../../sofia/gateway-params.ts';
import { mediaVars, outboundCreateVars, outboundInviteVars, outboundRingingVars, type SofiaPeer } from '../../sofia/sofia-vars.ts';
import { applyOriginationUuid, legResult, outboundBaseVars } from './loopback.ts';
import { runOutcome } from './outcome-runner.ts';
import { legFirst, type LegSpec, type LegStart } from './types.ts';

interface SofiaTarget {
  peer: SofiaPeer;
  destination: string;
  /** Variables the endpoint adds after the dial-string ones. */
  extraVars: Array<[string, string]>;
  /** Variables added once answered (the directory user's <variables>). */
  answerVars: Array<[string, string]>;
  fallback: Outcome;
  onEnd?: (failed: boolean) => void;
}

const GATEWAY_DEFAULT: Outcome = { kind: 'ANSWER', ringMs: 1000, talkMs: undefined, failCause: 'NORMAL_TEMPORARY_FAILURE' };

function resolveTarget(core: SwitchCore, spec: LegSpec): SofiaTarget | HangupCause {
  const target = spec.target;
  const ip = core.identity.ipv4;
  if (target.startsWith('user/')) {
    const [user = '', domain = core.globals.get('domain') ?? ip] = target.slice(5).split('@');
    const entry = core.config.users.get(`${user}@${domain}`);
    if (!entry) return 'SUBSCRIBER_ABSENT';
    const reg = core.registrations.find(user, domain);
    if (!reg) return 'USER_NOT_REGISTERED';
    if (reg.phone.busy || (reg.phone.busyWhenInUse && core.registrations.inUse(reg))) return 'USER_BUSY';
    const auto = reg.phone.autoAnswerMs;
    return {
      peer: { profile: 'internal', localIp: ip, localPort: 5060, contactUser: reg.contactUser, contactHost: reg.networkIp, contactPort: reg.networkPort, userAgent: reg.userAgent },
      destination: reg.contactUser,
      extraVars: [
        ['dialed_user', user],
        ['dialed_domain', domain],
        ['sip_invite_domain', domain],
        ['presence_id', `${user}@${domain}`],
      ],
      answerVars: entry.variables,
      fallback: { kind: auto === undefined ? 'MANUAL' : 'ANSWER', ringMs: auto ?? 0, talkMs: undefined, failCause: 'NORMAL_TEMPORARY_FAILURE' },
    };
  }
  const rest = target.slice('sofia/'.length);
  if (rest.startsWith('gateway/')) {
    const [, gwName = '', ...numberParts] = rest.split('/');
    const number = numberParts.join('/');
    if (!gwName || !number) return 'INVALID_URL';
    const gw = core.gateways.get(gwName);
    if (!gw) return 'INVALID_GATEWAY';
    if (gw.status !== 'UP') {
      gw.obFailed++;
      return 'GATEWAY_DOWN';
    }
    // sofia sends the INVITE to the outbound-proxy when one is set, else to the gateway's proxy.
    const [host = gwName, port = '5060'] = sipHostPort(gw.settings.outboundStickyProxy ?? gw.settings.proxy).split(':');
    return {
      peer: { profile: gw.profile, localIp: ip, localPort: 5080, contactUser: number, contactHost: host, contactPort: Number(port), userAgent: 'SimulatedCarrier/1.0' },
      destination: number,
      extraVars: [['sip_gateway_name', gw.name]],
      answerVars: [],
      fallback: GATEWAY_DEFAULT,
      onEnd: (failed) => {
        gw.obCalls++;
        if (failed) gw.obFailed++;
      },
    };
  }
  const [profile = '', uri = ''] = rest.split(/\/(.*)/s);
  if (profile !== 'internal' && profile !== 'external') return 'INVALID_PROFILE';
  const [user = '', hostPort = ip] = uri.replace(/^sips?:/, '').split('@');
  const [host = ip, port = '5060'] = hostPort.split(':');
  const reg = core.registrations.byContact(user, host) ?? core.registrations.find(user, host);
  return {
    peer: { profile, localIp: ip, localPort: profile === 'internal' ? 5060 : 5080, contactUser: reg?.contactUser ?? user, contactHost: reg?.networkIp ?? host, contactPort: reg?.networkPort ?? Number(port), userAgent: reg?.userAgent ?? 'SimulatedUA/1.0' },
    destination: reg?.contactUser ?? user,
    extraVars: [],
    answerVars: [],
    fallback: reg ? { kind: reg.phone.autoAnswerMs === undefined ? 'MANUAL' : 'ANSWER', ringMs: reg.phone.autoAnswerMs ?? 0, talkMs: undefined, failCause: 'NORMAL_TEMPORARY_FAILURE' } : GATEWAY_DEFAULT,
  };
}

export function startSofia(core: SwitchCore, spec: LegSpec): LegStart | HangupCause {
  const resolved = resolveTarget(core, spec);
  if (typeof resolved === 'string') {
    core.sofiaStats(spec.target.startsWith('user/') ? 'internal' : 'external').failedOut++;
    return resolved;
  }
  const { peer, destination } = resolved;
  const life = core.life;
  const ch = core.createChannel(`sofia/${peer.profile}/${destination}@${peer.contactHost}:${peer.contactPort}`, 'outbound', 'sofia');
  if (spec.target.startsWith('sofia/gateway/')) ch.name = `sofia/${peer.profile}/${destination}`;
  ch.stateNumber = 1;
  // No codec variables before media is negotiated; outboundCreateVars re-sets channel_name, which moves it to its place.
  outboundBaseVars(ch, false);
  outboundCreateVars(ch, peer);
  core.newProfile(ch, {
    callerIdName: spec.cidName,
    callerIdNumber: spec.cidNumber,
    origCallerIdName: spec.cidName,
    origCallerIdNumber: spec.cidNumber,
    calleeIdName: 'Outbound Call',
    calleeIdNumber: destination,
    ani: spec.cidNumber,
    destinationNumber: destination,
    source: 'src/switch_ivr_originate.c',
    context: 'default',
  });
  applyOriginationUuid(core, ch, spec.vars);
  // user/ re-originates through sofia with the outer leg's variables last; sofia/ takes its own first.
  for (const [name, value] of spec.target.startsWith('user/') ? spec.vars : legFirst(spec)) ch.vars.set(name, value);
  core.sofiaStats(peer.profile).callsOut++;
  life.fire(ch, 'CHANNEL_OUTGOING', ORIGIN.outgoing);
  for (const [name, value] of resolved.extraVars) ch.vars.set(name, value);
  ch.vars.set('originate_early_media', 'false');
  ch.vars.set('originate_endpoint', 'sofia');
  outboundInviteVars(ch, peer);
  life.setState(ch, 'CS_INIT', 1);
  ch.stateNumber = 2;
  life.fire(ch, 'CHANNEL_CREATE', ORIGIN.create);
  life.fire(ch, 'CHANNEL_ORIGINATE', ORIGIN.create);
  life.setState(ch, 'CS_ROUTING');
  life.setState(ch, 'CS_CONSUME_MEDIA');
  const result = legResult(ch);
  runOutcome(core, ch, spec, resolved.fallback, {
    ring: () => {
      if (ch.profile) ch.profile.networkAddr = peer.contactHost;
      outboundRingingVars(ch, peer);
      life.markRingReady(ch);
    },
    answer: () => {
      if (!ch.ringReady) {
        if (ch.profile) ch.profile.networkAddr = peer.contactHost;
        outboundRingingVars(ch, peer);
      }
      mediaVars(ch, peer.contactHost);
      life.setCodecs(ch, PCMU, true);
      life.markAnswered(ch);
      ch.vars.set('endpoint_disposition', 'ANSWER');
      if (spec.target.startsWith('user/')) {
        // The user endpoint's own session variables land after the directory user's.
        for (const [name, value] of [...resolved.answerVars, ...spec.legVars, ...spec.globalVars]) ch.vars.set(name, value);
        ch.vars.set('originate_early_media', 'false');
        ch.vars.set('originate_endpoint', 'user');
      }
    },
  });
  ch.hangupWaiters.push(() => {
    const failed = !ch.answered;
    if (failed) core.sofiaStats(peer.profile).failedOut++;
    resolved.onEnd?.(failed);
  });
  return { ch, result };
}
