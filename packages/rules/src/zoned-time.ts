// Calendar days and wall-clock times read in a time zone (the tenant's), from the platform's one
// reading of a zone's offset. Both the console (date and datetime-local inputs) and the server
// (report periods) use these. Pure: instants are given.

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

// Building a DateTimeFormat costs far more than using one: one per zone, kept (zones are a few hundred).
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const partsIn = (instant: number, timeZone: string) => {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
};

/** The zone's offset from UTC at an instant, in milliseconds (São Paulo: -3 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const wall = partsIn(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1000) * 1000;
}

/** The wall-clock date of an instant in a zone. */
export function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = partsIn(instant, timeZone);
  return { year, month, day };
}

/** The instant a wall-clock time (as UTC fields) is in a zone: the offset measured twice, so a time near a change lands right. */
function instantOfWall(wall: number, timeZone: string): number {
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

/**
 * The instant a local day begins in a zone. Where a zone skips midnight (a DST start at 00:00, as
 * São Paulo's until 2019), the day begins at the first instant that exists, as people there count it.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const instant = instantOfWall(Date.UTC(date.year, date.month - 1, date.day), timeZone);
  const back = localDateOf(instant, timeZone);
  return back.year === date.year && back.month === date.month && back.day === date.day ? instant : instant + 60 * MINUTE;
}

/** The local date `days` after a date (negative: before). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const parseDay = (day: string): LocalDate => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};

/** The instant a calendar day (YYYY-MM-DD, as date inputs give it) starts in a zone, as ISO text. */
export const startOfDayIn = (day: string, timeZone: string): string => new Date(startOfLocalDay(parseDay(day), timeZone)).toISOString();

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const next = addDays(parseDay(day), 1);
  return new Date(Date.UTC(next.year, next.month - 1, next.day)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm, as datetime-local inputs give it) is in a zone. */
export function instantOfWallTime(wallTime: string, timeZone: string): string {
  const [day = '', time = '00:00'] = wallTime.split('T');
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const { year, month, day: date } = parseDay(day);
  return new Date(instantOfWall(Date.UTC(year, month - 1, date, hours, minutes), timeZone)).toISOString();
}

/** An instant as the wall-clock time (YYYY-MM-DDTHH:mm) of a zone, for a datetime-local input. */
export function wallTimeIn(instant: string | number, timeZone: string): string {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(at + zoneOffset(at, timeZone)).toISOString().slice(0, 16);
}
