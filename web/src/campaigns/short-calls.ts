import type { ShortCallLevel, ShortCalls } from './campaigns.api.ts';

/** What the console flags: the server's level, or a share over the threshold on too few calls to act on. */
export type ShortCallAlert = ShortCallLevel | 'OVER_ON_FEW_CALLS';

/**
 * Pure: a share of 100% on five calls is not acted on by the dialer (too few to mean anything), but a
 * manager reading "100%" next to a 60% limit must see why nothing happens rather than an unflagged number.
 */
export function shortCallAlert(shortCalls: ShortCalls): ShortCallAlert {
  if (shortCalls.level !== 'OK') return shortCalls.level;
  const overOnFewCalls = shortCalls.today > 0 && shortCalls.today < shortCalls.minCalls && shortCalls.share >= shortCalls.threshold;
  return overOnFewCalls ? 'OVER_ON_FEW_CALLS' : 'OK';
}
