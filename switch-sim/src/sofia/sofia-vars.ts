// The SIP/RTP variables mod_sofia sets on a session, in the order the captures show them
// (08_sip_callcenter_ALL_plain: the agent leg's CHANNEL_CREATE, CHANNEL_PROGRESS, CHANNEL_ANSWER).
// Values are simulated but shaped like real ones.
import { randomBytes, randomInt } from 'node:crypto';
import type { Channel } from '../core/channel.ts';

export interface SofiaPeer {
  profile: string;
  /** The address mod_sofia listens on (this profile's SIP-IP). */
  localIp: string;
  localPort: number;
  /** user part and host:port of the far end's contact. */
  contactUser: string;
  contactHost: string;
  contactPort: number;
  userAgent: string;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

export function sdp(ip: string, port: number, pt: string): string {
  const id = randomInt(1_000_000, 2_000_000_000);
  return `v=0\no=FreeSWITCH ${id} ${id + 1} IN IP4 ${ip}\ns=FreeSWITCH\nc=IN IP4 ${ip}\nt=0 0\nm=audio ${port} RTP/AVP ${pt}\na=rtpmap:0 PCMU/8000\na=ptime:20\n`;
}

/** At creation of an outbound leg, before the dial-string variables. */
export function outboundCreateVars(ch: Channel, peer: SofiaPeer): void {
  const v = ch.vars;
  v.set('sip_local_network_addr', peer.localIp);
  v.set('sip_profile_name', peer.profile);
  v.set('video_media_flow', 'disabled');
  v.set('text_media_flow', 'disabled');
  v.set('channel_name', ch.name);
  v.set('sip_destination_url', `sip:${peer.contactUser}@${peer.contactHost}:${peer.contactPort}`);
}

/** After the dial-string variables, when the INVITE goes out. */
export function outboundInviteVars(ch: Channel, peer: SofiaPeer): void {
  const v = ch.vars;
  const mediaPort = 16384 + randomInt(0, 16000) * 2;
  v.set('rtp_use_codec_string', 'OPUS,G722,PCMU,PCMA,H264,VP8');
  v.set('local_media_ip', peer.localIp);
  v.set('local_media_port', mediaPort);
  v.set('advertised_media_ip', peer.localIp);
  v.set('audio_media_flow', 'sendrecv');
  v.set('rtp_local_sdp_str', sdp(peer.localIp, mediaPort, '102 9 0 8 103 101'));
  v.set('sip_outgoing_contact_uri', `<sip:mod_sofia@${peer.localIp}:${peer.localPort}>`);
  v.set('sip_req_uri', `${peer.contactUser}@${peer.contactHost}:${peer.contactPort}`);
  v.set('sip_to_host', `${peer.contactHost}:${peer.contactPort}`);
  v.set('sip_from_host', peer.localIp);
  v.set('sofia_profile_name', peer.profile);
  v.set('recovery_profile_name', peer.profile);
  v.set('sofia_profile_url', `sip:mod_sofia@${peer.localIp}:${peer.localPort}`);
}

/** On the 180 Ringing: the dialog variables. */
export function outboundRingingVars(ch: Channel, peer: SofiaPeer): void {
  const v = ch.vars;
  const p = ch.profile;
  const fromUser = p?.callerIdNumber ?? '0000000000';
  const fromName = p?.callerIdName ?? '';
  v.set('sip_local_network_addr', peer.localIp);
  v.set('sip_reply_host', peer.contactHost);
  v.set('sip_reply_port', peer.contactPort);
  v.set('sip_network_ip', peer.contactHost);
  v.set('sip_network_port', peer.contactPort);
  v.set('sip_user_agent', peer.userAgent);
  v.set('sip_allow', 'INVITE, ACK, BYE, CANCEL, OPTIONS, NOTIFY, SUBSCRIBE, INFO, MESSAGE, REFER');
  v.set('sip_recover_contact', `<sip:${peer.contactUser}@${peer.contactHost}:${peer.contactPort}>`);
  const via = `SIP/2.0/UDP ${peer.localIp};branch=z9hG4bK${hex(7)};rport=${peer.localPort};received=${peer.localIp}`;
  v.set('sip_full_via', via);
  v.set('sip_recover_via', via);
  v.set('sip_from_display', fromName);
  const fromTag = hex(6);
  const toTag = hex(8);
  v.set('sip_full_from', `${fromName ? `"${fromName}" ` : ''}<sip:${fromUser}@${peer.localIp}>;tag=${fromTag}`);
  v.set('sip_full_to', `<sip:${peer.contactUser}@${peer.contactHost}:${peer.contactPort}>;tag=${toTag}`);
  v.set('sip_from_user', fromUser);
  v.set('sip_from_uri', `${fromUser}@${peer.localIp}`);
  v.set('sip_from_host', peer.localIp);
  v.set('sip_to_user', peer.contactUser);
  v.set('sip_to_port', peer.contactPort);
  v.set('sip_to_uri', `${peer.contactUser}@${peer.contactHost}:${peer.contactPort}`);
  v.set('sip_to_host', peer.contactHost);
  v.set('sip_contact_user', peer.contactUser);
  v.set('sip_contact_port', peer.contactPort);
  v.set('sip_contact_uri', `${peer.contactUser}@${peer.contactHost}:${peer.contactPort}`);
  v.set('sip_contact_host', peer.contactHost);
  v.set('sip_to_tag', toTag);
  v.set('sip_from_tag', fromTag);
  v.set('sip_cseq', randomInt(1, 2_000_000_000));
  v.set('sip_call_id', `${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`);
}

/** On the 200 OK: the negotiated media. */
export function mediaVars(ch: Channel, remoteIp: string): void {
  const v = ch.vars;
  const remotePort = 20000 + randomInt(0, 10000) * 2;
  v.set('switch_r_sdp', sdp(remoteIp, remotePort, '0 8 101'));
  v.set('ep_codec_string', 'CORE_PCM_MODULE.PCMU@8000h@20i@64000b,CORE_PCM_MODULE.PCMA@8000h@20i@64000b');
  v.set('rtp_use_codec_string', 'OPUS,G722,PCMU,PCMA,H264,VP8');
  v.set('remote_video_media_flow', 'inactive');
  v.set('remote_text_media_flow', 'inactive');
  v.set('remote_audio_media_flow', 'sendrecv');
  v.set('rtp_audio_recv_pt', '0');
  v.set('rtp_use_codec_name', 'PCMU');
  v.set('rtp_use_codec_rate', '8000');
  v.set('rtp_use_codec_ptime', '20');
  v.set('rtp_use_codec_channels', '1');
  v.set('rtp_last_audio_codec_string', 'PCMU@8000h@20i@1c');
  v.set('read_codec', 'PCMU');
  v.set('original_read_codec', 'PCMU');
  v.set('read_rate', '8000');
  v.set('original_read_rate', '8000');
  v.set('write_codec', 'PCMU');
  v.set('write_rate', '8000');
  v.set('dtmf_type', 'rfc2833');
  v.set('local_media_ip', v.get('local_media_ip') ?? '127.0.0.1');
  v.set('local_media_port', v.get('local_media_port') ?? '16384');
  v.set('advertised_media_ip', v.get('advertised_media_ip') ?? '127.0.0.1');
  v.set('rtp_use_timer_name', 'soft');
  v.set('rtp_use_pt', '0');
  v.set('rtp_use_ssrc', randomInt(1, 4_000_000_000));
  v.set('rtp_2833_send_payload', '101');
  v.set('rtp_2833_recv_payload', '101');
  v.set('remote_media_ip', remoteIp);
  v.set('remote_media_port', remotePort);
}

/** RTP statistics set at hangup (switch_rtp stats), simulated from the talk time. */
export function rtpStatsVars(ch: Channel, talkMs: number): void {
  const v = ch.vars;
  const packets = Math.max(0, Math.round(talkMs / 20));
  const stats: Array<[string, string | number]> = [
    ['rtp_audio_in_raw_bytes', packets * 172],
    ['rtp_audio_in_media_bytes', packets * 160],
    ['rtp_audio_in_packet_count', packets],
    ['rtp_audio_in_media_packet_count', packets],
    ['rtp_audio_in_skip_packet_count', 0],
    ['rtp_audio_in_jitter_packet_count', 0],
    ['rtp_audio_in_dtmf_packet_count', 0],
    ['rtp_audio_in_cng_packet_count', 0],
    ['rtp_audio_in_flush_packet_count', 0],
    ['rtp_audio_in_largest_jb_size', 0],
    ['rtp_audio_in_jitter_min_variance', '0.00'],
    ['rtp_audio_in_jitter_max_variance', '0.00'],
    ['rtp_audio_in_jitter_loss_rate', '0.00'],
    ['rtp_audio_in_jitter_burst_rate', '0.00'],
    ['rtp_audio_in_mean_interval', '20.00'],
    ['rtp_audio_in_flaw_total', 0],
    ['rtp_audio_in_quality_percentage', '100.00'],
    ['rtp_audio_in_mos', '4.50'],
    ['rtp_audio_out_raw_bytes', packets * 172],
    ['rtp_audio_out_media_bytes', packets * 160],
    ['rtp_audio_out_packet_count', packets],
    ['rtp_audio_out_media_packet_count', packets],
    ['rtp_audio_out_skip_packet_count', 0],
    ['rtp_audio_out_dtmf_packet_count', 0],
    ['rtp_audio_out_cng_packet_count', 0],
    ['rtp_audio_rtcp_packet_count', 0],
    ['rtp_audio_rtcp_octet_count', 0],
  ];
  for (const [name, value] of stats) v.set(name, value);
}
