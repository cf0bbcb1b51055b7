// Running dialplan applications on a channel: CHANNEL_EXECUTE / CHANNEL_EXECUTE_COMPLETE around
// each one (switch_core_session_exec), extensions run in order, transfer, end of dialplan.
import { randomUUID } from 'node:crypto';
import type { Channel, RunningApp } from './channel.ts';
import type { SwitchCore } from './core.ts';
import type { PlannedAction } from './dialplan.ts';
import { ORIGIN } from './lifecycle.ts';
import { separateCharDelim } from '../api/strings.ts';

export type AppOutcome = 'continue' | 'stop';

export interface AppContext {
  core: SwitchCore;
  ch: Channel;
  data: string;
  app: RunningApp;
}

export type AppImpl = (ctx: AppContext) => Promise<AppOutcome | void> | AppOutcome | void;

export class Apps {
  private readonly registry = new Map<string, AppImpl>();
  /** Bumped on every transfer so an abandoned extension does not hang the channel up. */
  private readonly generation = new WeakMap<Channel, number>();

  constructor(private readonly core: SwitchCore) {}

  register(name: string, impl: AppImpl): void {
    this.registry.set(name, impl);
  }

  has(name: string): boolean {
    return this.registry.has(name);
  }

  async execute(ch: Channel, name: string, rawData: string, origin = ORIGIN.exec): Promise<AppOutcome> {
    if (!ch.isUp) return 'stop';
    const impl = this.registry.get(name);
    const data = this.core.expand(rawData, ch);
    if (!impl) {
      // switch_core_session_execute_application on an unknown application hangs the call up.
      this.core.hangup(ch, 'DESTINATION_OUT_OF_ORDER');
      return 'stop';
    }
    ch.vars.set('current_application', name);
    ch.vars.set('current_application_data', data);
    ch.appLog.push({ app: name, arg: data });
    const app: RunningApp = { name, data, uuid: randomUUID() };
    ch.columns.application = name;
    ch.columns.applicationData = data;
    ch.app = app;
    this.core.life.fire(ch, 'CHANNEL_EXECUTE', origin, {
      after: [
        ['Application', name],
        ['Application-Data', data || undefined],
        ['Application-UUID', app.uuid],
      ],
    });
    ch.vars.set('current_application', name);
    const result = (await impl({ core: this.core, ch, data, app })) ?? 'continue';
    if (ch.app === app) {
      ch.app = undefined;
      this.core.life.fire(ch, 'CHANNEL_EXECUTE_COMPLETE', ORIGIN.execComplete, {
        after: [
          ['Application', name],
          ['Application-Data', data || undefined],
          ['Application-Response', ch.vars.get('sim_app_response') ?? '_none_'],
          ['Application-UUID', app.uuid],
        ],
      });
    }
    return ch.isUp ? result : 'stop';
  }

  /** Runs a list of applications; at the end of the dialplan the channel is hung up. */
  async run(ch: Channel, actions: PlannedAction[]): Promise<void> {
    const generation = (this.generation.get(ch) ?? 0) + 1;
    this.generation.set(ch, generation);
    for (const action of actions) {
      if (!ch.isUp || this.generation.get(ch) !== generation) return;
      const outcome = await this.execute(ch, action.application, action.data);
      if (outcome === 'stop') break;
    }
    if (ch.isUp && this.generation.get(ch) === generation) this.core.hangup(ch, 'NORMAL_CLEARING');
  }

  /** Routing: looks the extension up and runs it (CS_ROUTING → CS_EXECUTE). */
  async route(ch: Channel, context?: string): Promise<void> {
    const p = ch.profile;
    if (!p || !ch.isUp) return;
    const ctx = context ?? p.context ?? 'default';
    if (ch.running !== 'CS_ROUTING') this.core.life.setState(ch, 'CS_ROUTING');
    const inline = p.dialplan?.toLowerCase() === 'inline';
    const actions = inline ? inlineDialplan(p.destinationNumber ?? '') : this.core.dialplan.lookup(ch, ctx);
    if (inline) {
      // inline_dialplan_hunt gives the previous destination back.
      p.destinationNumber = p.rdnis;
      p.rdnis = undefined;
    }
    if (!actions || actions.length === 0) {
      this.core.hangup(ch, 'NO_ROUTE_DESTINATION');
      return;
    }
    this.core.life.setState(ch, 'CS_EXECUTE');
    ch.vars.set('call_uuid', ch.vars.get('call_uuid') ?? ch.uuid);
    await this.run(ch, actions);
  }

  /**
   * switch_ivr_session_transfer: a new caller-profile step (dialplan and context default to the
   * current ones, an inline dialplan is not inherited), routed again.
   */
  transfer(ch: Channel, destination: string, context?: string, dialplan?: string): void {
    const p = ch.profile;
    if (!p) return;
    this.generation.set(ch, (this.generation.get(ch) ?? 0) + 1);
    const now = this.core.clock.nowMicros();
    const current = p.dialplan?.toLowerCase() === 'inline' ? undefined : p.dialplan;
    const useDialplan = dialplan || current || 'XML';
    const useContext = context || p.context || 'default';
    const extension = destination || 'service';
    const source = `${Math.floor(now / 1_000_000)}:${randomUUID()}:bl_xfer:${extension}/${useContext}/${useDialplan}`;
    ch.vars.set('transfer_history', source);
    ch.vars.set('transfer_source', source);
    p.rdnis = p.destinationNumber;
    p.destinationNumber = extension;
    p.context = useContext;
    p.dialplan = useDialplan;
    p.transferSource = source;
    p.profileIndex = String(Number(p.profileIndex ?? '1') + 1);
    p.times.profileCreated = now;
    p.times.transferred = now;
    void this.route(ch);
  }
}

/**
 * mod_dptools' inline dialplan: "app:data,app:data" (or "m:<d>:" to pick the separator), split
 * like switch_separate_string, each entry cut at its first ':'.
 */
export function inlineDialplan(target: string): PlannedAction[] {
  let text = target;
  let delim = ',';
  if (text[0] === 'm' && text[1] === ':' && text[3] === ':') {
    delim = text[2]!;
    text = text.slice(4);
  }
  return separateCharDelim(text, delim, 128).map((entry): PlannedAction => {
    const colon = entry.indexOf(':');
    const application = (colon < 0 ? entry : entry.slice(0, colon)).replace(/^ +/, '');
    return { application, data: colon < 0 ? '' : entry.slice(colon + 1) };
  });
}
