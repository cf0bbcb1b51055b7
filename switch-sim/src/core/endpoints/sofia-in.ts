// Inbound SIP calls, started from the control surface: a "sofia/<profile>/<caller>@<host>"
// channel that routes its destination (the DID) through the profile's context (public).
import { randomBytes, randomInt } from 'node:crypto';
import { PCMU, type Channel } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { ORIGIN } from '../lifecycle.ts';
import { mediaVars, sdp } from '../../sofia/sofia-vars.ts';

export interface InboundCall {
  did: string;
  callerIdNumber: string;
  callerIdName?: string;
  /** SIP profile the call arrives on; "external" (carriers) by default. */
  profile?: string;
  context?: string;
  /** Extra channel variables (e.g. sip_h_X-*). */
  vars?: Record<string, string>;
  /** Remote address of the simulated carrier/phone. */
  networkIp?: string;
}

export function startInbound(core: SwitchCore, call: InboundCall): Channel {
  const profile = call.profile ?? 'external';
  const ip = core.identity.ipv4;
  const remote = call.networkIp ?? '127.0.0.1';
  const port = 5062 + randomInt(0, 1000);
  const life = core.life;
  const ch = core.createChannel(`sofia/${profile}/${call.callerIdNumber}@${remote}`, 'inbound', 'sofia');
  const v = ch.vars;
  const tag = randomBytes(6).toString('hex');
  v.set('direction', 'inbound');
  v.set('uuid', ch.uuid);
  v.set('call_uuid', ch.uuid);
  v.set('session_id', ch.sessionId);
  v.set('sip_from_user', call.callerIdNumber);
  v.set('sip_from_uri', `${call.callerIdNumber}@${remote}`);
  v.set('sip_from_host', remote);
  v.set('video_media_flow', 'disabled');
  v.set('audio_media_flow', 'disabled');
  v.set('text_media_flow', 'disabled');
  v.set('channel_name', ch.name);
  v.set('sip_call_id', randomBytes(8).toString('hex'));
  v.set('sip_local_network_addr', ip);
  v.set('sip_network_ip', remote);
  v.set('sip_network_port', port);
  v.set('sip_invite_stamp', core.clock.nowMicros());
  v.set('sip_received_ip', remote);
  v.set('sip_received_port', port);
  v.set('sip_via_protocol', 'udp');
  v.set('sip_from_user_stripped', call.callerIdNumber);
  v.set('sip_from_tag', tag);
  v.set('sofia_profile_name', profile);
  v.set('sofia_profile_url', `sip:mod_sofia@${ip}:${profile === 'internal' ? 5060 : 5080}`);
  v.set('recovery_profile_name', profile);
  v.set('sip_full_via', `SIP/2.0/UDP ${remote}:${port};rport=${port};branch=z9hG4bK${randomBytes(6).toString('hex')}`);
  v.set('sip_full_from', `${call.callerIdName ? `"${call.callerIdName}" ` : ''}<sip:${call.callerIdNumber}@${remote}>;tag=${tag}`);
  v.set('sip_full_to', `<sip:${call.did}@${ip}>`);
  v.set('sip_allow', 'INVITE, ACK, BYE, CANCEL, OPTIONS, NOTIFY, SUBSCRIBE, INFO, MESSAGE, REFER');
  v.set('sip_req_user', call.did);
  v.set('sip_req_uri', `${call.did}@${ip}`);
  v.set('sip_req_host', ip);
  v.set('sip_to_user', call.did);
  v.set('sip_to_uri', `${call.did}@${ip}`);
  v.set('sip_to_host', ip);
  v.set('sip_contact_user', call.callerIdNumber);
  v.set('sip_contact_port', port);
  v.set('sip_contact_uri', `${call.callerIdNumber}@${remote}:${port}`);
  v.set('sip_contact_host', remote);
  v.set('rtp_use_codec_string', 'OPUS,G722,PCMU,PCMA,H264,VP8');
  v.set('sip_user_agent', 'SimulatedCarrier/1.0');
  v.set('sip_via_host', remote);
  v.set('sip_via_port', port);
  v.set('sip_via_rport', port);
  v.set('max_forwards', '69');
  v.set('switch_r_sdp', sdp(remote, 20000 + randomInt(0, 10000) * 2, '0 8 101'));
  v.set('ep_codec_string', 'CORE_PCM_MODULE.PCMU@8000h@20i@64000b,CORE_PCM_MODULE.PCMA@8000h@20i@64000b');
  for (const [name, value] of Object.entries(call.vars ?? {})) v.set(name, value);
  v.set('endpoint_disposition', 'DELAYED NEGOTIATION');
  core.newProfile(ch, {
    dialplan: 'XML',
    callerIdName: call.callerIdName ?? call.callerIdNumber,
    callerIdNumber: call.callerIdNumber,
    origCallerIdName: call.callerIdName ?? call.callerIdNumber,
    origCallerIdNumber: call.callerIdNumber,
    networkAddr: remote,
    ani: call.callerIdNumber,
    destinationNumber: call.did,
    source: 'mod_sofia',
    context: call.context ?? (profile === 'internal' ? 'default' : 'public'),
  });
  core.sofiaStats(profile).callsIn++;
  life.setState(ch, 'CS_INIT', 1);
  ch.stateNumber = 2;
  life.fire(ch, 'CHANNEL_CREATE', ORIGIN.create);
  ch.running = 'CS_ROUTING';
  life.setCallState(ch, 'RINGING');
  life.setState(ch, 'CS_ROUTING');
  void core.apps.route(ch);
  return ch;
}

/** Answering an inbound SIP call: media negotiated (early), then 200 OK. */
export function answerSofiaInbound(core: SwitchCore, ch: Channel): void {
  if (!ch.early) {
    mediaVars(ch, ch.vars.get('sip_network_ip') ?? '127.0.0.1');
    ch.vars.set('audio_media_flow', 'sendrecv');
    core.life.setCodecs(ch, PCMU, true);
    core.life.markPreAnswered(ch);
  }
  core.life.markAnswered(ch);
  ch.vars.set('endpoint_disposition', 'ANSWER');
}
