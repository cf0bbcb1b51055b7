// Pure: the dialer's settings as a person enters them (percentages, optional minutes) and as the API
// stores them (fractions, overrides by outcome). Ranges are the server's (decision 0048).
import { STATE_POLICIES, type StatePolicyId } from '@callcenter/rules/state-policies';
import { DEFAULT_RETRY_MINUTES, type RetryDelays } from '@callcenter/rules/retry-delays';

export type RetryOutcome = keyof RetryDelays;
export type RetryMinutes = Partial<Record<RetryOutcome, number>>;
export type { StatePolicyId };

/** The policies the server accepts, in its table's order (the checkboxes' order). */
export const STATE_POLICY_IDS = Object.keys(STATE_POLICIES) as StatePolicyId[];
export const RETRY_OUTCOMES = Object.keys(DEFAULT_RETRY_MINUTES) as RetryOutcome[];
export { DEFAULT_RETRY_MINUTES };

export const LIMITS = {
  cps: { min: 1, max: 1000 },
  /** Percent, one decimal: 0.1 % to 20 %. */
  abandonTargetPercent: { min: 0.1, max: 20 },
  abandonAfterSeconds: { min: 1, max: 30 },
  retryMinutes: { min: 1, max: 10_080 },
  /** Percent, one decimal, under Anatel's 85 %. */
  shortCallPercent: { min: 10, max: 84.9 },
} as const;

/** 0.03 → 3 (to one decimal, without 3.0000000000000004). */
export const percentOf = (fraction: number): number => Math.round(fraction * 1000) / 10;

/** 3 → 0.03; 2.55 → 0.026 (one decimal of percent is what the server keeps meaningful). */
export const fractionOf = (percent: number): number => Math.round(percent * 10) / 1000;

/** One field per outcome: blank keeps the default, a number overrides it. */
export type RetryFields = Record<RetryOutcome, number | null>;

export const retryFieldsOf = (minutes: RetryMinutes | undefined): RetryFields =>
  Object.fromEntries(RETRY_OUTCOMES.map((outcome) => [outcome, minutes?.[outcome] ?? null])) as RetryFields;

export function retryMinutesOf(fields: RetryFields): RetryMinutes {
  const minutes: RetryMinutes = {};
  for (const outcome of RETRY_OUTCOMES) {
    const value = fields[outcome];
    if (value !== null) minutes[outcome] = value;
  }
  return minutes;
}

/** The chosen policies in the table's order, each once. */
export const policiesOf = (chosen: Iterable<string>): StatePolicyId[] => {
  const set = new Set(chosen);
  return STATE_POLICY_IDS.filter((id) => set.has(id));
};
