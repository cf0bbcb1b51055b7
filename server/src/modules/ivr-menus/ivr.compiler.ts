// Pure: an IVR menu → the dialplan of its own context. `ivr_entry` answers, plays the prompt (or
// a short tone when none is uploaded), collects one digit, and jumps to `ivr_option_<digit>`,
// which transfers to the target extension in the tenant's default context. Three wrong or
// missing answers end at `ivr_invalid`. Layout positions never reach the XML.
import { switchContextName } from '../../platform/switch/naming.ts';
import { compileContext, type CompilableRule } from '../dialplan/dialplan.compiler.ts';

export const IVR_ENTRY = 'ivr_entry';
const NO_PROMPT = 'tone_stream://%(300,200,440)';
const INVALID_TONE = 'tone_stream://%(200,100,480,620)';
const DIGIT_VARIABLE = 'ivr_digit';

export interface IvrCompileInput {
  tenantCode: string;
  context: string;
  greeting: string;
  /** Where the switch finds the uploaded prompt (promptSoundPath), or null when there is none. */
  promptPath: string | null;
  options: { digit: string; targetExtension: string }[];
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

export function ivrRules(input: IvrCompileInput): CompilableRule[] {
  const self = switchContextName(input.tenantCode, input.context);
  const target = switchContextName(input.tenantCode, 'default');
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
  // One digit, 3 tries of 5 s; no terminator, so * and # can be options.
  const collect = `1 1 3 5000 none ${prompt} ${INVALID_TONE} ${DIGIT_VARIABLE} ^[${digits.join('')}]$ 5000 ivr_invalid XML ${self}`;
  entry.push(
    { application: 'play_and_get_digits', data: collect },
    { application: 'transfer', data: `ivr_option_\${${DIGIT_VARIABLE}} XML ${self}` },
  );
  return [
    step(IVR_ENTRY, `^${IVR_ENTRY}$`, entry, 0),
    ...input.options.map((option, index) =>
      step(`ivr_option_${option.digit}`, `^ivr_option_${escapeDigit(option.digit)}$`, [{ application: 'transfer', data: `${option.targetExtension} XML ${target}` }], index + 1),
    ),
    step('ivr_invalid', '^ivr_invalid$', [
      { application: 'playback', data: INVALID_TONE },
      { application: 'hangup', data: 'NORMAL_CLEARING' },
    ], input.options.length + 1),
  ];
}

export function compileIvrMenu(input: IvrCompileInput): string {
  return compileContext(switchContextName(input.tenantCode, input.context), ivrRules(input));
}
