// switch_ivr_originate and the `originate` api: dial-string legs are started (simultaneous
// within a group, groups one after another), the first to answer wins (the others are dropped
// with LOSE_RACE), and the api then runs the target (&app(args) or extension [dialplan context]).
import type { Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { isCause, type HangupCause } from './causes.ts';
import { parseDialString, separateArgs } from './dialstring.ts';
import { startLoopback } from './endpoints/loopback.ts';
import { startNull } from './endpoints/null.ts';
import { startPickup } from './endpoints/pickup.ts';
import { startSofia } from './endpoints/sofia-out.ts';
import { getVar, type LegResult, type LegSpec, type LegStart } from './endpoints/types.ts';

export interface OriginateRequest {
  dialString: string;
  cidName?: string;
  cidNumber?: string;
  timeoutSec?: number;
  /** Variables set before the dial string's own (mod_callcenter, bridge). */
  baseVars?: Array<[string, string]>;
  caller?: Channel;
}

export type OriginateResult = { ok: true; ch: Channel } | { ok: false; cause: HangupCause };

export class Originator {
  constructor(private readonly core: SwitchCore) {}

  startLeg(spec: LegSpec): LegStart | HangupCause {
    const t = spec.target;
    if (t.startsWith('loopback/')) return startLoopback(this.core, spec);
    if (t.startsWith('null/')) return startNull(this.core, spec);
    if (t.startsWith('pickup/')) return startPickup(this.core, spec);
    if (t.startsWith('user/') || t.startsWith('sofia/')) return startSofia(this.core, spec);
    if (t.startsWith('error/')) {
      const cause = t.slice(6).toUpperCase();
      return isCause(cause) ? cause : 'DESTINATION_OUT_OF_ORDER';
    }
    return 'CHAN_NOT_IMPLEMENTED';
  }

  async originate(req: OriginateRequest): Promise<OriginateResult> {
    const dial = parseDialString(req.dialString);
    const base = [...(req.baseVars ?? []), ...dial.globalVars];
    let lastCause: HangupCause = 'NORMAL_TEMPORARY_FAILURE';
    for (const group of dial.groups) {
      const starts: LegStart[] = [];
      for (const leg of group) {
        const vars = [...base, ...leg.vars];
        const cidName = getVar(vars, 'origination_caller_id_name') ?? req.cidName ?? '';
        const cidNumber = getVar(vars, 'origination_caller_id_number') ?? req.cidNumber ?? '0000000000';
        const { timeoutSec, timeoutCause } = ringTimeout(vars, req.timeoutSec);
        const started = this.startLeg({ target: leg.target, vars, globalVars: base, legVars: leg.vars, cidName, cidNumber, timeoutSec, timeoutCause, caller: req.caller });
        if (typeof started === 'string') {
          lastCause = started;
        } else {
          started.ch.caller = req.caller;
          // switch_ivr_originate: these replace the "Outbound Call" / destination callee id, which
          // is what the leg shows as its caller id once it flips (switch_channel_sort_cid).
          const p = started.ch.profile;
          const calleeName = started.ch.vars.get('origination_callee_id_name');
          const calleeNumber = started.ch.vars.get('origination_callee_id_number');
          if (p && calleeName !== undefined) p.calleeIdName = calleeName;
          if (p && calleeNumber !== undefined) p.calleeIdNumber = calleeNumber;
          starts.push(started);
        }
      }
      if (starts.length === 0) continue;
      const winner = await this.race(starts);
      if (winner) return { ok: true, ch: winner };
      lastCause = (starts[starts.length - 1]!.ch.hangupCause as HangupCause | undefined) ?? lastCause;
    }
    return { ok: false, cause: lastCause };
  }

  /** First leg to answer wins; the rest are cancelled (LOSE_RACE). */
  private async race(starts: LegStart[]): Promise<Channel | undefined> {
    const pending = new Set(starts);
    while (pending.size > 0) {
      const [start, result] = await Promise.race([...pending].map((s) => s.result.then((r): [LegStart, LegResult] => [s, r])));
      pending.delete(start);
      if (result === 'answered' && start.ch.isUp) {
        for (const other of pending) if (other.ch.isUp) this.core.hangup(other.ch, 'LOSE_RACE');
        return start.ch;
      }
    }
    return undefined;
  }

  /** The `originate` api: `originate <dialstring> <&app(args)|exten> [dialplan] [context] [cid_name] [cid_num] [timeout]`. */
  async api(args: string): Promise<string> {
    // originate_function: argv[10], more than 7 arguments is a usage error too.
    const argv = separateArgs(args, 10);
    if (argv.length < 2 || argv.length > 7) return '-USAGE: <call url> <exten>|&<application_name>(<app_args>) [<dialplan>] [<context>] [<cid_name>] [<cid_num>] [<timeout_sec>]\n';
    const [dialString = '', target = '', dialplan, context, cidName, cidNumber, timeout] = argv;
    const result = await this.originate({
      dialString,
      cidName: cidName?.toLowerCase() === 'undef' ? undefined : cidName,
      cidNumber: cidNumber?.toLowerCase() === 'undef' ? undefined : cidNumber,
      timeoutSec: timeout ? Number(timeout) : undefined,
    });
    if (!result.ok) return `-ERR ${result.cause}\n`;
    const ch = result.ch;
    if (!ch.vars.has('endpoint_disposition')) ch.vars.set('endpoint_disposition', 'ANSWER');
    this.core.life.flipCid(ch);
    // The api answers first; the originated leg then runs its target on its own thread.
    setImmediate(() => void this.runTarget(ch, target, dialplan, context));
    return `+OK ${ch.uuid}\n`;
  }

  private async runTarget(ch: Channel, target: string, dialplan?: string, context?: string): Promise<void> {
    if (target.startsWith('&')) {
      const app = /^&([^(\s]+)(?:\((.*)\))?\s*(.*)$/s.exec(target);
      const name = app?.[1] ?? 'park';
      const data = app?.[2] ?? app?.[3] ?? '';
      this.core.life.setState(ch, 'CS_EXECUTE');
      ch.vars.set('call_uuid', ch.vars.get('call_uuid') ?? ch.uuid);
      await this.core.apps.run(ch, [{ application: name, data }]);
      return;
    }
    const p = ch.profile;
    if (p) {
      p.destinationNumber = target;
      p.dialplan = dialplan ?? 'XML';
      p.context = context ?? 'default';
    }
    await this.core.apps.route(ch, context ?? 'default');
  }
}

/**
 * How long a leg rings and how it ends if nobody answers. The originate's timeout (originate_timeout,
 * or the caller's) ends the whole originate with NO_ANSWER; a positive `leg_timeout` (atoi, as
 * FreeSWITCH reads it) that runs out first hangs the leg up with ALLOTTED_TIMEOUT, and that is the
 * originate's cause then (switch_ivr_originate.c: check_per_channel_timeouts, then the peer's cause).
 */
export function ringTimeout(vars: Array<[string, string]>, callerTimeoutSec: number | undefined): { timeoutSec: number; timeoutCause: HangupCause } {
  const overallRaw = Number(getVar(vars, 'originate_timeout') ?? callerTimeoutSec ?? 60);
  const overall = Number.isFinite(overallRaw) && overallRaw > 0 ? overallRaw : 60;
  const leg = Number.parseInt(getVar(vars, 'leg_timeout') ?? '', 10);
  if (leg > 0 && leg <= overall) return { timeoutSec: leg, timeoutCause: 'ALLOTTED_TIMEOUT' };
  return { timeoutSec: overall, timeoutCause: 'NO_ANSWER' };
}
