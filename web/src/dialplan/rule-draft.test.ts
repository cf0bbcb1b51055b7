import { describe, expect, it } from 'vitest';
import type { DialplanRule } from './dialplan.api.ts';
import { draftOf, emptyDraft, moveItem, removeItem, replaceItem, ruleInput } from './rule-draft.ts';

const rule: DialplanRule = {
  id: 'r1',
  context: 'default',
  name: 'reception',
  conditionField: '${sip_h_x_route}',
  conditionExpression: '^9$',
  actions: [
    { application: 'answer', data: '' },
    { application: 'bridge', data: 'user/101@${domain_name}' },
  ],
  antiActions: [{ application: 'hangup', data: 'UNALLOCATED_NUMBER' }],
  continue: true,
  order: 5,
  enabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('rule drafts', () => {
  it('turn a stored rule into form state and back without loss', () => {
    const draft = draftOf(rule);
    expect(draft.conditionField).toEqual({ kind: 'variable', name: 'sip_h_x_route' });
    expect(draft.order).toBe('5');
    const { id: _id, createdAt: _created, updatedAt: _updated, ...input } = rule;
    expect(ruleInput(draft)).toEqual(input);
  });

  it('give every action row its own key', () => {
    const draft = draftOf(rule);
    const keys = [...draft.actions, ...draft.antiActions].map((action) => action.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('start a new rule in the given context with one answer action', () => {
    const input = ruleInput({ ...emptyDraft('sales'), name: ' in ', conditionExpression: '^1$' });
    expect(input).toEqual({
      context: 'sales',
      name: 'in',
      conditionField: 'destination_number',
      conditionExpression: '^1$',
      actions: [{ application: 'answer', data: '' }],
      antiActions: [],
      continue: false,
      order: 100,
      enabled: true,
    });
  });
});

describe('list operations', () => {
  it('move an item up and down, and ignore moves out of the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('remove and replace without touching the original', () => {
    const list = ['a', 'b', 'c'];
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
    expect(replaceItem(list, 1, 'x')).toEqual(['a', 'x', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
