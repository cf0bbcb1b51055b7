// State-machine steps shared by every endpoint: each sets the channel fields FreeSWITCH would
// set and fires the event it fires, with FreeSWITCH's Event-Calling-* origin.
import type { Origin } from '../events/bus.ts';
import { CAUSES, type HangupCause } from './causes.ts';
import { addBasicData, channelEvent, type ChannelEventOptions } from './channel-events.ts';
import { CALL_STATE_NUMBERS, STATE_NUMBERS, type CallState, type Channel, type Codec, type RunningState } from './channel.ts';
import type { SwitchCore } from './core.ts';

const SM = 'switch_core_state_machine.c';
const CH = 'switch_channel.c';
export const ORIGIN = {
  state: { file: CH, func: 'switch_channel_perform_set_running_state', line: 2596 },
  callstate: { file: CH, func: 'switch_channel_perform_set_callstate', line: 347 },
  answer: { file: CH, func: 'switch_channel_perform_mark_answered', line: 3846 },
  progress: { file: CH, func: 'switch_channel_perform_mark_ring_ready_value', line: 3497 },
  progressMedia: { file: CH, func: 'switch_channel_perform_mark_pre_answered', line: 3706 },
  hangup: { file: CH, func: 'switch_channel_perform_hangup', line: 3604 },
  flip: { file: CH, func: 'switch_channel_flip_cid', line: 3287 },
  create: { file: SM, func: 'switch_core_session_run', line: 626 },
  hangupComplete: { file: SM, func: 'switch_core_session_reporting_state', line: 943 },
  destroy: { file: 'switch_core_session.c', func: 'switch_core_session_perform_destroy', line: 1594 },
  outgoing: { file: 'switch_core_session.c', func: 'switch_core_session_outgoing_channel', line: 785 },
  uuid: { file: 'switch_core_session.c', func: 'switch_core_session_set_uuid', line: 2507 },
  readCodec: { file: 'switch_core_codec.c', func: 'switch_core_session_set_read_codec', line: 323 },
  realReadCodec: { file: 'switch_core_codec.c', func: 'switch_core_session_set_real_read_codec', line: 241 },
  writeCodec: { file: 'switch_core_codec.c', func: 'switch_core_session_set_write_codec', line: 531 },
  exec: { file: 'switch_core_session.c', func: 'switch_core_session_exec', line: 2915 },
  execComplete: { file: 'switch_core_session.c', func: 'switch_core_session_exec', line: 2956 },
  park: { file: 'switch_ivr.c', func: 'switch_ivr_park', line: 992 },
  unpark: { file: 'switch_ivr.c', func: 'switch_ivr_park', line: 1213 },
  bridge: { file: 'switch_ivr_bridge.c', func: 'switch_ivr_multi_threaded_bridge', line: 1720 },
  unbridge: { file: 'switch_ivr_bridge.c', func: 'switch_ivr_multi_threaded_bridge', line: 1864 },
  playStart: { file: 'switch_ivr_play_say.c', func: 'switch_ivr_play_file', line: 1646 },
  playStop: { file: 'switch_ivr_play_say.c', func: 'switch_ivr_play_file', line: 2105 },
} satisfies Record<string, Origin>;

export class Lifecycle {
  constructor(private readonly core: SwitchCore) {}

  fire(ch: Channel, name: string, origin: Origin, options?: ChannelEventOptions): void {
    this.core.bus.fire(channelEvent(this.core.bus, ch, name, origin, options));
  }

  setState(ch: Channel, running: RunningState, stateNumber: number = STATE_NUMBERS[running]): void {
    ch.running = running;
    ch.stateNumber = stateNumber;
    this.fire(ch, 'CHANNEL_STATE', ORIGIN.state);
  }

  setCallState(ch: Channel, state: CallState): void {
    const original = ch.callState;
    ch.callState = state;
    if (state === 'HANGUP' && ch.profile && !ch.profile.times.hungup) ch.profile.times.hungup = this.core.clock.nowMicros();
    this.fire(ch, 'CHANNEL_CALLSTATE', ORIGIN.callstate, {
      before: [
        ['Original-Channel-Call-State', original],
        ['Channel-Call-State-Number', CALL_STATE_NUMBERS[state]],
      ],
    });
  }

  /**
   * The two CODEC events fired when a session gets its read and write codecs; `real`: mod_sofia's
   * media negotiation, where the write codec is already set when the read one is announced.
   */
  setCodecs(ch: Channel, codec: Codec, real = false): void {
    ch.readCodec = codec;
    if (real) ch.writeCodec = codec;
    const readEvent = this.core.bus.create('CODEC', real ? ORIGIN.realReadCodec : ORIGIN.readCodec);
    addBasicData(readEvent, ch); // CODEC events carry the basic channel data only (no variables)
    readEvent.add('channel-read-codec-name', codec.name).add('channel-read-codec-rate', codec.rate).add('channel-read-codec-bit-rate', codec.bitRate);
    this.core.bus.fire(readEvent);
    ch.writeCodec = codec;
    const writeEvent = this.core.bus.create('CODEC', ORIGIN.writeCodec);
    addBasicData(writeEvent, ch);
    writeEvent.add('Channel-Write-Codec-Name', codec.name).add('Channel-Write-Codec-Rate', codec.rate).add('Channel-Write-codec-bit-rate', codec.bitRate);
    this.core.bus.fire(writeEvent);
  }

  /** switch_channel_perform_mark_ring_ready: CHANNEL_PROGRESS, then callstate RINGING. */
  markRingReady(ch: Channel): void {
    if (ch.ringReady || !ch.isUp) return;
    ch.ringReady = true;
    if (ch.profile && !ch.profile.times.progress) ch.profile.times.progress = this.core.clock.nowMicros();
    this.fire(ch, 'CHANNEL_PROGRESS', ORIGIN.progress);
    this.setCallState(ch, 'RINGING');
  }

  /** switch_channel_perform_mark_pre_answered: CHANNEL_PROGRESS_MEDIA, then callstate EARLY. */
  markPreAnswered(ch: Channel): void {
    if (ch.early || ch.answered || !ch.isUp) return;
    ch.early = true;
    if (ch.profile && !ch.profile.times.progressMedia) ch.profile.times.progressMedia = this.core.clock.nowMicros();
    this.fire(ch, 'CHANNEL_PROGRESS_MEDIA', ORIGIN.progressMedia);
    this.setCallState(ch, 'EARLY');
  }

  /** switch_channel_perform_mark_answered: CHANNEL_ANSWER, then callstate ACTIVE. */
  markAnswered(ch: Channel, afterAnswer?: () => void): void {
    if (ch.answered || !ch.isUp) return;
    ch.answered = true;
    if (ch.profile) ch.profile.times.answered = this.core.clock.nowMicros();
    this.fire(ch, 'CHANNEL_ANSWER', ORIGIN.answer);
    afterAnswer?.();
    this.setCallState(ch, 'ACTIVE');
    this.executeOn(ch, 'execute_on_answer');
    for (const callback of ch.onAnswer.splice(0)) callback();
  }

  /**
   * switch_channel_execute_on: every global or channel variable whose name starts with `prefix`
   * holds "app arg" (or "app:arg"; "app::arg" runs in the background), run on the channel.
   */
  executeOn(ch: Channel, prefix: string): void {
    const merged = new Map<string, string>([...this.core.globals, ...ch.vars.entries()]);
    for (const [name, value] of merged) {
      if (!name.toLowerCase().startsWith(prefix)) continue;
      const cut = /^([^ :]*)(?:::| |:)?(.*)$/s.exec(value);
      const app = cut?.[1] ?? value;
      void this.core.apps.execute(ch, app, cut?.[2] ?? '');
    }
  }

  /** switch_channel_flip_cid + its CALL_UPDATE. */
  flipCid(ch: Channel): void {
    const p = ch.profile;
    if (!p) return;
    ch.hitDialplan = true;
    let tmp: string | undefined;
    if (p.calleeIdName !== undefined) {
      tmp = p.callerIdName;
      ch.vars.set('pre_transfer_caller_id_name', p.callerIdName);
      p.callerIdName = p.calleeIdName;
    }
    p.calleeIdName = ch.bridge ? '' : tmp;
    tmp = undefined;
    if (p.calleeIdNumber !== undefined) {
      tmp = p.callerIdNumber;
      ch.vars.set('pre_transfer_caller_id_number', p.callerIdNumber);
      p.callerIdNumber = p.calleeIdNumber;
    }
    p.calleeIdNumber = ch.bridge ? '' : tmp;
    ch.vars.set('channel_cid_flipped', 'yes');
    ch.columns.calleeDirection = 'RECV';
    ch.columns.callUuid = ch.vars.get('call_uuid') ?? ch.uuid;
    this.fire(ch, 'CALL_UPDATE', ORIGIN.flip, { before: [['Direction', 'RECV'], ['Bridged-To', ch.partner()?.uuid]] });
  }

  /** switch_channel_perform_hangup: the cause is set, the state machine moves towards CS_HANGUP. */
  markHangup(ch: Channel, cause: HangupCause): void {
    ch.hangupCause = cause;
    ch.stateNumber = STATE_NUMBERS.CS_HANGUP;
  }

  /** The hangup_cause variables, set in the reporting state just before the CDR timestamps. */
  setHangupVars(ch: Channel): void {
    const cause = (ch.hangupCause ?? 'NORMAL_CLEARING') as HangupCause;
    ch.vars.set('hangup_cause', cause);
    ch.vars.set('hangup_cause_q850', CAUSES[cause] <= 127 ? CAUSES[cause] : 16);
  }
}
