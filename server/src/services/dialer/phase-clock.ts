// Where a dialer tick's time goes, by phase: the bench prints it and the engine logs it at debug,
// so the next change to the tick is measured rather than guessed.

/** `writes`: the states, samples and CAMPAIGN_DIALER_UPDATED events, sent side by side. */
export const TICK_PHASES = ['ownership', 'reads', 'decisions', 'cps', 'claims', 'waiting', 'writes'] as const;
export type TickPhase = (typeof TICK_PHASES)[number];
export type TickPhases = Record<TickPhase, number>;

/** A stopwatch whose laps are charged to phases; a phase met several times (the rounds) adds up. */
export function phaseClock(now: () => number = () => performance.now()) {
  const spent = Object.fromEntries(TICK_PHASES.map((phase) => [phase, 0])) as TickPhases;
  let last = now();
  return {
    /** Charges the time since the previous lap to `phase`. */
    lap(phase: TickPhase): void {
      const at = now();
      spent[phase] += at - last;
      last = at;
    },
    spent: (): TickPhases => ({ ...spent }),
  };
}
