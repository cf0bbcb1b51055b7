// SIP gateways from gateways/*.xml. Like mod_sofia, gateways start with the profile (first
// load) or on `sofia profile <p> rescan`; `reloadxml` alone does not start new ones;
// `sofia profile <p> killgw <name>` removes one. Registration is simulated: TRYING → REGISTER
// (200 OK) → REGED, or FAILED (403) → FAIL_WAIT when the gateway sets sim-register="fail";
// register="false" gateways are NOREG. Each change fires sofia::gateway_state (sofia_reg.c
// sofia_reg_fire_custom_gateway_state_event: Gateway, State, Ping-Status[, Status, Phrase]).
// The params are read as parse_gateways reads them (gateway-params.ts): a registering gateway
// without username or password is skipped, From is <sip:from-user@from-domain>, and the REGISTER
// goes to register-proxy when one is set (registerTarget).
import type { TimerHandle } from '../clock.ts';
import type { GatewayConfig } from '../config/types.ts';
import type { SwitchCore } from '../core/core.ts';
import { readGatewaySettings, type GatewaySettings } from './gateway-params.ts';

export type GatewayRegState = 'UNREGED' | 'TRYING' | 'REGISTER' | 'REGED' | 'UNREGISTER' | 'FAILED' | 'FAIL_WAIT' | 'EXPIRED' | 'NOREG' | 'DOWN';

export interface Gateway {
  name: string;
  profile: string;
  params: Record<string, string>;
  /** What sofia made of the params (parse_gateways): From, registrar, proxies, expiry. */
  settings: GatewaySettings;
  state: GatewayRegState;
  status: 'UP' | 'DOWN';
  ibCalls: number;
  ibFailed: number;
  obCalls: number;
  obFailed: number;
  timers: TimerHandle[];
}

/** Where a gateway's REGISTER is sent (nua_register: NUTAG_PROXY when register-proxy is set, else the registrar). */
export function registerTarget(gw: Gateway): string {
  return gw.settings.registerStickyProxy ?? gw.settings.registerProxy;
}

export class Gateways {
  private readonly gateways = new Map<string, Gateway>();
  private started = false;

  constructor(private readonly core: SwitchCore) {}

  get(name: string): Gateway | undefined {
    return this.gateways.get(name);
  }

  list(profile?: string): Gateway[] {
    return [...this.gateways.values()].filter((gw) => profile === undefined || gw.profile === profile);
  }

  /** After (re)loading the configuration: the first load starts every gateway. */
  sync(): void {
    if (this.started) return;
    this.started = true;
    this.rescan();
  }

  /** `sofia profile <name> rescan`: starts configured gateways that are not running. */
  rescan(profile?: string): number {
    let added = 0;
    for (const config of this.core.config.gateways.values()) {
      if (profile !== undefined && config.profile !== profile) continue;
      if (this.gateways.has(config.name)) continue;
      this.start(config);
      added++;
    }
    return added;
  }

  /** `sofia profile <name> killgw <gateway>`. */
  kill(name: string): boolean {
    const gw = this.gateways.get(name);
    if (!gw) return false;
    for (const timer of gw.timers) timer.cancel();
    this.gateways.delete(name);
    return true;
  }

  stop(): void {
    for (const gw of this.gateways.values()) for (const timer of gw.timers) timer.cancel();
  }

  private start(config: GatewayConfig): void {
    const settings = readGatewaySettings(config.name, config.params);
    // sofia logs the error and leaves the gateway out: it never exists, so it never registers.
    if ('skipped' in settings) return;
    const gw: Gateway = { name: config.name, profile: config.profile, params: config.params, settings, state: 'UNREGED', status: 'DOWN', ibCalls: 0, ibFailed: 0, obCalls: 0, obFailed: 0, timers: [] };
    this.gateways.set(config.name, gw);
    if (!settings.register) {
      gw.status = 'UP';
      this.setState(gw, 'NOREG');
      return;
    }
    const delay = Number(config.params['sim-register-delay-ms'] ?? 100);
    gw.timers.push(this.core.clock.after(0, () => this.setState(gw, 'TRYING')));
    gw.timers.push(
      this.core.clock.after(delay, () => {
        if (config.params['sim-register'] === 'fail') {
          this.setState(gw, 'FAILED', 403, 'Forbidden');
          gw.status = 'DOWN';
          this.setState(gw, 'FAIL_WAIT');
          return;
        }
        gw.status = 'UP';
        this.setState(gw, 'REGISTER', 200, 'OK');
        this.setState(gw, 'REGED');
      }),
    );
  }

  private setState(gw: Gateway, state: GatewayRegState, status?: number, phrase?: string): void {
    if (!this.gateways.has(gw.name)) return;
    gw.state = state;
    const event = this.core.bus.create('CUSTOM', { file: 'sofia_reg.c', func: 'sofia_reg_fire_custom_gateway_state_event', line: 171 }, 'sofia::gateway_state');
    event.add('Gateway', gw.name).add('State', state).add('Ping-Status', gw.status);
    if (phrase) event.add('Phrase', phrase);
    if (status) event.add('Status', status);
    this.core.bus.fire(event);
  }
}
