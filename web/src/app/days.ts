// Calendar days (YYYY-MM-DD, as date inputs give them) read in the tenant's time zone.

/** The instant a calendar day (YYYY-MM-DD) starts in a time zone, as ISO text. */
export function startOfDayIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, date);
  // The zone's offset at that moment, measured twice so a day that starts near a DST change lands right.
  let instant = utc - offsetAt(utc, timeZone);
  instant = utc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm, as datetime-local inputs give it) is in a time zone. */
export function instantOfWallTime(wallTime: string, timeZone: string): string {
  const [day = '', time = '00:00'] = wallTime.split('T');
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, date, hours, minutes);
  let instant = utc - offsetAt(utc, timeZone);
  instant = utc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** An instant as the wall-clock time (YYYY-MM-DDTHH:mm) of a time zone, for a datetime-local input. */
export function wallTimeIn(instant: string | number, timeZone: string): string {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(at + offsetAt(at, timeZone)).toISOString().slice(0, 16);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}
