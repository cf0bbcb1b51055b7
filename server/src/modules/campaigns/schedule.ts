// Calling windows: per weekday, local times in the campaign's time zone. Pure: validation of a
// schedule, and whether an instant falls inside it.
import type { CallingWindow, CampaignSchedule, Weekday } from '../../platform/db/schema.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies readonly Weekday[];

/**
 * A campaign created without a schedule calls Monday to Friday, 09:00–18:00: inside every
 * Brazilian state's telemarketing hours we know of (RJ's 08:00–18:00 is the narrowest; decision 0039).
 */
export const DEFAULT_SCHEDULE: CampaignSchedule = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, [{ start: '09:00', end: '18:00' }]]),
);

/** "HH:MM" → minutes since midnight; "24:00" is the end of the day. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The first problem of a schedule (a window that ends before it starts, windows that overlap), or null. */
export function scheduleProblem(schedule: CampaignSchedule): { path: string; message: string } | null {
  for (const day of WEEKDAYS) {
    const windows = [...(schedule[day] ?? [])].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (let i = 0; i < windows.length; i++) {
      const window = windows[i]!;
      if (minutesOf(window.end) <= minutesOf(window.start)) return { path: `/schedule/${day}`, message: `${window.start}–${window.end} ends before it starts` };
      const next = windows[i + 1];
      if (next && minutesOf(next.start) < minutesOf(window.end)) return { path: `/schedule/${day}`, message: `${window.start}–${window.end} overlaps ${next.start}–${next.end}` };
    }
  }
  return null;
}

/** Whether the time zone is one the runtime knows (an IANA name such as America/Sao_Paulo). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const SHORT_DAYS: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

/** The weekday and minute of the day of an instant, in a time zone. */
export function localMoment(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return { day: SHORT_DAYS[part('weekday')]!, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** Whether the campaign may call at this instant: inside one of the day's windows (start inclusive, end exclusive). */
export function isInSchedule(schedule: CampaignSchedule, timeZone: string, at: Date): boolean {
  const { day, minute } = localMoment(at, timeZone);
  return (schedule[day] ?? []).some((window: CallingWindow) => minute >= minutesOf(window.start) && minute < minutesOf(window.end));
}
