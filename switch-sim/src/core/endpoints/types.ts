// What an endpoint returns when the originator asks it for a leg.
import type { HangupCause } from '../causes.ts';
import type { Channel } from '../channel.ts';

export interface LegSpec {
  /** The endpoint part of the dial string, e.g. "loopback/9196", "user/1000@acme". */
  target: string;
  /** {global} then [leg] variables, in dial-string order (for lookups). */
  vars: Array<[string, string]>;
  /** The {global} (and caller-supplied) variables alone. */
  globalVars: Array<[string, string]>;
  /** The [per-leg] variables alone. */
  legVars: Array<[string, string]>;
  cidName: string;
  cidNumber: string;
  /** Seconds before an unanswered leg is dropped, with `timeoutCause`. */
  timeoutSec: number;
  /**
   * NO_ANSWER when the originate's own timeout ends the ring; ALLOTTED_TIMEOUT when the leg's
   * `leg_timeout` does, first (switch_ivr_originate.c check_per_channel_timeouts).
   */
  timeoutCause?: HangupCause;
  /** The channel this leg is being originated for (bridge, mod_callcenter), if any. */
  caller?: Channel;
}

export type LegResult = 'answered' | HangupCause;

export interface LegStart {
  ch: Channel;
  /** Resolves when the leg answers or fails (the leg is already hung up then). */
  result: Promise<LegResult>;
}

export type StartLeg = (spec: LegSpec) => LegStart | HangupCause;

/** How FreeSWITCH lays them on the new session: the leg's own first, then the originate's. */
export function legFirst(spec: LegSpec): Array<[string, string]> {
  return [...spec.legVars, ...spec.globalVars];
}

export function getVar(vars: Array<[string, string]>, name: string): string | undefined {
  for (let i = vars.length - 1; i >= 0; i--) if (vars[i]![0] === name) return vars[i]![1];
  return undefined;
}
