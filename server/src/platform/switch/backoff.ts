/** Exponential backoff with full jitter: a random delay in [0, min(max, base·2^attempt)], at least `floor`. */
export function reconnectDelay(attempt: number, options: { baseMs: number; maxMs: number; floorMs?: number }, random = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 30));
  return Math.max(options.floorMs ?? 0, Math.round(random() * ceiling));
}
