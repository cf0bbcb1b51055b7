// Integration-test support for imports: what the progress events of one import must say.
import { expect } from 'vitest';

/**
 * One RUNNING event per committed batch, then COMPLETED. Two batches are written at once, so
 * neighbouring batches may commit in either order: the events' totals grow in commit order, and
 * their steps are the batches' sizes in some order.
 */
export function expectProgressByBatch(events: readonly Record<string, unknown>[], batchRows: number[], final: { total: number; imported: number }): void {
  const running = events.filter((event) => event.status === 'RUNNING').map((event) => Number(event.total));
  const steps = running.map((total, index) => total - (running[index - 1] ?? 0));
  expect(steps.sort((x, y) => x - y)).toEqual([...batchRows].sort((x, y) => x - y));
  expect(running).toEqual([...running].sort((x, y) => x - y));
  expect(events.slice(-2).map((event) => [event.status, event.total, event.imported])).toEqual([
    ['RUNNING', final.total, final.imported],
    ['COMPLETED', final.total, final.imported],
  ]);
}
