// Pure: how many calls a campaign places now. Forecast (agent capacity over the horizon, divided by
// the answer probability, minus the calls already ringing) capped by the dial level from the abandon
// feedback, the plan's concurrent calls and the CPS tokens. Returns the number and every reason
// that shaped it, for the engine's log and the console's "why is it (not) dialing".
import { answerProbabilityAtAge, type CampaignStatistics, DEFAULT_STATISTICS_SETTINGS, isTrusted, type StatisticsSettings } from './campaign-statistics.ts';
import { type BusyAgent, forecastCapacity, FORECAST_HORIZON_SECONDS } from './forecast.ts';
import type { PacingReason } from '@callcenter/rules/pacing-reasons';

export type { PacingReason };

export interface PacingInput {
  /** Logged-in agents that are free now (not paused). */
  availableAgents: number;
  /** Agents on a call of this campaign or in its wrap-up. */
  busyAgents: readonly BusyAgent[];
  /** Calls originated and not answered yet: how long each has been ringing (seconds). */
  ringingSeconds: readonly number[];
  /** Calls answered and not yet connected to an agent. */
  answeredWaiting: number;
  stats: CampaignStatistics;
  /** From the abandon feedback (adjustDialLevel), within pacingMin..pacingMax. */
  dialLevel: number;
  /** From the short-call guard: multiplies the part of the dial level above 1. */
  shortCallFactor?: number;
  /** Calls the plan still allows at once (max_concurrent_calls minus calls in progress); null: no limit. */
  concurrentCallsLeft?: number | null;
  /** CPS tokens available now (the smallest over the levels); null: not checked here. */
  cpsTokens?: number | null;
  /**
   * Safety margin in standard deviations: answers expected from ringing and new calls are kept
   * below the capacity minus this many standard deviations of (agents freed − answers).
   */
  riskMargin?: number;
  horizonSeconds?: number;
  wrapUpSeconds?: number;
  statisticsSettings?: StatisticsSettings;
}

/** Default safety margin (standard deviations), chosen with the pacing simulation (decision 0044). */
export const DEFAULT_RISK_MARGIN = 2;

export interface PacingDecision {
  calls: number;
  mode: 'PROGRESSIVE' | 'PREDICTIVE';
  /** Forecast capacity (agents) and the lines the dial level allows, for the log. */
  capacity: number;
  /** Calls the forecast asked for, before the caps. */
  forecastCalls: number;
  lineCap: number;
  effectiveDialLevel: number;
  reasons: PacingReason[];
}

/** Below this answer probability the division would explode; the dial level caps it anyway. */
const ANSWER_PROBABILITY_FLOOR = 0.02;
/** No decision places more than this many calls at once (the caps usually bind far below). */
const MAX_CALLS_PER_DECISION = 500;

export function decidePacing(input: PacingInput): PacingDecision {
  const reasons: PacingReason[] = [];
  const busy = input.busyAgents.length;
  const activeAgents = input.availableAgents + busy;
  const factor = Math.min(1, Math.max(0, input.shortCallFactor ?? 1));
  const effectiveDialLevel = Math.max(1, 1 + (input.dialLevel - 1) * factor);
  if (factor < 1 && input.dialLevel > 1) reasons.push('SHORT_CALL_GUARD');
  const talking = input.busyAgents.filter((agent) => agent.phase === 'TALK').length;
  // Lines in use: calls ringing, answered and waiting, and connected to an agent (as VICIdial counts).
  const ringing = input.ringingSeconds.length;
  const lineCap = Math.floor(effectiveDialLevel * activeAgents + 1e-9) - (ringing + input.answeredWaiting + talking);
  const result = (calls: number, mode: PacingDecision['mode'], capacity: number, forecastCalls: number): PacingDecision => ({
    calls: Math.max(0, calls),
    mode,
    capacity,
    forecastCalls,
    lineCap,
    effectiveDialLevel,
    reasons,
  });
  if (activeAgents === 0) {
    reasons.push('NO_AGENTS');
    return result(0, 'PROGRESSIVE', 0, 0);
  }

  let mode: PacingDecision['mode'];
  let capacity: number;
  let wanted: number;
  if (!isTrusted(input.stats, input.statisticsSettings ?? DEFAULT_STATISTICS_SETTINGS)) {
    mode = 'PROGRESSIVE';
    reasons.push('PROGRESSIVE_UNTRUSTED');
    capacity = input.availableAgents - input.answeredWaiting;
    wanted = capacity - ringing;
  } else {
    mode = 'PREDICTIVE';
    const forecast = forecastCapacity({
      availableAgents: input.availableAgents,
      busyAgents: input.busyAgents,
      answeredWaiting: input.answeredWaiting,
      stats: input.stats,
      horizonSeconds: input.horizonSeconds ?? FORECAST_HORIZON_SECONDS,
      wrapUpSeconds: input.wrapUpSeconds ?? 0,
    });
    capacity = forecast.capacity;
    const p = Math.max(ANSWER_PROBABILITY_FLOOR, input.stats.answerProbability);
    // Answers expected from the calls ringing (each by its ring age) plus the new ones should fill
    // the capacity less a margin for chance: both are sums of Bernoulli trials, and their spread
    // is what turns a good average into dropped calls.
    let expectedAnswers = 0;
    let variance = forecast.freedVariance;
    for (const age of input.ringingSeconds) {
      const q = answerProbabilityAtAge(input.stats, age);
      expectedAnswers += q;
      variance += q * (1 - q);
    }
    const z = input.riskMargin ?? DEFAULT_RISK_MARGIN;
    // Each new call adds p expected answers and p(1 − p) variance: the largest n that keeps
    // expected + n·p + z·sqrt(variance + n·p(1 − p)) within the capacity.
    wanted = 0;
    while (wanted < MAX_CALLS_PER_DECISION && expectedAnswers + (wanted + 1) * p + z * Math.sqrt(variance + (wanted + 1) * p * (1 - p)) <= capacity + 1e-9) wanted++;
  }
  if (capacity <= 0 || wanted <= 0) {
    reasons.push('NO_FORECAST_CAPACITY');
    return result(0, mode, capacity, Math.max(0, wanted));
  }

  let calls = wanted;
  if (mode === 'PREDICTIVE' && lineCap < calls) {
    calls = lineCap;
    reasons.push('DIAL_LEVEL');
  }
  const concurrentCallsLeft = input.concurrentCallsLeft ?? null;
  if (concurrentCallsLeft !== null && concurrentCallsLeft < calls) {
    calls = concurrentCallsLeft;
    reasons.push('MAX_CONCURRENT_CALLS');
  }
  const cpsTokens = input.cpsTokens ?? null;
  if (cpsTokens !== null && cpsTokens < calls) {
    calls = cpsTokens;
    reasons.push('CPS');
  }
  return result(calls, mode, capacity, wanted);
}
