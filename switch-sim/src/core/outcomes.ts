// The far end of simulated calls (gateway destinations and phones): how a leg ends up.
// Per call through channel variables (sim_outcome, sim_ring_ms, sim_talk_ms, sim_fail_cause),
// or through rules set on the control surface (matched on the destination number).
import { isCause, type HangupCause } from './causes.ts';

export type OutcomeKind = 'ANSWER' | 'BUSY' | 'NO_ANSWER' | 'FAILED' | 'REJECT' | 'MANUAL';

export interface Outcome {
  kind: OutcomeKind;
  /** How long the leg rings before the outcome (ms, simulated). */
  ringMs: number;
  /** After answer: the far end hangs up after this long (ms); undefined = never. */
  talkMs: number | undefined;
  /** Hangup cause for FAILED (default NORMAL_TEMPORARY_FAILURE). */
  failCause: HangupCause;
}

export interface OutcomeRule {
  /** Exact destination number, or a /regex/. Missing = every call. */
  destination?: string;
  outcome: OutcomeKind;
  ringMs?: number;
  talkMs?: number;
  failCause?: string;
  /** How many calls the rule applies to; missing = unlimited. */
  times?: number;
}

/** Every kind a rule or `sim_outcome` may name (besides a hangup cause, which means FAILED with it). */
export const OUTCOME_KINDS: readonly OutcomeKind[] = [
  'ANSWER',
  'BUSY',
  'NO_ANSWER',
  'FAILED',
  'REJECT',
  'MANUAL',
];
const KINDS = new Set<OutcomeKind>(OUTCOME_KINDS);

export function parseOutcome(value: string | undefined): OutcomeKind | HangupCause | undefined {
  if (!value) return undefined;
  const upper = value.toUpperCase();
  if (KINDS.has(upper as OutcomeKind)) return upper as OutcomeKind;
  return isCause(upper) ? upper : undefined;
}

export class OutcomeRules {
  private rules: OutcomeRule[] = [];

  add(rule: OutcomeRule): void {
    this.rules.push(rule);
  }

  clear(): void {
    this.rules = [];
  }

  list(): OutcomeRule[] {
    return [...this.rules];
  }

  /** The first matching rule (consumed once when it has a `times` budget). */
  take(destination: string): OutcomeRule | undefined {
    const index = this.rules.findIndex((rule) => matches(rule.destination, destination));
    if (index < 0) return undefined;
    const rule = this.rules[index]!;
    if (rule.times !== undefined) {
      rule.times--;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule;
  }
}

function matches(pattern: string | undefined, destination: string): boolean {
  if (pattern === undefined || pattern === '') return true;
  if (pattern.startsWith('/') && pattern.lastIndexOf('/') > 0) {
    try {
      return new RegExp(pattern.slice(1, pattern.lastIndexOf('/'))).test(destination);
    } catch {
      return false;
    }
  }
  return pattern === destination;
}

/** Resolves the outcome of one leg from its variables, then the rules, then the default. */
export function resolveOutcome(
  vars: { get(name: string): string | undefined },
  rules: OutcomeRules,
  destination: string,
  fallback: Outcome,
): Outcome {
  const num = (value: string | number | undefined): number | undefined => {
    if (value === undefined || value === '') return undefined;
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const fromVar = parseOutcome(vars.get('sim_outcome'));
  const rule = fromVar === undefined ? rules.take(destination) : undefined;
  const chosen = fromVar ?? parseOutcome(rule?.outcome) ?? fallback.kind;
  let kind: OutcomeKind;
  let failCause: HangupCause = fallback.failCause;
  if (KINDS.has(chosen as OutcomeKind)) {
    kind = chosen as OutcomeKind;
    const cause = vars.get('sim_fail_cause') ?? rule?.failCause;
    if (cause && isCause(cause.toUpperCase())) failCause = cause.toUpperCase() as HangupCause;
  } else {
    kind = 'FAILED';
    failCause = chosen as HangupCause;
  }
  return {
    kind,
    // An unanswered call rings until the originate timeout unless told when the far end gives up.
    ringMs: num(vars.get('sim_ring_ms')) ?? num(rule?.ringMs) ?? (kind === 'NO_ANSWER' ? 0 : fallback.ringMs),
    talkMs: num(vars.get('sim_talk_ms')) ?? num(rule?.talkMs) ?? fallback.talkMs,
    failCause,
  };
}
