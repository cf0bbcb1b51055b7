// The simulated switch: clock, event bus, configuration and the live objects (channels,
// registrations, gateways, call center). Subsystems hold a reference to it.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../clock.ts';
import { EventBus, type CoreIdentity } from '../events/bus.ts';
import { loadConfig } from '../config/loader.ts';
import { emptyConfig, type SwitchConfig } from '../config/types.ts';
import { XmlError } from '../config/xml.ts';
import { ApiCommands } from '../api/commands.ts';
import { CallCenter } from '../callcenter/callcenter.ts';
import { Registrations } from '../sofia/registrations.ts';
import { Gateways } from '../sofia/gateways.ts';
import { Recorder } from '../media/recorder.ts';
import { rtpStatsVars } from '../sofia/sofia-vars.ts';
import { emptyTimes, type CallerProfile } from './caller-profile.ts';
import { Channel, type Endpoint } from './channel.ts';
import { Bridges } from './bridges.ts';
import { HangupEngine } from './hangup.ts';
import { Lifecycle } from './lifecycle.ts';
import { Originator } from './originate.ts';
import { Dialplan } from './dialplan.ts';
import { expandVars } from './expand.ts';
import { Apps } from './apps.ts';
import { registerBasicApps } from './apps-basic.ts';
import { registerBridgeApp } from './apps-bridge.ts';
import { OutcomeRules } from './outcomes.ts';
import { toCause } from './causes.ts';

export interface CoreOptions {
  clock: Clock;
  confDir: string;
  recordingsDir: string;
  /** Address the simulated SIP profiles and events report (FreeSWITCH-IPv4, SIP-IP...). */
  ip?: string;
  /** Extra global variables (global_getvar). */
  globals?: Record<string, string>;
}

export class SwitchCore {
  readonly clock: Clock;
  readonly bus: EventBus;
  readonly identity: CoreIdentity;
  readonly life: Lifecycle;
  readonly hangups: HangupEngine;
  readonly bridges: Bridges;
  readonly originator: Originator;
  readonly dialplan: Dialplan;
  readonly apps: Apps;
  readonly outcomes = new OutcomeRules();
  readonly registrations: Registrations;
  readonly gateways: Gateways;
  readonly callcenter: CallCenter;
  readonly recorder: Recorder;
  readonly api: ApiCommands;
  readonly channels = new Map<string, Channel>();
  readonly startedMicros: number;
  readonly confDir: string;
  readonly globals = new Map<string, string>();
  config: SwitchConfig = emptyConfig();
  sessionsSinceStartup = 0;
  private readonly sofiaCounters = new Map<string, { callsIn: number; failedIn: number; callsOut: number; failedOut: number }>();
  peakSessions = 0;

  constructor(options: CoreOptions) {
    this.clock = options.clock;
    this.confDir = options.confDir;
    const ip = options.ip ?? '127.0.0.1';
    this.identity = { coreUuid: randomUUID(), hostname: hostname(), switchname: hostname(), ipv4: ip, ipv6: '::1' };
    this.bus = new EventBus(this.clock, this.identity);
    this.startedMicros = this.clock.nowMicros();
    this.life = new Lifecycle(this);
    this.hangups = new HangupEngine(this);
    this.bridges = new Bridges(this);
    this.originator = new Originator(this);
    this.dialplan = new Dialplan(this);
    this.apps = new Apps(this);
    registerBasicApps(this.apps);
    registerBridgeApp(this.apps);
    this.registrations = new Registrations(this);
    this.gateways = new Gateways(this);
    this.callcenter = new CallCenter(this);
    this.recorder = new Recorder(this, options.recordingsDir);
    this.api = new ApiCommands(this);
    const defaults: Record<string, string> = {
      hostname: this.identity.hostname,
      local_ip_v4: ip,
      local_ip_v6: '::1',
      domain: ip,
      domain_name: ip,
      core_uuid: this.identity.coreUuid,
      switch_serial: '1',
      sounds_dir: '/usr/share/freeswitch/sounds',
      sound_prefix: '/usr/share/freeswitch/sounds/en/us/callie',
      hold_music: 'local_stream://moh',
      internal_sip_port: '5060',
      external_sip_port: '5080',
    };
    for (const [key, value] of Object.entries({ ...defaults, ...options.globals })) this.globals.set(key, value);
  }

  /** reloadxml: '' on success, switch_xml's error text otherwise (old config kept). */
  /** ${…} expansion for a channel (or none), with inline API calls such as user_data. */
  expand(text: string, ch?: Channel): string {
    return expandVars(text, ch, this.globals, (command, argument) => this.api.executeInline(command, argument));
  }

  reloadXml(): string {
    try {
      const config = loadConfig(this.confDir);
      this.config = config;
      for (const [key, value] of config.globals) this.globals.set(key, value);
      this.gateways.sync();
      return '';
    } catch (error) {
      if (error instanceof XmlError) return error.message;
      throw error;
    }
  }

  /** Per SIP profile call counters (sofia status profile: CALLS-IN, FAILED-CALLS-OUT...). */
  sofiaStats(profile: string): { callsIn: number; failedIn: number; callsOut: number; failedOut: number } {
    let stats = this.sofiaCounters.get(profile);
    if (!stats) {
      stats = { callsIn: 0, failedIn: 0, callsOut: 0, failedOut: 0 };
      this.sofiaCounters.set(profile, stats);
    }
    return stats;
  }

  nextSessionId(): number {
    this.sessionsSinceStartup++;
    return this.sessionsSinceStartup;
  }

  createChannel(name: string, direction: 'inbound' | 'outbound', endpoint: Endpoint, uuid: string = randomUUID()): Channel {
    const ch = new Channel(uuid, name, direction, endpoint, this.nextSessionId(), this.clock.nowMicros());
    this.channels.set(uuid, ch);
    this.peakSessions = Math.max(this.peakSessions, this.channels.size);
    return ch;
  }

  newProfile(ch: Channel, fields: Partial<CallerProfile>): CallerProfile {
    const profile: CallerProfile = {
      direction: ch.direction,
      logicalDirection: ch.direction,
      uuid: ch.uuid,
      chanName: ch.name,
      profileIndex: '1',
      ...fields,
      times: { ...emptyTimes(ch.createdMicros), ...fields.times },
    };
    ch.profile = profile;
    const c = ch.columns;
    c.initialCidName = profile.callerIdName ?? '';
    c.initialCidNum = profile.callerIdNumber ?? '';
    c.initialIpAddr = profile.networkAddr ?? '';
    c.initialDest = profile.destinationNumber ?? '';
    c.initialDialplan = profile.dialplan ?? '';
    c.initialContext = profile.context ?? '';
    return profile;
  }

  renameChannel(ch: Channel, uuid: string): void {
    this.channels.delete(ch.uuid);
    ch.uuid = uuid;
    if (ch.profile) ch.profile.uuid = uuid;
    this.channels.set(uuid, ch);
  }

  removeChannel(ch: Channel): void {
    if (this.channels.get(ch.uuid) === ch) this.channels.delete(ch.uuid);
  }

  channel(uuid: string | undefined): Channel | undefined {
    return uuid === undefined ? undefined : this.channels.get(uuid.trim());
  }

  hangup(ch: Channel, cause: string = 'NORMAL_CLEARING', deferred = false): void {
    this.hangups.hangup(ch, toCause(cause), deferred);
  }

  /** Hook the state machine calls into. */
  onHangupState(ch: Channel): void {
    this.recorder.onHangup(ch);
  }

  endpointHangupVars(ch: Channel): void {
    if (ch.endpoint === 'loopback') ch.vars.set('is_loopback', '1');
    if (ch.endpoint === 'sofia') {
      const answered = ch.profile?.times.answered ?? 0;
      // who ended the dialog: this switch (send_*) unless the far end did (sim_hangup_disposition)
      const disposition = answered ? 'send_bye' : ch.direction === 'outbound' ? 'send_cancel' : 'send_refuse';
      ch.vars.set('sip_hangup_disposition', ch.vars.get('sim_hangup_disposition') ?? disposition);
      if (answered) rtpStatsVars(ch, Math.max(0, ((ch.profile?.times.hungup ?? answered) - answered) / 1000));
    }
  }

  afterHangup(channels: Channel[]): void {
    this.callcenter.onHangup(channels);
  }

  async stop(): Promise<void> {
    for (const ch of [...this.channels.values()]) this.hangup(ch, 'SYSTEM_SHUTDOWN');
    this.registrations.stop();
    this.gateways.stop();
  }
}
