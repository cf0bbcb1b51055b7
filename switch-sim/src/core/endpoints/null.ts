// mod_loopback's null endpoint: "null/<dest>", one outbound channel that answers by itself
// after null_auto_answer_delay ms (06_callcenter_plain uses it as the agent contact).
import { L16 } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { openLocalLeg } from './dptools-leg.ts';
import { legResult } from './loopback.ts';
import { getVar, type LegSpec, type LegStart } from './types.ts';
import { runOutcome } from './outcome-runner.ts';

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
  const delay = Number(getVar(spec.vars, 'null_auto_answer_delay') ?? 0);
  runOutcome(core, ch, spec, { kind: 'ANSWER', ringMs: Number.isFinite(delay) ? delay : 0, talkMs: undefined, failCause: 'NORMAL_TEMPORARY_FAILURE' }, {
    ring: () => undefined,
    answer: () => {
      life.markAnswered(ch);
      ch.vars.set('endpoint_disposition', 'ANSWER');
    },
  });
  return { ch, result };
}
