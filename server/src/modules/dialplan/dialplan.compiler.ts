// Pure: dialplan rules of one context → the FreeSWITCH XML of that context. Written by the
// switch XML writer (every value escaped, never concatenated), checked for well-formedness.
import { XMLParser } from 'fast-xml-parser';
import { EXTENSION_DIAL_EXPRESSION } from '@callcenter/rules/extension-number';
import type { DialplanAction } from '../../platform/db/schema.ts';
import { parseQueueName } from '../../platform/switch/naming.ts';
import { queueEntryActions, queueEntryForms } from '../../platform/switch/queue-entry.ts';
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

/** One element of a parsed switch file, in document order (fast-xml-parser's preserveOrder form). */
type OrderedNode = Record<string, OrderedNode[]> & { ':@'?: Record<string, string> };

const storedXmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Our writer's character references (&#36; &#9; …) read back as the characters they stand for.
  htmlEntities: true,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  trimValues: true,
});

/**
 * A stored version's XML (any compiler's output, old or new) as the current compiler writes it
 * (decision 0041): the version's rules are what the file says, and every queue entry in it, a bare
 * `callcenter q-<id>` of a version compiled before the queue entry existed or an earlier form of the
 * entry, becomes today's queue entry. Idempotent: the current compiler's output comes back unchanged.
 * The switch only ever gets this, so re-activating an old version (a rollback) runs today's entry.
 */
export function recompileContextXml(xml: string): string {
  const write = (node: OrderedNode, parent: SwitchXmlElement | null): SwitchXmlElement => {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text')
      throw new Error('A stored dialplan carries text where the switch reads none');
    const attributes = withCurrentExtensionPattern(name, node[':@'] ?? {});
    const element = parent ? parent.ele(name, attributes) : new SwitchXmlElement(name, attributes);
    const children = name === 'condition' ? withCurrentQueueEntries(node[name]!) : node[name]!;
    for (const child of children) write(child, element);
    return element;
  };
  const roots = storedXmlParser.parse(xml) as OrderedNode[];
  if (roots.length !== 1) throw new Error('A stored dialplan has one root element');
  return write(roots[0]!, null).end();
}

/** The starting rule's pattern before extensions had the shared 2-to-8-digit rule (issue 19). */
const OLD_EXTENSION_EXPRESSION = '^(\\d{2,6})$';

/**
 * A condition matching the old extension pattern dials today's: a version generated before it
 * would leave 7- and 8-digit extensions registered but unreachable (NO_ROUTE_DESTINATION).
 */
function withCurrentExtensionPattern(
  name: string,
  attributes: Record<string, string>,
): Record<string, string> {
  if (
    name !== 'condition' ||
    attributes.field !== 'destination_number' ||
    attributes.expression !== OLD_EXTENSION_EXPRESSION
  )
    return attributes;
  return { ...attributes, expression: EXTENSION_DIAL_EXPRESSION };
}

/** A condition's children with each queue entry (and whatever entry actions precede it) rewritten as today's. */
function withCurrentQueueEntries(children: OrderedNode[]): OrderedNode[] {
  const out: OrderedNode[] = [];
  for (const child of children) {
    const tag = 'action' in child ? 'action' : 'anti-action' in child ? 'anti-action' : null;
    const attributes = child[':@'] ?? {};
    const queueId =
      tag && attributes.application === 'callcenter' ? parseQueueName((attributes.data ?? '').trim()) : null;
    if (!tag || !queueId) {
      out.push(child);
      continue;
    }
    // An entry written before, in today's form or an earlier one, is the `set`s just before its
    // callcenter; a bare callcenter (the first form) has none.
    const actionOf = (node: OrderedNode) =>
      tag in node ? { application: node[':@']?.application ?? '', data: node[':@']?.data ?? '' } : null;
    const form = queueEntryForms(queueId).find(
      (sets) =>
        sets.length > 0 &&
        sets.length <= out.length &&
        sets.every((set, i) => {
          const action = actionOf(out[out.length - sets.length + i]!);
          return action?.application === set.application && action.data === set.data;
        }),
    );
    if (form) out.splice(out.length - form.length);
    for (const action of queueEntryActions(queueId))
      out.push({ [tag]: [], ':@': { application: action.application, data: action.data } } as OrderedNode);
  }
  return out;
}

export function compileContext(switchContext: string, rules: CompilableRule[]): string {
  const root = new SwitchXmlElement('include');
  const context = root.ele('context', { name: switchContext });
  const ordered = rules.filter((rule) => rule.enabled).sort((a, b) => a.sortOrder - b.sortOrder);
  for (const rule of ordered) {
    const extension = context.ele('extension', {
      name: switchExtensionName(rule.name),
      continue: String(rule.continue),
    });
    const condition = extension.ele('condition', {
      field: rule.conditionField,
      expression: rule.conditionExpression,
    });
    for (const action of switchActions(rule.actions))
      condition.ele('action', { application: action.application, data: action.data });
    for (const action of switchActions(rule.antiActions))
      condition.ele('anti-action', { application: action.application, data: action.data });
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
      conditionExpression: EXTENSION_DIAL_EXPRESSION,
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
