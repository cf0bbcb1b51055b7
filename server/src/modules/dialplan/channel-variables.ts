// Which channel variables a tenant's rule may set (set, export, a dial string's {…}/[…]) and how
// each value is judged: the switch reads some variables as a file, a folder or an identity, so a
// free value would reach another tenant's prompts, any file, or another call. Decision 0061.
import { isDangerousVariable } from './safe-data.ts';

export type VariableKind = 'refused' | 'sound' | 'free';

/**
 * Variables the switch reads as a folder (sound_prefix, *_path, *_dir), an identity or a route
 * (uuid, caller id numbers, SIP headers and credentials, user/domain, context, dialplan), a speech
 * engine (tts_*), or the call's record (process_cdr, accountcode). Names are matched without
 * regard to case: the switch looks channel variables up case-insensitively.
 */
const REFUSED: RegExp[] = [
  /prefix$/,
  /_path$/,
  /_dir$/,
  /_root$/,
  /uuid/,
  /caller_id_number$/,
  /^sip_/,
  /^(dialed_)?(user|user_name|domain|domain_name)$/,
  /^presence_id$/,
  /context/,
  /dialplan/,
  /^tts_/,
  /^process_cdr$/,
  /^cdr_/,
  /^accountcode$/,
];

/** Variables the switch plays as a sound: ringback, music on hold, announcements, *_file. */
const SOUND: RegExp[] = [/ringback/, /hold_music/, /moh/, /sound/, /_files?$/, /announce/];

export function variableKind(name: string): VariableKind {
  const lower = name.toLowerCase();
  if (isDangerousVariable(lower) || REFUSED.some((pattern) => pattern.test(lower))) return 'refused';
  return SOUND.some((pattern) => pattern.test(lower)) ? 'sound' : 'free';
}

/** A ringback's tone description without the tone_stream:// scheme: `%(2000,4000,440,480)`. */
const RINGBACK_TONE = /^%\(\d{1,5},\d{1,5}(?:,\d{1,5}){1,3}\)$/;

/**
 * The problem with setting `name` to `value`, or null. `value` is as the switch reads it, with any
 * `${…}` still in it; `checkSound` is the playback sound rule.
 */
export function checkVariableAssignment(
  name: string,
  value: string,
  checkSound: (sound: string) => string | null,
): string | null {
  const kind = variableKind(name);
  if (kind === 'refused') return `setting ${name} is not allowed`;
  if (kind === 'free' || value === '') return null;
  // A variable could expand to any path, so a sound variable takes a literal sound only.
  if (value.includes('$')) return `${name} must be a sound without variables`;
  if (RINGBACK_TONE.test(value)) return null;
  const problem = checkSound(value);
  return problem ? `${name}: ${problem}` : null;
}
