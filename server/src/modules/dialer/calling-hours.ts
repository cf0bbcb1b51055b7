// Pure: may a lead be called now, by the callee's state, and if not, from when. Four layers, all
// of which must allow the call:
// 0. the legal hours (LEGAL_HOURS, in the callee's local time), whatever the campaign's schedule says;
// 1. the campaign's windows, in the campaign's time zone (when its agents work) and, unless turned
//    off, the same windows in the callee's local time (nobody is called at 08:00 in Manaus because
//    it is 09:00 in São Paulo);
// 2. holidays of the callee's state (national, state, and the optional days unless opted in);
// 3. state policies the tenant enabled for the campaign, in the callee's local time.
// Nothing reads a clock: `now` is given.
import type { CampaignSchedule, Weekday } from '../../platform/db/schema.ts';
import { DDD_TO_UF, dddOf, UF_TIME_ZONE, type Uf } from './ddd-uf.ts';
import { holidayOn } from './holidays.ts';
import { STATE_POLICIES, weekdays, type StatePolicy, type StatePolicyId } from '@callcenter/rules/state-policies';

export { STATE_POLICIES, type StatePolicy, type StatePolicyId };
// Every policy names a state the area-code table knows.
STATE_POLICIES satisfies Record<StatePolicyId, { uf: Uf; windows: CampaignSchedule }>;

/**
 * The outer bound no campaign schedule widens (decision 0059): Monday to Friday 08:00–20:00,
 * Saturday 08:00–14:00, no Sunday, in the callee's local time. The widest hours the state laws of
 * decision 0045 allow, so a schedule of 06:00–23:00 is cut back to hours every known state permits.
 */
export const LEGAL_HOURS: CampaignSchedule = { ...weekdays('08:00', '20:00'), sat: [{ start: '08:00', end: '14:00' }] };

export interface CallingRules {
  /** The campaign's IANA time zone. */
  timezone: string;
  schedule: CampaignSchedule;
  policies?: readonly StatePolicyId[];
  /** Apply the campaign's windows in the callee's local time too (default true). */
  windowsInCalleeTime?: boolean;
  /** Call on Carnaval and Corpus Christi (default false: they are skipped). */
  callOnOptionalHolidays?: boolean;
}

export type NotCallableReason = 'UNKNOWN_AREA_CODE' | 'HOLIDAY' | 'LEGAL_HOURS' | 'CAMPAIGN_WINDOW' | 'STATE_POLICY';

export type CallingVerdict =
  | { allowed: true; uf: Uf }
  | { allowed: false; uf: Uf | null; reason: NotCallableReason; detail?: string; nextAt: Date | null };

// ---- local time, with one formatter per zone (creating them is the costly part)

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const SHORT_DAYS: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

interface LocalTime {
  date: string;
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  minute: number;
  second: number;
}

function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    weekday: SHORT_DAYS[parts.weekday ?? '']!,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The instant of a local date and minute in a zone (offset found from the zone, checked twice). */
function instantOf(timeZone: string, year: number, month: number, day: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const local = localTime(new Date(guess), timeZone);
    const shown = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute, local.second);
    guess = wall - (shown - guess);
  }
  return new Date(guess);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const inWindows = (windows: CampaignSchedule, local: LocalTime) =>
  (windows[local.weekday] ?? []).some((window) => local.minute >= minutesOf(window.start) && local.minute < minutesOf(window.end));

// ---- the verdict

function blockedBy(uf: Uf, rules: CallingRules, at: Date): { reason: NotCallableReason; detail?: string } | null {
  const calleeZone = UF_TIME_ZONE[uf];
  const callee = localTime(at, calleeZone);
  const holiday = holidayOn(callee.date, uf, !rules.callOnOptionalHolidays);
  if (holiday) return { reason: 'HOLIDAY', detail: holiday.name };
  if (!inWindows(rules.schedule, localTime(at, rules.timezone))) return { reason: 'CAMPAIGN_WINDOW' };
  if ((rules.windowsInCalleeTime ?? true) && !inWindows(rules.schedule, callee)) return { reason: 'CAMPAIGN_WINDOW', detail: 'callee local time' };
  for (const id of rules.policies ?? []) {
    const policy = STATE_POLICIES[id];
    if (policy.uf === uf && !inWindows(policy.windows, callee)) return { reason: 'STATE_POLICY', detail: policy.id };
  }
  // Last, so an enabled state policy's more specific reason wins; checked whatever the schedule says.
  if (!inWindows(LEGAL_HOURS, callee)) return { reason: 'LEGAL_HOURS' };
  return null;
}

/** How far ahead `nextAt` is looked for; past that it is null (nothing callable in two weeks). */
const LOOK_AHEAD_DAYS = 14;

/** The first instant at or after `from` when a callee of this state may be called, or null. */
export function nextCallableAt(uf: Uf, rules: CallingRules, from: Date): Date | null {
  if (!blockedBy(uf, rules, from)) return from;
  // The first allowed instant is where some constraint starts to hold: a window's start in either
  // zone or a local midnight (a holiday's end). Those are the only candidates.
  const zones = [...new Set([rules.timezone, UF_TIME_ZONE[uf]])];
  const starts = new Set<number>([0]);
  for (const windows of [LEGAL_HOURS, rules.schedule, ...(rules.policies ?? []).map((id) => STATE_POLICIES[id].windows)]) {
    for (const day of Object.values(windows)) for (const window of day ?? []) starts.add(minutesOf(window.start));
  }
  const candidates: number[] = [];
  for (const zone of zones) {
    const today = localTime(from, zone);
    for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
      const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
      for (const minute of starts) {
        const at = instantOf(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minute).getTime();
        if (at > from.getTime()) candidates.push(at);
      }
    }
  }
  candidates.sort((a, b) => a - b);
  for (const at of candidates) if (!blockedBy(uf, rules, new Date(at))) return new Date(at);
  return null;
}

/** The verdict for a state: allowed now, or why not and from when. */
export function callingVerdictForUf(uf: Uf, rules: CallingRules, now: Date): CallingVerdict {
  const blocked = blockedBy(uf, rules, now);
  if (!blocked) return { allowed: true, uf };
  return { allowed: false, uf, ...blocked, nextAt: nextCallableAt(uf, rules, now) };
}

/** The verdict for a lead's E.164 number (a number without a known DDD is never called). */
export function callingVerdict(e164: string, rules: CallingRules, now: Date): CallingVerdict {
  const ddd = dddOf(e164);
  const uf = ddd === null ? undefined : DDD_TO_UF.get(ddd);
  if (!uf) return { allowed: false, uf: null, reason: 'UNKNOWN_AREA_CODE', nextAt: null };
  return callingVerdictForUf(uf, rules, now);
}

/** The area codes callable now: what the engine filters its lead query with. */
export function callableDdds(rules: CallingRules, now: Date): number[] {
  const allowed = new Map<Uf, boolean>();
  const codes: number[] = [];
  for (const [ddd, uf] of DDD_TO_UF) {
    if (!allowed.has(uf)) allowed.set(uf, blockedBy(uf, rules, now) === null);
    if (allowed.get(uf)) codes.push(ddd);
  }
  return codes.sort((a, b) => a - b);
}

/**
 * RUNNING while some state with leads left may be called now; WAITING_SCHEDULE only when none may,
 * with the earliest instant one may (null: none within two weeks).
 */
export function scheduleStatus(ufsWithLeads: Iterable<Uf>, rules: CallingRules, now: Date): { status: 'RUNNING' | 'WAITING_SCHEDULE'; nextAt: Date | null } {
  let next: Date | null = null;
  for (const uf of new Set(ufsWithLeads)) {
    const verdict = callingVerdictForUf(uf, rules, now);
    if (verdict.allowed) return { status: 'RUNNING', nextAt: null };
    if (verdict.nextAt && (!next || verdict.nextAt < next)) next = verdict.nextAt;
  }
  return { status: 'WAITING_SCHEDULE', nextAt: next };
}
