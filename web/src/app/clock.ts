// Pure running clocks: how long since a moment, written 0:07 / 12:34 / 1:02:03.

/** Whole seconds from `since` to `now`, never negative (clocks of browser and server differ a little). */
export function secondsSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
}

/** A running clock: 0:07, 12:34, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
