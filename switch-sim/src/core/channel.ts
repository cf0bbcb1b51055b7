// One simulated session: FreeSWITCH's channel fields that show up in events and api output.
import { cloneProfile, type CallerProfile } from './caller-profile.ts';
import { Variables } from './variables.ts';

export const STATE_NUMBERS = {
  CS_NEW: 0,
  CS_INIT: 1,
  CS_ROUTING: 2,
  CS_SOFT_EXECUTE: 3,
  CS_EXECUTE: 4,
  CS_EXCHANGE_MEDIA: 5,
  CS_PARK: 6,
  CS_CONSUME_MEDIA: 7,
  CS_HIBERNATE: 8,
  CS_RESET: 9,
  CS_HANGUP: 10,
  CS_REPORTING: 11,
  CS_DESTROY: 12,
  CS_NONE: 13,
} as const;
export type RunningState = keyof typeof STATE_NUMBERS;

export const CALL_STATE_NUMBERS = {
  DOWN: 0,
  DIALING: 1,
  RINGING: 2,
  EARLY: 3,
  ACTIVE: 4,
  HELD: 5,
  RING_WAIT: 6,
  HANGUP: 7,
  UNHELD: 8,
} as const;
export type CallState = keyof typeof CALL_STATE_NUMBERS;

export interface Codec {
  name: string;
  rate: number;
  bitRate: number;
}

export const L16: Codec = { name: 'L16', rate: 8000, bitRate: 128000 };
export const PCMU: Codec = { name: 'PCMU', rate: 8000, bitRate: 64000 };

export type Endpoint = 'loopback' | 'null' | 'sofia' | 'pickup';

export interface RunningApp {
  name: string;
  data: string;
  uuid: string;
  /** Ends a blocking application (park, echo, callcenter, playback...). */
  stop?: () => void;
}

export interface BridgeLink {
  /** The leg that ran the bridge (gets CHANNEL_BRIDGE/UNBRIDGE). */
  a: Channel;
  b: Channel;
  startedMicros: number;
  /** Called once when the bridge breaks (the bridge application returns). */
  onEnd?: () => void;
  /**
   * mod_callcenter's uuid_bridge: when `b` goes, `a` is unbridged while still up, returns to
   * CS_EXECUTE with nothing left to run and hangs up itself (a real 1.10.12, agent's BYE).
   */
  releasesA?: boolean;
}

export class Channel {
  readonly vars = new Variables();
  running: RunningState = 'CS_NONE';
  stateNumber: number = STATE_NUMBERS.CS_NEW;
  callState: CallState = 'DOWN';
  answered = false;
  early = false;
  ringReady = false;
  /** CF_DIALPLAN: the outbound leg went through the dialplan / flipped its caller id. */
  hitDialplan = false;
  hangupCause: string | undefined;
  hangingUp = false;
  destroyed = false;
  readCodec: Codec | undefined;
  writeCodec: Codec | undefined;
  profile: CallerProfile | undefined;
  other: { type: 'originator' | 'originatee'; profile: CallerProfile } | undefined;
  /** The other half of a loopback pair. */
  twin: Channel | undefined;
  bridge: BridgeLink | undefined;
  app: RunningApp | undefined;
  parked = false;
  readonly appLog: Array<{ app: string; arg: string }> = [];
  /** Per-call outcome decided at origination (answer/busy/...); used by sofia endpoints. */
  readonly createdMicros: number;
  readonly hangupWaiters: Array<() => void> = [];
  readonly onAnswer: Array<() => void> = [];
  /** Answers the leg from the far end (phone picks up); false if it cannot. */
  remoteAnswer: (() => boolean) | undefined;
  /** DTMF digits received but not consumed yet (play_and_get_digits). */
  dtmf = '';
  /** Variables exported with nolocal: (only for the other leg). */
  readonly exportOnly = new Map<string, string>();
  /** The channel this leg was originated for (bridge app, mod_callcenter). */
  caller: Channel | undefined;
  /** Columns of FreeSWITCH's channels table that only change on some events. */
  readonly columns = {
    application: '',
    applicationData: '',
    calleeDirection: '',
    callUuid: '',
    sentCalleeName: '',
    sentCalleeNum: '',
    initialCidName: '',
    initialCidNum: '',
    initialIpAddr: '',
    initialDest: '',
    initialDialplan: '',
    initialContext: '',
  };
  /** Every DTMF digit received (digits_dialed). */
  dtmfLog = '';
  readonly dtmfWaiters: Array<() => void> = [];

  constructor(
    public uuid: string,
    public name: string,
    readonly direction: 'inbound' | 'outbound',
    readonly endpoint: Endpoint,
    readonly sessionId: number,
    createdMicros: number,
  ) {
    this.createdMicros = createdMicros;
  }

  get isUp(): boolean {
    return !this.hangingUp && !this.destroyed;
  }

  answerState(): string {
    if (this.hangupCause !== undefined) return 'hangup';
    if (this.answered) return 'answered';
    if (this.early) return 'early';
    return 'ringing';
  }

  partner(): Channel | undefined {
    if (!this.bridge) return undefined;
    return this.bridge.a === this ? this.bridge.b : this.bridge.a;
  }

  setOther(type: 'originator' | 'originatee', other: Channel, snapshot?: CallerProfile): void {
    const profile = snapshot ?? other.profile;
    if (profile) this.other = { type, profile: cloneProfile(profile) };
  }

  /** Resolves when the channel is hung up (immediately if it already is). */
  waitHangup(): Promise<void> {
    if (!this.isUp) return Promise.resolve();
    return new Promise((resolve) => this.hangupWaiters.push(resolve));
  }
}
