// Pure: how long ago a moment was, as the locale words it (the agents page's time in state).

/** Pure: the time elapsed since `since`, in the largest whole unit, as the locale words it. */
export function formatElapsed(since: string, now: number, locale: string): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  if (seconds < 60) return relative.format(-seconds, 'second');
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return relative.format(-Math.floor(seconds / 86_400), 'day');
}
