// mod_dptools' pickup endpoint: "pickup/<key>" (pickup_outgoing_channel) is a leg that rings, never
// answers by itself, and waits in the key's list for the `pickup <key>` application. That
// application (pickup_function) marks the oldest such leg answered with CF_CHANNEL_SWAP and
// channel_swap_uuid = the picker: the originate picks it as the winner (the other legs of the dial
// string end with LOSE_RACE, so the callee's phone stops ringing), then bridges the picker in its
// place and the pickup leg ends with PICKED_OFF.
import type { Channel } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { openLocalLeg } from './dptools-leg.ts';
import { legResult } from './loopback.ts';
import { type LegSpec, type LegStart } from './types.ts';

export function startPickup(core: SwitchCore, spec: LegSpec): LegStart {
  const key = spec.target.slice('pickup/'.length);
  const ch = openLocalLeg(core, spec, { endpoint: 'pickup', destination: key, source: 'mod_dptools', vars: { pickup_key: key } });
  core.life.setCallState(ch, 'RINGING');
  const result = legResult(ch);
  const timer = spec.timeoutSec > 0 ? core.clock.after(spec.timeoutSec * 1000, () => ch.isUp && !ch.answered && core.hangup(ch, spec.timeoutCause ?? 'NO_ANSWER')) : undefined;
  ch.hangupWaiters.push(() => timer?.cancel());
  return { ch, result };
}

/** The leg a `pickup <key>` takes: the oldest pickup leg of that key still ringing. */
export function waitingPickupLeg(core: SwitchCore, key: string, picker: Channel): Channel | undefined {
  return [...core.channels.values()].find((c) => c !== picker && c.isUp && !c.answered && c.direction === 'outbound' && c.vars.get('pickup_key') === key);
}
