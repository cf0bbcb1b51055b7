// When a callback asked for on a call may be set: the quick choices the console offers and whether a
// time falls inside the campaign's calling windows (read in the campaign's zone). Pure: `now` is given.
// The dialer still applies the callee's local time, holidays and state policies when it dials.

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export interface CallingWindow {
  start: string;
  end: string;
}
export type WeeklyWindows = Partial<Record<Weekday, readonly CallingWindow[]>>;

const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const HOUR = 3_600_000;
/** "Tomorrow morning" without windows to start from. */
const DEFAULT_MORNING = '09:00';

interface WallClock {
  day: string;
  weekday: Weekday;
  minutes: number;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = get('weekday').toLowerCase().slice(0, 3) as Weekday;
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    weekday,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const toMinutes = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Whether an instant falls inside one of the weekly windows, in the given zone (end exclusive). */
export function isWithinWindows(windows: WeeklyWindows, timeZone: string, instant: number): boolean {
  const clock = wallClock(instant, timeZone);
  return (windows[clock.weekday] ?? []).some(
    (window) => clock.minutes >= toMinutes(window.start) && clock.minutes < toMinutes(window.end),
  );
}

/** The instant of a wall-clock time (YYYY-MM-DD, HH:mm) in a zone, measured twice around DST changes. */
export function instantOfWallClock(day: string, time: string, timeZone: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const utc = Date.UTC(year, month - 1, date) + toMinutes(time) * 60_000;
  const offset = (at: number) => {
    const clock = wallClock(at, timeZone);
    const [y = 0, m = 1, d = 1] = clock.day.split('-').map(Number);
    return Date.UTC(y, m - 1, d) + clock.minutes * 60_000 - Math.floor(at / 60_000) * 60_000;
  };
  let instant = utc - offset(utc);
  instant = utc - offset(instant);
  return instant;
}

/** One hour from now, to the minute. */
export function inOneHour(now: number): number {
  return Math.ceil((now + HOUR) / 60_000) * 60_000;
}

/** Tomorrow in the zone, at the start of its first window (09:00 when tomorrow has none). */
export function tomorrowMorning(now: number, timeZone: string, windows: WeeklyWindows): number {
  const today = wallClock(now, timeZone);
  const [year = 0, month = 1, date = 1] = today.day.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year, month - 1, date + 1));
  const day = tomorrow.toISOString().slice(0, 10);
  const weekday = WEEKDAYS[tomorrow.getUTCDay()] ?? 'mon';
  const starts = (windows[weekday] ?? []).map((window) => window.start).sort();
  return instantOfWallClock(day, starts[0] ?? DEFAULT_MORNING, timeZone);
}
