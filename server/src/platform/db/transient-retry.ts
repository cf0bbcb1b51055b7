// A batch of units run again where PostgreSQL gave up on it for a reason that passes: a deadlock
// (40P01) or a serialization failure (40001). Two transactions of one tenant may lock the same
// rollup rows in opposite orders (decision 0085); the one PostgreSQL picks as the victim must not
// lose its events. Units are safe to run twice (withTenantBatch's contract), so the failed ones run
// again, each under its own savepoint, after a short random pause that lets the other commit.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchOutcome } from './database.ts';

const TRANSIENT_CODES = new Set(['40P01', '40001']);
export const MAX_ATTEMPTS = 4;

export const isTransient = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && TRANSIENT_CODES.has(String((error as { code?: unknown }).code));

/**
 * Runs `units` through `run` (first as given, then isolated: each under its own savepoint) until
 * no unit failed transiently or the attempts are spent; outcomes in the units' order.
 */
export async function retryTransient<Unit, T>(
  units: Unit[],
  run: (units: Unit[], isolated: boolean) => Promise<Array<BatchOutcome<T>>>,
  pause: (attempt: number) => Promise<unknown> = (attempt) => sleep(5 + Math.random() * 20 * attempt),
): Promise<Array<BatchOutcome<T>>> {
  const results = new Array<BatchOutcome<T>>(units.length);
  let pending = units.map((unit, index) => ({ unit, index }));
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt === MAX_ATTEMPTS;
    let outcomes: Array<BatchOutcome<T>>;
    try {
      outcomes = await run(
        pending.map((entry) => entry.unit),
        attempt > 1,
      );
    } catch (error) {
      if (last || !isTransient(error)) throw error;
      await pause(attempt);
      continue;
    }
    const again: typeof pending = [];
    outcomes.forEach((outcome, position) => {
      const entry = pending[position]!;
      if (!outcome.ok && !last && isTransient(outcome.error)) again.push(entry);
      else results[entry.index] = outcome;
    });
    if (again.length === 0) return results;
    pending = again;
    await pause(attempt);
  }
}
