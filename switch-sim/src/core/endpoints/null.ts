// mod_loopback's null endpoint: "null/<dest>", one outbound channel that answers by itself
// after null_auto_answer_delay ms (atoi, kept within 0–60000), unless null_enable_auto_answer is
// false (then only uuid_answer or the originate timeout end the ringing). It never hangs up by
// itself and ignores the simulator's outcome model (06_callcenter_plain uses it as an agent).
import { L16 } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { openLocalLeg } from './dptools-leg.ts';
import { legResult } from './loopback.ts';
import { getVar, type LegSpec, type LegStart } from './types.ts';
import { runOutcome } from './outcome-runner.ts';
import type { Outcome } from '../outcomes.ts';
import { switchTrue } from '../../sofia/gateway-params.ts';

export function startNull(core: SwitchCore, spec: LegSpec): LegStart {
  const dest = spec.target.slice('null/'.length);
  const life = core.life;
  const ch = openLocalLeg(core, spec, {
    endpoint: 'null',
    destination: dest,
    source: 'mod_loopback',
    codec: L16,
    vars: { originate_early_media: 'true', originate_endpoint: 'null' },
  });
  const result = legResult(ch);
  const enable = getVar(spec.vars, 'null_enable_auto_answer');
  const autoAnswer = enable === undefined || switchTrue(enable);
  const delay = Math.min(60000, Math.max(0, Number.parseInt(getVar(spec.vars, 'null_auto_answer_delay') ?? '0', 10) || 0));
  const outcome: Outcome = { kind: autoAnswer ? 'ANSWER' : 'MANUAL', ringMs: delay, talkMs: undefined, failCause: 'NORMAL_TEMPORARY_FAILURE' };
  const hooks = {
    ring: () => undefined,
    answer: () => {
      life.markAnswered(ch);
      ch.vars.set('endpoint_disposition', 'ANSWER');
    },
  };
  runOutcome(core, ch, spec, outcome, hooks, { model: false });
  return { ch, result };
}
