import { describe, expect, it } from 'vitest';
import { phaseClock } from './phase-clock.ts';

describe('phaseClock', () => {
  it('charges each lap to its phase and adds up a phase met again', () => {
    const times = [0, 10, 25, 27, 40];
    const clock = phaseClock(() => times.shift() ?? 0);
    clock.lap('reads');
    clock.lap('decisions');
    clock.lap('cps');
    clock.lap('decisions');
    expect(clock.spent()).toMatchObject({ reads: 10, decisions: 28, cps: 2, claims: 0, writes: 0 });
  });
});
