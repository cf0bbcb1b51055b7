// One timer for every running clock on the page. Clocks subscribe to it and re-render themselves;
// the rows around them no longer take `now` as a prop, so a tick does not re-render 200 rows.

export interface Ticker {
  subscribe: (listener: () => void) => () => void;
  now: () => number;
}

/** A ticker that runs only while someone listens (no timer on pages without clocks). */
export function createTicker(
  periodMs: number,
  clock: () => number = Date.now,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setInterval(fn, ms),
    clear: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  },
): Ticker {
  const listeners = new Set<() => void>();
  let current = clock();
  let handle: unknown = null;
  const tick = () => {
    current = clock();
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (handle === null) {
        current = clock();
        handle = timers.set(tick, periodMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && handle !== null) {
          timers.clear(handle);
          handle = null;
        }
      };
    },
    now: () => current,
  };
}

/** The page's one-second ticker. */
export const secondTicker = createTicker(1000);
