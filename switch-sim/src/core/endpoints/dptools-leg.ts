// The start the endpoints without a network side share (mod_loopback's null/, mod_dptools'
// pickup/): one outbound channel taken from CS_NEW to CS_CONSUME_MEDIA with the events the real
// modules fire, in their order. What differs (codecs, own variables, how it answers) is the caller's.
import type { Channel, Codec, Endpoint } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { ORIGIN } from '../lifecycle.ts';
import { applyOriginationUuid, outboundBaseVars } from './loopback.ts';
import { legFirst, type LegSpec } from './types.ts';

export interface LocalLeg {
  /** `<endpoint>/<destination>`, the channel name. */
  endpoint: Extract<Endpoint, 'null' | 'pickup'>;
  destination: string;
  /** The module the caller profile names as its source (mod_loopback, mod_dptools). */
  source: string;
  codec?: Codec;
  /** Set after the leg's own variables, before CHANNEL_CREATE. */
  vars: Record<string, string>;
}

export function openLocalLeg(core: SwitchCore, spec: LegSpec, leg: LocalLeg): Channel {
  const life = core.life;
  const ch = core.createChannel(`${leg.endpoint}/${leg.destination}`, 'outbound', leg.endpoint);
  outboundBaseVars(ch);
  if (leg.codec) life.setCodecs(ch, leg.codec);
  ch.stateNumber = 1;
  core.newProfile(ch, {
    callerIdName: spec.cidName,
    callerIdNumber: spec.cidNumber,
    origCallerIdName: spec.cidName,
    origCallerIdNumber: spec.cidNumber,
    calleeIdName: 'Outbound Call',
    calleeIdNumber: leg.destination,
    ani: spec.cidNumber,
    destinationNumber: leg.destination,
    source: leg.source,
    context: 'default',
  });
  applyOriginationUuid(core, ch, spec.vars);
  life.fire(ch, 'CHANNEL_OUTGOING', ORIGIN.outgoing);
  life.setState(ch, 'CS_INIT', 1);
  for (const [name, value] of legFirst(spec)) ch.vars.set(name, value);
  for (const [name, value] of Object.entries(leg.vars)) ch.vars.set(name, value);
  ch.stateNumber = 2;
  life.fire(ch, 'CHANNEL_CREATE', ORIGIN.create);
  life.fire(ch, 'CHANNEL_ORIGINATE', ORIGIN.create);
  life.setState(ch, 'CS_ROUTING');
  life.setState(ch, 'CS_CONSUME_MEDIA');
  return ch;
}
