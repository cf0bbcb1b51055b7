// Pure: dialplan rules of one context → the FreeSWITCH XML of that context. Written by the
// switch XML writer (every value escaped, never concatenated), checked for well-formedness.
import type { DialplanAction } from '../../platform/db/schema.ts';
import { parseQueueName } from '../../platform/switch/naming.ts';
import { queueEntryActions } from '../../platform/switch/queue-entry.ts';
import { SwitchXmlElement } from '../../platform/switch/switch-xml-writer.ts';

export interface CompilableRule {
  name: string;
  conditionField: string;
  conditionExpression: string;
  actions: DialplanAction[];
  antiActions: DialplanAction[];
  continue: boolean;
  sortOrder: number;
  enabled: boolean;
}

/**
 * A rule's name is a label (any text); the switch only logs the extension name, but what it reads
 * must never carry anything it could expand or decode. Letters (any script), digits and _ . - * # +
 * stay (seeded names such as internal-extensions and the IVR's ivr_option_* are unchanged); any other
 * run of characters becomes one '_'.
 */
export const switchExtensionName = (name: string) => name.replace(/[^\p{L}\p{N}_.\-*#+]+/gu, '_') || 'rule';

/**
 * The actions as the switch runs them: a `callcenter q-<queue id>` becomes the platform's queue
 * entry (call id, queue, the variables the agent leg inherits, stereo recording, then callcenter),
 * so a caller entering a queue from a tenant's rule or an IVR carries the same as one from a DID.
 */
export function switchActions(actions: readonly DialplanAction[]): DialplanAction[] {
  return actions.flatMap((action) => {
    const queueId = action.application === 'callcenter' ? parseQueueName(action.data.trim()) : null;
    return queueId ? queueEntryActions(queueId) : [action];
  });
}

export function compileContext(switchContext: string, rules: CompilableRule[]): string {
  const root = new SwitchXmlElement('include');
  const context = root.ele('context', { name: switchContext });
  const ordered = rules.filter((rule) => rule.enabled).sort((a, b) => a.sortOrder - b.sortOrder);
  for (const rule of ordered) {
    const extension = context.ele('extension', { name: switchExtensionName(rule.name), continue: String(rule.continue) });
    const condition = extension.ele('condition', { field: rule.conditionField, expression: rule.conditionExpression });
    for (const action of switchActions(rule.actions)) condition.ele('action', { application: action.application, data: action.data });
    for (const action of switchActions(rule.antiActions)) condition.ele('anti-action', { application: action.application, data: action.data });
  }
  return root.end();
}

/**
 * The two rules every tenant starts with: dialing another extension (ringing the callee's pickup
 * group too, so a colleague can answer it with *8) and the *8 group pickup itself.
 */
export function defaultDialplanRules(): CompilableRule[] {
  return [
    {
      name: 'internal-extensions',
      conditionField: 'destination_number',
      conditionExpression: '^(\\d{2,6})$',
      actions: [
        { application: 'set', data: 'dialed_extension=$1' },
        { application: 'export', data: 'dialed_extension=$1' },
        { application: 'set', data: 'call_timeout=30' },
        { application: 'set', data: 'hangup_after_bridge=true' },
        { application: 'set', data: 'continue_on_fail=true' },
        {
          application: 'bridge',
          data: 'user/$1@${domain_name},pickup/${user_data($1@${domain_name} var callgroup)}@${domain_name}',
        },
        { application: 'hangup', data: 'NO_ANSWER' },
      ],
      antiActions: [],
      continue: false,
      sortOrder: 10,
      enabled: true,
    },
    {
      name: 'group-pickup',
      conditionField: 'destination_number',
      conditionExpression: '^\\*8$',
      actions: [
        { application: 'answer', data: '' },
        { application: 'pickup', data: '${callgroup}@${domain_name}' },
      ],
      antiActions: [],
      continue: false,
      sortOrder: 20,
      enabled: true,
    },
  ];
}
