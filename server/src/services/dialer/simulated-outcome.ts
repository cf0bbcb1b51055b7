// Pure: simulation mode's far end (CONTRACT "simulation mode"): the dialer draws each attempt's
// outcome and how long it rings; only ANSWER reaches the switch (a customer leg into the queue).
export type SimulatedKind = 'ANSWER' | 'BUSY' | 'NO_ANSWER' | 'FAILED';

export interface SimulationModel {
  /** Relative weights of the outcomes. */
  weights: Record<SimulatedKind, number>;
  /** Seconds a call rings before it is answered, busy, failed or given up (capped by the ring timeout): uniform in [min, max]. */
  ringSeconds: Record<SimulatedKind, [number, number]>;
  /** Mean seconds an answered customer talks before hanging up (exponential). */
  meanTalkSeconds: number;
}

/**
 * Roughly a Brazilian collection list in the afternoon: a third answered within a few seconds,
 * most of the rest ring out, some busy, some failed; the customer talks a minute and a half.
 */
export const DEFAULT_SIMULATION_MODEL: SimulationModel = {
  weights: { ANSWER: 0.35, BUSY: 0.1, NO_ANSWER: 0.45, FAILED: 0.1 },
  ringSeconds: { ANSWER: [3, 12], BUSY: [1, 4], FAILED: [0.5, 2], NO_ANSWER: [30, 30] },
  meanTalkSeconds: 90,
};

export interface SimulatedOutcome {
  kind: SimulatedKind;
  /** How long the attempt rings. */
  ringMs: number;
  /** ANSWER only: how long the customer talks before hanging up. */
  talkMs: number;
  /** The hangup cause of an attempt that never reached the switch. */
  hangupCause: string | null;
}

const CAUSES: Record<SimulatedKind, string | null> = { ANSWER: null, BUSY: 'USER_BUSY', NO_ANSWER: 'NO_ANSWER', FAILED: 'NORMAL_TEMPORARY_FAILURE' };

/** Draws one outcome with `random` (uniform in [0, 1)). */
export function drawSimulatedOutcome(model: SimulationModel, ringTimeoutSeconds: number, random: () => number = Math.random): SimulatedOutcome {
  const kinds = Object.keys(model.weights) as SimulatedKind[];
  const total = kinds.reduce((sum, kind) => sum + Math.max(0, model.weights[kind]), 0);
  let pick = random() * total;
  let kind: SimulatedKind = 'NO_ANSWER';
  for (const candidate of kinds) {
    pick -= Math.max(0, model.weights[candidate]);
    if (pick < 0) {
      kind = candidate;
      break;
    }
  }
  const uniform = ([low, high]: [number, number]) => low + (high - low) * random();
  const ringSeconds = Math.min(ringTimeoutSeconds, uniform(model.ringSeconds[kind]));
  const talkSeconds = kind === 'ANSWER' ? -Math.log(1 - random()) * model.meanTalkSeconds : 0;
  return { kind, ringMs: Math.round(ringSeconds * 1000), talkMs: Math.round(talkSeconds * 1000), hangupCause: CAUSES[kind] };
}
