// Pure: how long ago (or how soon) a moment is, as the locale words it ("há 3 min", "in 2 min").
// The one relative-time rule of the console: every page words moments with it, counting whole
// seconds the same way as the running clocks (clock.ts), so two pages never disagree.
import { secondsSince } from './clock.ts';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** Whole seconds as the locale words them, in the largest whole unit, in the past or the future. */
function wordSeconds(seconds: number, direction: 'past' | 'future', locale: string): string {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  const sign = direction === 'past' ? -1 : 1;
  for (const [unit, size] of UNITS) if (seconds >= size) return relative.format(sign * Math.floor(seconds / size), unit);
  return relative.format(sign * seconds, 'second');
}

/** The time elapsed since `since` ("3 min ago"), never in the future (browser and server clocks differ a little). */
export function formatElapsed(since: string, now: number, locale: string): string {
  return wordSeconds(secondsSince(since, now), 'past', locale);
}

/** The time left until `until` ("in 2 min"), never below zero. */
export function formatRemaining(until: string, now: number, locale: string): string {
  return wordSeconds(Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)), 'future', locale);
}
