// What the server lets a rule say: its own allowlists (pure code shared with the console, one
// source), plus what the console adds to help write a rule.
import {
  ALLOWED_APPLICATIONS,
  CONDITION_FIELDS,
  MAX_EXPRESSION_LENGTH,
  checkConditionField,
  isAllowedApplication,
  type AllowedApplication,
} from '@callcenter/rules/dialplan-allowlists';
import { MAX_DATA_LENGTH } from '@callcenter/rules/safe-data';

export {
  ALLOWED_APPLICATIONS,
  CONDITION_FIELDS,
  MAX_DATA_LENGTH,
  MAX_EXPRESSION_LENGTH,
  isAllowedApplication,
  type AllowedApplication,
};
export type ConditionFieldName = (typeof CONDITION_FIELDS)[number];

/** Shapes of data the server accepts, shown as placeholders; they are syntax, not prose. */
export const DATA_EXAMPLES: Record<AllowedApplication, string> = {
  answer: '',
  pre_answer: '',
  ring_ready: '',
  bridge: 'user/1001@${domain_name}',
  transfer: '1001',
  playback: 'ivr/ivr-welcome.wav',
  play_and_get_digits: '1 1 3 5000 # file.wav silence_stream://250 choice ^[12]$',
  sleep: '500',
  set: 'call_timeout=30',
  export: 'nolocal:hangup_after_bridge=true',
  unset: 'call_timeout',
  hangup: 'NORMAL_CLEARING',
  pickup: '${callgroup}@${domain_name}',
  callcenter: 'q-<queue id>',
  log: 'INFO ${caller_id_number}',
};

/** The condition field as the form edits it: one of the fixed fields, or a `${variable}`. */
export type ConditionField = { kind: 'fixed'; name: ConditionFieldName } | { kind: 'variable'; name: string };

export function parseConditionField(field: string): ConditionField {
  if ((CONDITION_FIELDS as readonly string[]).includes(field))
    return { kind: 'fixed', name: field as ConditionFieldName };
  // The server accepts only a fixed field or a plain `${name}`; anything else is not stored by
  // it, so show it as typed and nothing is silently lost.
  return { kind: 'variable', name: checkConditionField(field) === null ? field.slice(2, -1) : field };
}

export function formatConditionField(field: ConditionField): string {
  return field.kind === 'fixed' ? field.name : `\${${field.name.trim()}}`;
}
