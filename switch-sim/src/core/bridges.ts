// Bridging two answered legs (bridge application, uuid_bridge, mod_callcenter) and breaking the
// bridge: variables, Other-Leg data and CHANNEL_BRIDGE/UNBRIDGE on the bridging leg, with
// Bridge-A/B-Unique-ID before the channel data (src/switch_ivr_bridge.c).
import type { BridgeLink, Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { ORIGIN } from './lifecycle.ts';

export class Bridges {
  constructor(private readonly core: SwitchCore) {}

  /**
   * `varsAfterEvent`: uuid_bridge announces the bridge before the bridging thread sets the
   * last_bridge_to/bridge_* variables (mod_callcenter); the bridge application sets them first.
   */
  bridge(a: Channel, b: Channel, onEnd?: () => void, varsAfterEvent = false): BridgeLink {
    const now = this.core.clock.nowMicros();
    const link: BridgeLink = { a, b, startedMicros: now, onEnd };
    const setVars = (): void => {
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        self.vars.set('last_bridge_to', other.uuid);
        self.vars.set('bridge_channel', other.name);
        self.vars.set('bridge_uuid', other.uuid);
        self.vars.set('signal_bond', other.uuid);
      }
    };
    for (const self of [a, b]) {
      self.bridge = link;
      if (self.profile) self.profile.times.bridged = now;
    }
    if (!varsAfterEvent) setVars();
    b.vars.set('call_uuid', a.vars.get('call_uuid') ?? a.uuid);
    a.columns.callUuid = a.uuid;
    b.columns.callUuid = a.uuid;
    this.relayIdentity(a, b);
    if (!a.other) a.setOther('originatee', b);
    if (!b.other) b.setOther('originator', a);
    this.core.life.fire(a, 'CHANNEL_BRIDGE', ORIGIN.bridge, {
      before: [
        ['Bridge-A-Unique-ID', a.uuid],
        ['Bridge-B-Unique-ID', b.uuid],
      ],
    });
    if (varsAfterEvent) {
      b.vars.set('bridge_to', a.uuid);
      setVars();
    }
    return link;
  }

  /**
   * The bridging leg learns who it is connected to (callee id), and a loopback relays that
   * identity to its other half as the caller id (no event on that leg).
   */
  relayIdentity(a: Channel, b: Channel): void {
    const callee = b.profile;
    if (callee && a.profile) {
      if (callee.calleeIdName) a.profile.calleeIdName = callee.calleeIdName;
      if (callee.calleeIdNumber) a.profile.calleeIdNumber = callee.calleeIdNumber;
    }
    const twinProfile = a.twin?.profile;
    if (twinProfile && callee && a.twin?.isUp) {
      if (callee.calleeIdName) twinProfile.callerIdName = callee.calleeIdName;
      if (callee.calleeIdNumber) twinProfile.callerIdNumber = callee.calleeIdNumber;
    }
  }

  unbridge(link: BridgeLink): void {
    const { a, b } = link;
    if (a.bridge !== link && b.bridge !== link) return;
    a.bridge = undefined;
    b.bridge = undefined;
    const cause = b.hangupCause ?? a.hangupCause ?? 'NORMAL_CLEARING';
    b.vars.delete('bridge_to');
    a.vars.set('last_bridge_hangup_cause', cause);
    a.vars.set('last_bridge_role', 'originator');
    a.vars.set('bridge_hangup_cause', cause);
    b.vars.set('bridge_hangup_cause', cause);
    b.vars.set('call_uuid', b.vars.get('call_uuid') ?? b.uuid);
    this.core.life.fire(a, 'CHANNEL_UNBRIDGE', ORIGIN.unbridge, {
      before: [
        ['Bridge-A-Unique-ID', a.uuid],
        ['Bridge-B-Unique-ID', b.uuid],
      ],
    });
    link.onEnd?.();
  }
}
