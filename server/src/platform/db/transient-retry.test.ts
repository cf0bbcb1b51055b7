import { describe, expect, it } from 'vitest';
import type { BatchOutcome } from './database.ts';
import { MAX_ATTEMPTS, retryTransient } from './transient-retry.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const noPause = () => Promise.resolve();

describe('retryTransient', () => {
  it('runs the units a deadlock failed again, isolated, and keeps the others’ outcomes in order', async () => {
    const calls: Array<{ units: string[]; isolated: boolean }> = [];
    const outcomes = await retryTransient(
      ['a', 'b', 'c'],
      async (units, isolated): Promise<Array<BatchOutcome<string>>> => {
        calls.push({ units, isolated });
        return units.map((unit) => (unit === 'b' && calls.length === 1 ? { ok: false, error: deadlock } : { ok: true, value: unit.toUpperCase() }));
      },
      noPause,
    );
    expect(outcomes).toEqual([{ ok: true, value: 'A' }, { ok: true, value: 'B' }, { ok: true, value: 'C' }]);
    expect(calls).toEqual([{ units: ['a', 'b', 'c'], isolated: false }, { units: ['b'], isolated: true }]);
  });

  it('runs a whole batch again when its transaction was the victim, and gives up after the last attempt', async () => {
    let runs = 0;
    const failing = retryTransient(['a'], async () => {
      runs += 1;
      throw deadlock;
    }, noPause);
    await expect(failing).rejects.toBe(deadlock);
    expect(runs).toBe(MAX_ATTEMPTS);
  });

  it('does not run again what failed for any other reason', async () => {
    let runs = 0;
    const refused = new Error('violates check constraint');
    const outcomes = await retryTransient(['a'], async (): Promise<Array<BatchOutcome<string>>> => {
      runs += 1;
      return [{ ok: false, error: refused }];
    }, noPause);
    expect(outcomes).toEqual([{ ok: false, error: refused }]);
    expect(runs).toBe(1);
  });
});
