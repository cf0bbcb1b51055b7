// The schedule editor's model: per weekday, whether the campaign calls and its one window. Pure, so
// the round trip between the editor and the API's schedule is tested without a browser.
import { WEEKDAYS, type Schedule, type Weekday } from './campaigns.api.ts';

export interface DayRow {
  day: Weekday;
  calls: boolean;
  start: string;
  end: string;
}

const DEFAULT_WINDOW = { start: '09:00', end: '18:00' };

/** The editor's rows for a schedule; a day with several windows shows the first start and last end. */
export function rowsOf(schedule: Schedule): DayRow[] {
  return WEEKDAYS.map((day) => {
    const windows = schedule[day] ?? [];
    if (windows.length === 0) return { day, calls: false, ...DEFAULT_WINDOW };
    return { day, calls: true, start: windows[0]!.start, end: windows.at(-1)!.end };
  });
}

/** The schedule the rows describe: only the days that call, each with its window. */
export function scheduleOf(rows: readonly DayRow[]): Schedule {
  const schedule: Schedule = {};
  for (const row of rows) if (row.calls) schedule[row.day] = [{ start: row.start, end: row.end }];
  return schedule;
}

/** A short reading of a schedule for a table cell, e.g. "mon–fri 09:00–18:00, sat 09:00–13:00". */
export function scheduleSummary(schedule: Schedule, dayName: (day: Weekday) => string): string {
  const groups: { days: Weekday[]; window: string }[] = [];
  for (const row of rowsOf(schedule)) {
    if (!row.calls) continue;
    const window = `${row.start}–${row.end}`;
    const last = groups.at(-1);
    const previous = last ? WEEKDAYS[WEEKDAYS.indexOf(row.day) - 1] : undefined;
    if (last && last.window === window && last.days.at(-1) === previous) last.days.push(row.day);
    else groups.push({ days: [row.day], window });
  }
  return groups
    .map(({ days, window }) => `${days.length > 1 ? `${dayName(days[0]!)}–${dayName(days.at(-1)!)}` : dayName(days[0]!)} ${window}`)
    .join(', ');
}
