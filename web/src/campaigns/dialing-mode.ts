// Pure: the dialing mode the wizard offers, on the server's one dialer (decision 0069). Progressive
// is a dial level held at 1 line per available agent; predictive lets the level move between the
// campaign's minimum and maximum. Preview (the agent sees the lead before the call is placed) is not
// something the dialer does, so it is not offered.

export const DIALING_MODES = ['PROGRESSIVE', 'PREDICTIVE'] as const;
export type DialingMode = (typeof DIALING_MODES)[number];

/** The mode a stored dial-level range amounts to. */
export function dialingModeOf(pacingMin: number, pacingMax: number): DialingMode {
  return pacingMin === 1 && pacingMax === 1 ? 'PROGRESSIVE' : 'PREDICTIVE';
}

/** The dial-level range sent for a mode: progressive pins it to 1–1. */
export function pacingFor(
  mode: DialingMode,
  pacingMin: number,
  pacingMax: number,
): { pacingMin: number; pacingMax: number } {
  return mode === 'PROGRESSIVE' ? { pacingMin: 1, pacingMax: 1 } : { pacingMin, pacingMax };
}
