// Pure safety checks for dialplan text written by tenants (rules, IVR greetings). The switch
// runs whatever the XML says, so anything that could run a command, execute an application we
// did not allow, or reach another tenant is refused here. Rationale: docs/decisions/0007.
import type { ErrorDetail } from '../../platform/http/errors.ts';
import { CONTROL, XML_REFERENCE, checkSafeData } from './safe-data.ts';
import { checkApplicationData, type TenantScope } from './dialplan.targets.ts';

export type { TenantScope } from './dialplan.targets.ts';

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

export function checkConditionExpression(expression: string): string | null {
  if (expression.length === 0) return 'must not be empty';
  if (expression.length > MAX_EXPRESSION_LENGTH) return `must be at most ${MAX_EXPRESSION_LENGTH} characters`;
  if (CONTROL.test(expression)) return 'must not contain control characters or line breaks';
  if (expression.includes('${')) return 'must not contain ${…}';
  if (XML_REFERENCE.test(expression)) return 'must not contain XML character or entity references (&#…, &name;)';
  try {
    new RegExp(expression);
  } catch {
    return 'is not a valid regular expression';
  }
  return null;
}

export interface RuleInput {
  conditionField: string;
  conditionExpression: string;
  actions: { application: string; data: string }[];
  antiActions: { application: string; data: string }[];
}

export function checkAction(action: { application: string; data: string }, scope: TenantScope): { field: 'application' | 'data'; message: string } | null {
  if (!isAllowedApplication(action.application)) {
    return { field: 'application', message: `${action.application} is not an allowed application (allowed: ${ALLOWED_APPLICATIONS.join(', ')})` };
  }
  const problem = checkSafeData(action.data, { regexAnchors: action.application === 'play_and_get_digits' }) ?? checkApplicationData(action.application, action.data, scope);
  return problem ? { field: 'data', message: problem } : null;
}

/** Every violation of a rule (or of the fields a patch sends), each named by its path, e.g. `actions.2.application`. */
export function validateRule(rule: Partial<RuleInput>, scope: TenantScope): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const field = rule.conditionField === undefined ? null : checkConditionField(rule.conditionField);
  if (field) details.push({ path: 'conditionField', message: field });
  const expression = rule.conditionExpression === undefined ? null : checkConditionExpression(rule.conditionExpression);
  if (expression) details.push({ path: 'conditionExpression', message: expression });
  for (const list of ['actions', 'antiActions'] as const) {
    (rule[list] ?? []).forEach((action, index) => {
      const problem = checkAction(action, scope);
      if (problem) details.push({ path: `${list}.${index}.${problem.field}`, message: problem.message });
    });
  }
  return details;
}
