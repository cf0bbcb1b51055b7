import { describe, expect, it } from 'vitest';
import { contextsOf, inContext } from './dialplan-contexts.ts';

describe('contextsOf', () => {
  it('lists each context once, default always there', () => {
    expect(contextsOf(undefined, [])).toEqual(['default']);
    expect(
      contextsOf(
        [{ context: 'sales' }, { context: 'default' }],
        [{ context: 'after-hours' }, { context: 'sales' }],
      ),
    ).toEqual(['after-hours', 'default', 'sales']);
  });
});

describe('inContext', () => {
  it('keeps the order of the items of one context', () => {
    const items = [
      { context: 'default', id: 1 },
      { context: 'sales', id: 2 },
      { context: 'default', id: 3 },
    ];
    expect(inContext(items, 'default')?.map((item) => item.id)).toEqual([1, 3]);
    expect(inContext(undefined, 'default')).toBeUndefined();
  });
});
