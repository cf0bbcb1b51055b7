// mod_loopback's null endpoint: "null/<dest>", one outbound channel that answers by itself
// after null_auto_answer_delay ms (06_callcenter_plain uses it as the agent contact).
import { L16 } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { ORIGIN } from '../lifecycle.ts';
import { applyOriginationUuid, legResult, outboundBaseVars } from './loopback.ts';
import { getVar, legFirst, type LegSpec, type LegStart } from './types.ts';
import { runOutcome } from './outcome-runner.ts';

export function startNull(core: SwitchCore, spec: LegSpec): LegStart {
  const dest = spec.target.slice('null/'.length);
  const life = core.life;
  const ch = core.createChannel(`null/${dest}`, 'outbound', 'null');
  outboundBaseVars(ch);
  life.setCodecs(ch, L16);
  ch.stateNumber = 1;
  core.newProfile(ch, {
    callerIdName: spec.cidName,
    callerIdNumber: spec.cidNumber,
    origCallerIdName: spec.cidName,
    origCallerIdNumber: spec.cidNumber,
    calleeIdName: 'Outbound Call',
    calleeIdNumber: dest,
    ani: spec.cidNumber,
    destinationNumber: dest,
    source: 'mod_loopback',
    context: 'default',
  });
  applyOriginationUuid(core, ch, spec.vars);
  life.fire(ch, 'CHANNEL_OUTGOING', ORIGIN.outgoing);
  life.setState(ch, 'CS_INIT', 1);
  for (const [name, value] of legFirst(spec)) ch.vars.set(name, value);
  ch.vars.set('originate_early_media', 'true');
  ch.vars.set('originate_endpoint', 'null');
  ch.stateNumber = 2;
  life.fire(ch, 'CHANNEL_CREATE', ORIGIN.create);
  life.fire(ch, 'CHANNEL_ORIGINATE', ORIGIN.create);
  life.setState(ch, 'CS_ROUTING');
  life.setState(ch, 'CS_CONSUME_MEDIA');
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
