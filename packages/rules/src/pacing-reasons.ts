// Why the dialer places as many calls as it does; the console words each reason.
export type PacingReason =
  /** No logged-in, non-paused agent. */
  | 'NO_AGENTS'
  /** Statistics not trusted yet: progressive 1:1 (one call per free agent). */
  | 'PROGRESSIVE_UNTRUSTED'
  /** The forecast sees no free agent within the horizon (or the ringing calls already cover it). */
  | 'NO_FORECAST_CAPACITY'
  /** Lines per active agent reached the dial level. */
  | 'DIAL_LEVEL'
  /** The plan's max_concurrent_calls. */
  | 'MAX_CONCURRENT_CALLS'
  /** CPS tokens left this second. */
  | 'CPS'
  /** The short-call guard lowered the dial level. */
  | 'SHORT_CALL_GUARD';
