// Pure: a call's direction (docs/calls.md) from what its legs say.
import type { CallDirection } from '../../platform/db/schema.ts';
import { parseGatewayName } from '../../platform/switch/naming.ts';

/** The context every call from the outside world enters (the DIDs' routes live there). */
export const PUBLIC_CONTEXT = 'public';

export interface DirectionSignals {
  /** Caller-Context of the main leg when it was created. */
  mainContext: string | null;
  /** The main leg's Call-Direction: outbound when the switch originated it (dialer, click-to-call). */
  mainChannelDirection: 'inbound' | 'outbound';
  /** Whether any leg of the call goes to a carrier (a trunk's gateway). */
  viaTrunk: boolean;
}

/**
 * INBOUND: the call came from outside (the main leg entered the public context).
 * OUTBOUND: the call goes outside: the switch originated its main leg (dialer), or a leg went out through a trunk.
 * INTERNAL: everything else (an extension calling an extension, a feature code, an IVR test...).
 */
export function callDirection(signals: DirectionSignals): CallDirection {
  if (signals.mainContext === PUBLIC_CONTEXT) return 'INBOUND';
  if (signals.mainChannelDirection === 'outbound' || signals.viaTrunk) return 'OUTBOUND';
  return 'INTERNAL';
}

/** The trunk of a leg that goes through one of the platform's gateways (gw-<trunk id>), else null. */
export function trunkOfLeg(headers: Record<string, string>): string | null {
  const named = headers.variable_sip_gateway_name ?? headers.variable_sip_gateway;
  if (named) return parseGatewayName(named);
  const channel = /^sofia\/gateway\/([^/]+)\//.exec(headers['Channel-Name'] ?? '');
  return channel ? parseGatewayName(channel[1]!) : null;
}
