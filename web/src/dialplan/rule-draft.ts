// The rule form's state and its translation to and from the API's rule. Pure.
import type { DialplanAction, DialplanRule, DialplanRuleInput } from './dialplan.api.ts';
import { formatConditionField, parseConditionField, type ConditionField } from './dialplan-vocabulary.ts';

/** An action row; the key keeps React's rows attached to their inputs while they move. */
export interface ActionDraft extends DialplanAction {
  key: number;
}

export interface RuleDraft {
  context: string;
  name: string;
  conditionField: ConditionField;
  conditionExpression: string;
  actions: ActionDraft[];
  antiActions: ActionDraft[];
  continue: boolean;
  order: string;
  enabled: boolean;
}

let lastKey = 0;
export function actionDraft(action: DialplanAction = { application: 'answer', data: '' }): ActionDraft {
  lastKey += 1;
  return { key: lastKey, application: action.application, data: action.data };
}

/** The server's own default order for a rule created without one. */
export const DEFAULT_ORDER = 100;

export function emptyDraft(context: string): RuleDraft {
  return {
    context,
    name: '',
    conditionField: { kind: 'fixed', name: 'destination_number' },
    conditionExpression: '',
    actions: [actionDraft()],
    antiActions: [],
    continue: false,
    order: String(DEFAULT_ORDER),
    enabled: true,
  };
}

export function draftOf(rule: DialplanRule): RuleDraft {
  return {
    context: rule.context,
    name: rule.name,
    conditionField: parseConditionField(rule.conditionField),
    conditionExpression: rule.conditionExpression,
    actions: rule.actions.map((action) => actionDraft(action)),
    antiActions: rule.antiActions.map((action) => actionDraft(action)),
    continue: rule.continue,
    order: String(rule.order),
    enabled: rule.enabled,
  };
}

const plain = ({ application, data }: ActionDraft): DialplanAction => ({ application, data });

/** Text goes as typed (the server judges it), apart from surrounding spaces in names. */
export function ruleInput(draft: RuleDraft): DialplanRuleInput {
  return {
    context: draft.context.trim(),
    name: draft.name.trim(),
    conditionField: formatConditionField(draft.conditionField),
    conditionExpression: draft.conditionExpression,
    actions: draft.actions.map(plain),
    antiActions: draft.antiActions.map(plain),
    continue: draft.continue,
    order: Number(draft.order),
    enabled: draft.enabled,
  };
}

/** The list with the item at `index` moved by `offset` places; unchanged when that leaves the list. */
export function moveItem<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const moved = [...list];
  const [item] = moved.splice(index, 1);
  moved.splice(target, 0, item as T);
  return moved;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, position) => position !== index);
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, position) => (position === index ? item : current));
}
