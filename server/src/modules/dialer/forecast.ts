// Pure: how much agent capacity frees up within the forecast horizon.
//
// Model: talk time T is log-normal, fitted by moments from the campaign's weighted mean m and
// variance v (σ² = ln(1 + v/m²), μ = ln m − σ²/2). Talk times are right-skewed and positive, and
// the log-normal is the usual fit for them (Brown et al., "Statistical analysis of a telephone call
// center", JASA 2005). An agent who has talked t seconds is free within h seconds with the
// conditional probability P(T ≤ t + h | T > t) = (S(t) − S(t + h)) / S(t), S the survival
// function: unlike the exponential (memoryless) it changes with the time already spent.
import type { CampaignStatistics } from './campaign-statistics.ts';

/** The specification's capacity forecast horizon. */
export const FORECAST_HORIZON_SECONDS = 15;

export interface LogNormal {
  mu: number;
  sigma: number;
}

/** Log-normal parameters with the given mean and variance (variance floored so σ > 0). */
export function fitLogNormal(mean: number, variance: number): LogNormal {
  const m = Math.max(mean, 1);
  const v = Math.max(variance, (0.05 * m) ** 2);
  const sigma2 = Math.log(1 + v / (m * m));
  return { mu: Math.log(m) - sigma2 / 2, sigma: Math.sqrt(sigma2) };
}

// erfc as Numerical Recipes' erfcc (a Chebyshev fit, fractional error < 1.2e-7 everywhere): one
// function, not worth a dependency (decision 0044).
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(T > t) for a log-normal T. */
export function survival(model: LogNormal, t: number): number {
  if (t <= 0) return 1;
  return 0.5 * erfc((Math.log(t) - model.mu) / (model.sigma * Math.SQRT2));
}

/** P(T ≤ t + h | T > t): the chance an agent who has talked t seconds is free within h seconds. */
export function probabilityFreeWithin(model: LogNormal, elapsedSeconds: number, horizonSeconds: number): number {
  const now = survival(model, elapsedSeconds);
  // Far in the tail the call is "overdue": the model says nothing useful, count it as ending soon.
  if (now < 1e-9) return 1;
  const p = (now - survival(model, elapsedSeconds + horizonSeconds)) / now;
  return Math.min(1, Math.max(0, p));
}

/** An agent on a call (or in wrap-up) now. */
export interface BusyAgent {
  phase: 'TALK' | 'WRAP_UP';
  /** Seconds since the phase began. */
  elapsedSeconds: number;
}

export interface CapacityForecast {
  /** Agents free now plus the expected number freed within the horizon, minus answered callers waiting. */
  capacity: number;
  /** Expected number of busy agents free within the horizon. */
  expectedFreed: number;
  /** Variance of the number freed (a sum of independent Bernoulli trials). */
  freedVariance: number;
}

/**
 * Agent capacity over the horizon. Wrap-up is taken as a fixed `wrapUpSeconds` after each talk:
 * a talking agent is free once talk and wrap-up are both done; an agent in wrap-up is free within
 * the horizon when its wrap-up ends inside it.
 */
export function forecastCapacity(input: {
  availableAgents: number;
  busyAgents: readonly BusyAgent[];
  answeredWaiting: number;
  stats: Pick<CampaignStatistics, 'averageTalkTime' | 'talkTimeVariance'>;
  horizonSeconds?: number;
  wrapUpSeconds?: number;
}): CapacityForecast {
  const horizon = input.horizonSeconds ?? FORECAST_HORIZON_SECONDS;
  const wrapUp = input.wrapUpSeconds ?? 0;
  const model = fitLogNormal(input.stats.averageTalkTime, input.stats.talkTimeVariance);
  let expectedFreed = 0;
  let freedVariance = 0;
  for (const agent of input.busyAgents) {
    let q = 0;
    if (agent.phase === 'WRAP_UP') q = wrapUp - agent.elapsedSeconds <= horizon ? 1 : 0;
    else if (horizon > wrapUp) q = probabilityFreeWithin(model, agent.elapsedSeconds, horizon - wrapUp);
    expectedFreed += q;
    freedVariance += q * (1 - q);
  }
  return { capacity: input.availableAgents + expectedFreed - input.answeredWaiting, expectedFreed, freedVariance };
}
