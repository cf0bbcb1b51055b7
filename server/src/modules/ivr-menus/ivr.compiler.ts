// Pure: an IVR menu → the dialplan of its own context. `ivr_entry` answers, plays the prompt (or
// a short tone when none is uploaded) and collects one digit with play_and_get_digits, then jumps
// to `ivr_option_<digit>`, which sends the caller to the option's target: an extension of the
// tenant's default context, a queue, another menu's entry, or a hangup. A wrong digit and no digit
// within the timeout both cost one try (that is how play_and_get_digits counts, see decision
// 0020); after `maxFailures` tries the switch itself transfers to `ivr_failure`, which sends the
// caller to the menu's failure target. Layout positions never reach the XML.
import { switchContextName, switchQueueName } from '../../platform/switch/naming.ts';
import { compileContext, type CompilableRule } from '../dialplan/dialplan.compiler.ts';

export const IVR_ENTRY = 'ivr_entry';
export const IVR_FAILURE = 'ivr_failure';
const NO_PROMPT = 'tone_stream://%(300,200,440)';
const INVALID_TONE = 'tone_stream://%(200,100,480,620)';
const DIGIT_VARIABLE = 'ivr_digit';

/** A target as the compiler needs it: an IVR target is already resolved to the menu's context. */
export type CompiledTarget =
  | { type: 'EXTENSION'; extension: string }
  | { type: 'QUEUE'; queueId: string }
  | { type: 'IVR'; context: string }
  | { type: 'HANGUP' };

export interface IvrCompileInput {
  tenantCode: string;
  context: string;
  greeting: string;
  /** Where the switch finds the uploaded prompt (promptSoundPath), or null when there is none. */
  promptPath: string | null;
  options: { digit: string; target: CompiledTarget }[];
  timeoutSeconds: number;
  maxFailures: number;
  failureTarget: CompiledTarget;
}

const escapeDigit = (digit: string) => (digit === '*' ? '\\*' : digit);

const step = (name: string, expression: string, actions: CompilableRule['actions'], sortOrder: number): CompilableRule => ({
  name,
  conditionField: 'destination_number',
  conditionExpression: expression,
  actions,
  antiActions: [],
  continue: false,
  sortOrder,
  enabled: true,
});

/**
 * The actions that send the caller to a target (the channel is already answered). A queue is the
 * `callcenter` action, which compileContext writes as the platform's queue entry (queue-entry.ts).
 */
export function targetActions(tenantCode: string, target: CompiledTarget): CompilableRule['actions'] {
  switch (target.type) {
    case 'EXTENSION':
      return [{ application: 'transfer', data: `${target.extension} XML ${switchContextName(tenantCode, 'default')}` }];
    case 'QUEUE':
      return [{ application: 'callcenter', data: switchQueueName(target.queueId) }];
    case 'IVR':
      return [{ application: 'transfer', data: `${IVR_ENTRY} XML ${switchContextName(tenantCode, target.context)}` }];
    case 'HANGUP':
      return [{ application: 'hangup', data: 'NORMAL_CLEARING' }];
  }
}

export function ivrRules(input: IvrCompileInput): CompilableRule[] {
  const self = switchContextName(input.tenantCode, input.context);
  // play_and_get_digits separates its arguments with spaces.
  if (input.promptPath !== null && /\s/.test(input.promptPath)) throw new Error('FREESWITCH_CONF_DIR must not contain spaces');
  const prompt = input.promptPath ?? NO_PROMPT;
  const digits = input.options.map((option) => option.digit);
  const entry: CompilableRule['actions'] = [
    { application: 'answer', data: '' },
    ...(input.greeting ? [{ application: 'set', data: `ivr_greeting=${input.greeting}` }] : []),
    { application: 'sleep', data: '500' },
  ];
  if (digits.length === 0) {
    entry.push({ application: 'playback', data: prompt }, { application: 'hangup', data: 'NORMAL_CLEARING' });
    return [step(IVR_ENTRY, `^${IVR_ENTRY}$`, entry, 0)];
  }
  // One digit, maxFailures tries of timeoutSeconds; no terminator, so * and # can be options.
  const timeout = input.timeoutSeconds * 1000;
  const collect = `1 1 ${input.maxFailures} ${timeout} none ${prompt} ${INVALID_TONE} ${DIGIT_VARIABLE} ^[${digits.join('')}]$ ${timeout} ${IVR_FAILURE} XML ${self}`;
  entry.push(
    { application: 'play_and_get_digits', data: collect },
    { application: 'transfer', data: `ivr_option_\${${DIGIT_VARIABLE}} XML ${self}` },
  );
  return [
    step(IVR_ENTRY, `^${IVR_ENTRY}$`, entry, 0),
    ...input.options.map((option, index) =>
      step(`ivr_option_${option.digit}`, `^ivr_option_${escapeDigit(option.digit)}$`, targetActions(input.tenantCode, option.target), index + 1),
    ),
    step(IVR_FAILURE, `^${IVR_FAILURE}$`, targetActions(input.tenantCode, input.failureTarget), input.options.length + 1),
  ];
}

export function compileIvrMenu(input: IvrCompileInput): string {
  return compileContext(switchContextName(input.tenantCode, input.context), ivrRules(input));
}
