// Hanging up a channel and the channels that go down with it (its loopback twin and bridge
// partners), in the order FreeSWITCH's threads produce in the captures (08_sip_callcenter_ALL:
// killed leg's HANGUP, the far bridged leg torn down, the killed leg's states, its twin...).
import { setTimestamps } from './cdr.ts';
import type { HangupCause } from './causes.ts';
import { STATE_NUMBERS, type Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { ORIGIN } from './lifecycle.ts';

export class HangupEngine {
  constructor(private readonly core: SwitchCore) {}

  /**
   * `deferred`: only CHANNEL_HANGUP is fired now and the session's own thread does the rest a
   * moment later, as for uuid_kill / hupall (the api answers in between).
   */
  hangup(root: Channel, cause: HangupCause, deferred = false): void {
    if (!root.isUp) return;
    if (deferred) {
      root.hangingUp = true;
      this.announce(root, cause);
      setImmediate(() => this.cascade(root, cause, true));
      return;
    }
    this.cascade(root, cause, false);
  }

  private cascade(root: Channel, cause: HangupCause, announced: boolean): void {
    if (root.destroyed) return;
    const twin = root.twin?.isUp ? root.twin : undefined;
    const involved = new Set<Channel>([root]);
    if (twin) involved.add(twin);
    const far: Channel[] = [];
    const farCause = new Map<Channel, HangupCause>();
    // Legs released by the bridge's end before they hang up themselves (releasesA), with their twins.
    const released: Channel[] = [];
    for (const ch of [root, twin]) {
      const partner = ch?.partner();
      if (!partner || !partner.isUp || involved.has(partner)) continue;
      if (this.survives(partner)) continue;
      involved.add(partner);
      if (partner.bridge?.releasesA && partner.bridge.a === partner) released.push(partner);
      else {
        far.push(partner);
        farCause.set(partner, 'NORMAL_CLEARING');
      }
      const partnerTwin = partner.twin;
      if (partnerTwin?.isUp && !involved.has(partnerTwin)) {
        involved.add(partnerTwin);
        if (released.includes(partner)) released.push(partnerTwin);
        else {
          far.push(partnerTwin);
          farCause.set(partnerTwin, 'NORMAL_CLEARING');
        }
      }
    }
    for (const ch of involved) ch.hangingUp = true;

    if (!announced) this.announce(root, cause);
    for (const ch of far) {
      this.announce(ch, farCause.get(ch) ?? 'NORMAL_CLEARING');
      this.unwind(ch);
      this.report(ch);
    }
    // The released leg hears of the bridge's end still answered (CHANNEL_UNBRIDGE), goes back to
    // CS_EXECUTE, and hangs up NORMAL_CLEARING: its HANGUP_COMPLETE comes before the root's.
    for (const ch of released) {
      if (!ch.bridge) continue;
      this.core.bridges.unbridge(ch.bridge);
      this.core.life.setState(ch, 'CS_EXECUTE');
    }
    this.unwind(root);
    for (const ch of released) {
      this.announce(ch, 'NORMAL_CLEARING');
      this.unwind(ch);
      this.report(ch);
    }
    if (twin) this.announce(twin, cause);
    this.report(root);
    if (twin) {
      this.unwind(twin);
      this.report(twin);
    }
    for (const ch of involved) ch.stateNumber = STATE_NUMBERS.CS_DESTROY;
    // A loopback root is freed at once (08_sip_callcenter_ALL); a SIP session lives on while
    // mod_callcenter's threads hold it, so their end events still show it in CS_REPORTING (real 1.10.12).
    if (root.endpoint === 'loopback') this.destroy(root);
    this.core.afterHangup([...involved]);
    if (root.endpoint !== 'loopback') this.destroy(root);
    if (twin) this.destroy(twin);
    for (const ch of [...far, ...released]) this.destroy(ch);
  }

  /** A leg running the `bridge` application outlives its partner: its dialplan continues. */
  private survives(ch: Channel): boolean {
    return ch.app?.name === 'bridge' && ch.bridge?.a === ch;
  }

  private announce(ch: Channel, cause: HangupCause): void {
    this.core.life.markHangup(ch, cause);
    this.core.life.fire(ch, 'CHANNEL_HANGUP', ORIGIN.hangup);
  }

  /** Applications unwind, the bridge breaks, the state machine reaches CS_HANGUP. */
  private unwind(ch: Channel): void {
    const life = this.core.life;
    const bridge = ch.bridge;
    // The bridging leg reports the unbridge itself when it goes down too (after its HANGUP).
    if (bridge && (bridge.a === ch || !bridge.a.hangingUp)) this.core.bridges.unbridge(bridge);
    if (ch.parked) {
      ch.parked = false;
      life.fire(ch, 'CHANNEL_UNPARK', ORIGIN.unpark);
    }
    const app = ch.app;
    if (app) {
      ch.app = undefined;
      app.stop?.();
      life.fire(ch, 'CHANNEL_EXECUTE_COMPLETE', ORIGIN.execComplete, {
        after: [
          ['Application', app.name],
          ['Application-Data', app.data || undefined],
          ['Application-Response', '_none_'],
          ['Application-UUID', app.uuid],
        ],
      });
    }
    life.setState(ch, 'CS_HANGUP');
    life.setCallState(ch, 'HANGUP');
    this.core.onHangupState(ch);
  }

  private report(ch: Channel): void {
    const life = this.core.life;
    life.setState(ch, 'CS_REPORTING');
    life.setHangupVars(ch);
    setTimestamps(ch);
    this.core.endpointHangupVars(ch);
    life.fire(ch, 'CHANNEL_HANGUP_COMPLETE', ORIGIN.hangupComplete, { before: [['Hangup-Cause', ch.hangupCause]] });
  }

  private destroy(ch: Channel): void {
    const life = this.core.life;
    ch.stateNumber = STATE_NUMBERS.CS_DESTROY;
    life.fire(ch, 'CHANNEL_DESTROY', ORIGIN.destroy);
    ch.destroyed = true;
    life.setState(ch, 'CS_DESTROY');
    this.core.removeChannel(ch);
    for (const resolve of ch.hangupWaiters.splice(0)) resolve();
  }
}
