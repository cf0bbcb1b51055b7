// The derived numbers of the reports (docs/reports.md): rates and averages from the counts and sums
// the rollups keep. Both the server (the report) and the console (a live dashboard tile) use these.
// A rate or an average with nothing under it is null, never 0: "no calls" is not "0 % answered".

export const SERVICE_LEVEL_FORMULAS = ['EXCLUDE_SHORT_ABANDONS', 'ALL_OFFERED', 'ANSWERED_ONLY'] as const;
export type ServiceLevelFormula = (typeof SERVICE_LEVEL_FORMULAS)[number];

export const DEFAULT_SERVICE_LEVEL_SECONDS = 20;
export const DEFAULT_SHORT_ABANDON_SECONDS = 5;

export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export const average = (sum: number, count: number): number | null => (count > 0 ? sum / count : null);

/**
 * The one target every queue (or campaign) of a total shares, or null when they differ or there is
 * none: a total of queues with different targets is judged against none of them.
 */
export function sharedTarget(values: readonly number[]): number | null {
  const first = values[0];
  return first !== undefined && values.every((value) => value === first) ? first : null;
}

export interface ServiceLevelCounts {
  offered: number;
  answered: number;
  answeredWithinThreshold: number;
  shortAbandoned: number;
}

/**
 * Answered within the threshold over:
 * - EXCLUDE_SHORT_ABANDONS (default): offered minus short abandons (a caller who hung up within a
 *   few seconds never gave the queue a chance);
 * - ALL_OFFERED: every offered call;
 * - ANSWERED_ONLY: answered calls (the speed of answer alone; abandons do not lower it).
 */
export function serviceLevel(counts: ServiceLevelCounts, formula: ServiceLevelFormula): number | null {
  switch (formula) {
    case 'EXCLUDE_SHORT_ABANDONS':
      return ratio(counts.answeredWithinThreshold, counts.offered - counts.shortAbandoned);
    case 'ALL_OFFERED':
      return ratio(counts.answeredWithinThreshold, counts.offered);
    case 'ANSWERED_ONLY':
      return ratio(counts.answeredWithinThreshold, counts.answered);
  }
}

/** Abandoned (short abandons apart) over offered (short abandons apart). */
export const abandonRate = (counts: { offered: number; abandoned: number; shortAbandoned: number }) =>
  ratio(counts.abandoned - counts.shortAbandoned, counts.offered - counts.shortAbandoned);

/** The agent states whose time is an agent's; LOGGED_OUT is not. */
export const LOGGED_STATES = ['AVAILABLE', 'PAUSED', 'RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'] as const;
export type LoggedState = (typeof LOGGED_STATES)[number];
export type StateSeconds = Record<LoggedState, number>;

export const emptyStateSeconds = (): StateSeconds => ({
  AVAILABLE: 0,
  PAUSED: 0,
  RESERVED: 0,
  RINGING: 0,
  IN_CALL: 0,
  WRAP_UP: 0,
  ON_EXTERNAL_CALL: 0,
});

/** Working on the platform's calls: talking to a customer or finishing one. */
const busySeconds = (time: StateSeconds) => time.IN_CALL + time.WRAP_UP;

/** Logged time: every state but LOGGED_OUT. */
export const loggedSeconds = (time: StateSeconds) => LOGGED_STATES.reduce((sum, state) => sum + time[state], 0);

/**
 * Occupancy: busy over the time the agent was ready for or on the platform's calls (available,
 * reserved, ringing, in call, wrap-up): how much of the ready time calls took. Pauses and external
 * calls are outside it.
 */
export const occupancy = (time: StateSeconds) =>
  ratio(busySeconds(time), busySeconds(time) + time.AVAILABLE + time.RESERVED + time.RINGING);

/** Utilization: busy over the whole logged time, pauses and external calls included. */
export const utilization = (time: StateSeconds) => ratio(busySeconds(time), loggedSeconds(time));
