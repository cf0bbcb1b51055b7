// The wallboard's rules, pure: what counts as answered in time, and the service level of a queue.

/** A caller reached an agent within this many seconds of joining the queue: the usual 80/20 target's 20. */
export const SERVICE_LEVEL_SECONDS = 20;

/**
 * Share of today's queue callers who reached an agent within SERVICE_LEVEL_SECONDS, among those who
 * reached one or left without one (callers still waiting are not counted yet); null before the first.
 */
export function serviceLevel(counts: { answeredInTime: number; answered: number; abandoned: number }): number | null {
  const finished = counts.answered + counts.abandoned;
  if (finished === 0) return null;
  return counts.answeredInTime / finished;
}
