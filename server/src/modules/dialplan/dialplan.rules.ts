// Pure safety checks for dialplan text written by tenants (rules, IVR greetings). The switch
// runs whatever the XML says, so anything that could run a command, execute an application we
// did not allow, or reach another tenant is refused here. Rationale: docs/decisions/0007.
import type { ErrorDetail } from '../../platform/http/errors.ts';
import { CONTROL, XML_REFERENCE, checkSafeData } from './safe-data.ts';
import { checkApplicationData, type TenantScope } from './dialplan.targets.ts';
import {
  ALLOWED_APPLICATIONS,
  CONDITION_FIELDS,
  MAX_EXPRESSION_LENGTH,
  checkConditionField,
  isAllowedApplication,
  type AllowedApplication,
} from '@callcenter/rules/dialplan-allowlists';

export { ALLOWED_APPLICATIONS, CONDITION_FIELDS, MAX_EXPRESSION_LENGTH, checkConditionField, isAllowedApplication, type AllowedApplication };

export type { TenantScope } from './dialplan.targets.ts';

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
