import { describe, expect, it } from 'vitest';
import { compareLeads, isDialable, selectLeads, type OrderableLead } from './lead-order.ts';

const now = new Date('2026-11-23T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const lead = (id: string, over: Partial<OrderableLead>): OrderableLead => ({ id, status: 'READY', attempts: 0, nextAttemptAt: null, createdAt: at(-1000), ...over });

describe('lead order', () => {
  it('dials due callbacks, then fresh leads, then due retries', () => {
    const leads = [
      lead('retry-old', { attempts: 1, nextAttemptAt: at(-90) }),
      lead('fresh-2', { createdAt: at(-10) }),
      lead('callback-late', { status: 'CALLBACK', attempts: 1, nextAttemptAt: at(-1) }),
      lead('fresh-1', { createdAt: at(-20) }),
      lead('retry-new', { attempts: 2, nextAttemptAt: at(-5) }),
      lead('callback-early', { status: 'CALLBACK', attempts: 1, nextAttemptAt: at(-30) }),
    ];
    expect(selectLeads(leads, 10, now).map((one) => one.id)).toEqual(['callback-early', 'callback-late', 'fresh-1', 'fresh-2', 'retry-old', 'retry-new']);
  });

  it('leaves out leads not due and leads in other statuses', () => {
    expect(isDialable(lead('x', { status: 'CALLBACK', nextAttemptAt: at(5) }), now)).toBe(false);
    expect(isDialable(lead('x', { status: 'CALLBACK', nextAttemptAt: null }), now)).toBe(false);
    expect(isDialable(lead('x', { attempts: 1, nextAttemptAt: at(1) }), now)).toBe(false);
    expect(isDialable(lead('x', { nextAttemptAt: at(0) }), now)).toBe(true);
    for (const status of ['DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED'] as const) expect(isDialable(lead('x', { status }), now)).toBe(false);
  });

  it('takes only what may be called and as many as asked, in a stable order', () => {
    const leads = [lead('b', {}), lead('a', {}), lead('c', {})];
    expect(selectLeads(leads, 2, now).map((one) => one.id)).toEqual(['a', 'b']);
    expect(selectLeads(leads, 5, now, (one) => one.id !== 'a').map((one) => one.id)).toEqual(['b', 'c']);
    expect(selectLeads(leads, 0, now)).toEqual([]);
    expect(compareLeads(leads[0]!, leads[0]!)).toBe(0);
  });
});
