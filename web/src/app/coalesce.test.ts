import { describe, expect, it } from 'vitest';
import { coalesce, type Schedule } from './coalesce.ts';

/** A schedule that runs only when the test says so. */
function manualSchedule(): { schedule: Schedule; next(): void; pending(): number } {
  const queued = new Set<() => void>();
  return {
    schedule: (run) => {
      queued.add(run);
      return () => queued.delete(run);
    },
    next() {
      const runs = [...queued];
      queued.clear();
      for (const run of runs) run();
    },
    pending: () => queued.size,
  };
}

describe('coalesce', () => {
  it('hands over everything pushed since the last flush, once, when the schedule runs', () => {
    const clock = manualSchedule();
    const flushed: string[][] = [];
    const batch = coalesce<string>((values) => flushed.push(values), clock.schedule);
    batch.push('a', 'a1');
    batch.push('b', 'b1');
    expect(clock.pending()).toBe(1);
    expect(flushed).toEqual([]);
    clock.next();
    expect(flushed).toEqual([['a1', 'b1']]);
    clock.next();
    expect(flushed).toHaveLength(1);
    batch.push('a', 'a2');
    clock.next();
    expect(flushed).toEqual([['a1', 'b1'], ['a2']]);
  });

  it('holds one value per key, the one `keep` picks', () => {
    const clock = manualSchedule();
    const flushed: number[][] = [];
    const batch = coalesce<number>((values) => flushed.push(values), clock.schedule, Math.max);
    batch.push('a', 3);
    batch.push('a', 1);
    batch.push('b', 2);
    batch.push('b', 5);
    clock.next();
    expect(flushed).toEqual([[3, 5]]);
  });

  it('drops what it holds when cancelled', () => {
    const clock = manualSchedule();
    const flushed: string[][] = [];
    const batch = coalesce<string>((values) => flushed.push(values), clock.schedule);
    batch.push('a', 'a1');
    batch.cancel();
    expect(clock.pending()).toBe(0);
    clock.next();
    expect(flushed).toEqual([]);
  });
});
