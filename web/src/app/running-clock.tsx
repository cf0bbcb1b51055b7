// A running clock (0:07, 12:34, 1:02:03) since a moment, ticking on its own: only its text
// re-renders each second, never the row or page around it.
import { useSyncExternalStore } from 'react';
import { formatClock, secondsSince } from './clock.ts';
import { secondTicker } from './ticker.ts';

export function RunningClock({ since, testId }: { since: string; testId?: string }) {
  // The snapshot is the text itself, so React skips the render when it did not change.
  const text = useSyncExternalStore(secondTicker.subscribe, () =>
    formatClock(secondsSince(since, secondTicker.now())),
  );
  return (
    <span className="clock" data-testid={testId}>
      {text}
    </span>
  );
}

/** A clock counting down to a moment (0:12 … 0:00), on the same one-second ticker. */
export function CountdownClock({ until, testId }: { until: string; testId?: string }) {
  const text = useSyncExternalStore(secondTicker.subscribe, () =>
    formatClock(Math.max(0, Math.ceil((Date.parse(until) - secondTicker.now()) / 1000))),
  );
  return (
    <span className="clock" data-testid={testId}>
      {text}
    </span>
  );
}
