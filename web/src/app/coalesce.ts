// Realtime events arrive one socket message at a time; rendering each is what makes a busy live
// page stutter (each commit costs a style and layout pass of the page). This holds them and hands
// them over together, at an animation frame, at most a few times a second.

/** Runs `run` once, later; returns what cancels it. */
export type Schedule = (run: () => void) => () => void;

/**
 * The first animation frame once `ms` have passed: at most 1000 / ms flushes a second, never while
 * the tab is hidden (no frames then).
 */
export const frameAfter =
  (ms: number): Schedule =>
  (run) => {
    let frame: number | undefined;
    const timer = setTimeout(() => (frame = requestAnimationFrame(run)), ms);
    return () => {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  };

/**
 * Coalesces values by key and hands what it holds to `flush` when `schedule` runs: a burst of
 * events costs one render, and a hidden tab holds one value per key, not a backlog. `keep` picks
 * between the value held for a key and a newer arrival (by default the arrival).
 */
export function coalesce<V>(
  flush: (values: V[]) => void,
  schedule: Schedule,
  keep: (held: V, next: V) => V = (_held, next) => next,
): { push(key: string, value: V): void; cancel(): void } {
  const held = new Map<string, V>();
  let cancelScheduled: (() => void) | null = null;
  const run = () => {
    cancelScheduled = null;
    const values = [...held.values()];
    held.clear();
    flush(values);
  };
  return {
    push(key, value) {
      const previous = held.get(key);
      held.set(key, previous === undefined ? value : keep(previous, value));
      cancelScheduled ??= schedule(run);
    },
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      held.clear();
    },
  };
}
