import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, isDue, remember, viewKey, type LastSent } from './tick-changes.ts';

describe('isDue', () => {
  const last: LastSent = { key: viewKey({ dialLevel: 1.5, reasons: ['CPS'] }), at: 1_000 };

  it('is due the first time, when the view changed, or when calls were placed', () => {
    expect(isDue(undefined, last.key, 0, 1_000)).toBe(true);
    expect(isDue(last, viewKey({ dialLevel: 1.6, reasons: ['CPS'] }), 0, 1_001)).toBe(true);
    expect(isDue(last, last.key, 1, 1_001)).toBe(true);
  });

  it('is not due for the same view without calls until the heartbeat', () => {
    expect(isDue(last, last.key, 0, 1_000 + HEARTBEAT_MS - 1)).toBe(false);
    expect(isDue(last, last.key, 0, 1_000 + HEARTBEAT_MS)).toBe(true);
  });

  it('never on the heartbeat alone when it is infinite (the minute samples: the minute is in the key)', () => {
    expect(isDue(last, last.key, 0, 1_000 + 10 * HEARTBEAT_MS, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('remember', () => {
  it('records what was sent and forgets campaigns no longer ticked', () => {
    const sent = new Map<string, LastSent>([
      ['a', { key: 'old', at: 1 }],
      ['gone', { key: 'x', at: 1 }],
    ]);
    remember(sent, [['a', 'new']], new Set(['a', 'b']), 5);
    expect([...sent.entries()]).toEqual([['a', { key: 'new', at: 5 }]]);
  });
});
