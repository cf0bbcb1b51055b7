// What a tenant's dialplan rule may name: the condition fields and the applications the switch is
// allowed to run (decision 0007). The server refuses anything else; the console offers these.
export const CONDITION_FIELDS = ['destination_number', 'caller_id_number', 'caller_id_name', 'ani', 'network_addr', 'rdnis'] as const;

/** Call routing and media only; nothing that runs commands, scripts or arbitrary applications. */
export const ALLOWED_APPLICATIONS = [
  'answer',
  'pre_answer',
  'ring_ready',
  'bridge',
  'transfer',
  'playback',
  'play_and_get_digits',
  'sleep',
  'set',
  'export',
  'unset',
  'hangup',
  'pickup',
  'callcenter',
  'log',
] as const;
export type AllowedApplication = (typeof ALLOWED_APPLICATIONS)[number];

export const MAX_EXPRESSION_LENGTH = 256;

export function isAllowedApplication(name: string): name is AllowedApplication {
  return (ALLOWED_APPLICATIONS as readonly string[]).includes(name);
}

export function checkConditionField(field: string): string | null {
  if ((CONDITION_FIELDS as readonly string[]).includes(field)) return null;
  if (/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(field)) return null;
  return `must be one of ${CONDITION_FIELDS.join(', ')} or a plain \${variable}`;
}
