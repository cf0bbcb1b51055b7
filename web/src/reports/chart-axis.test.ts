import { describe, expect, it } from 'vitest';
import { xAxisLayout } from './chart-model.ts';

const FUNNEL = ['Leads', 'Attempts', 'Answered', 'Connected', 'Dispositions'];

describe('xAxisLayout', () => {
  it('keeps labels flat while each fits its slot', () => {
    expect(xAxisLayout(FUNNEL, 800)).toEqual({ rotate: 0, space: 96, size: 50 });
  });

  it('turns the labels when flat ones would skip a step but turned ones fit them all', () => {
    // A 22rem chart: about 260 px of plot for five steps, 52 px each, under the 96 px a flat label takes.
    const layout = xAxisLayout(FUNNEL, 260);
    expect(layout.rotate).toBe(45);
    // Every step gets a tick: the room asked per tick is within a step's slot.
    expect(layout.space).toBeLessThanOrEqual(260 / FUNNEL.length);
    // The axis is tall enough for the longest label turned.
    expect(layout.size).toBeGreaterThanOrEqual(Math.ceil('Dispositions'.length * 7 * Math.SQRT1_2));
  });

  it('stays flat and skips labels when even turned ones cannot all fit (96 quarter hours)', () => {
    const quarters = Array.from({ length: 96 }, (_, index) => `${String(Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`);
    expect(xAxisLayout(quarters, 600)).toEqual({ rotate: 0, space: 47, size: 50 });
  });

  it('copes with no labels', () => {
    expect(xAxisLayout([], 300).rotate).toBe(0);
  });
});
