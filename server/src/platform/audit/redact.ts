// Audit details never carry a secret (callers record "replaced"/"removed", not values); this is the
// second fence, applied when the log is read, in case a caller ever forgets.
const SECRET_KEY = /pass(word)?|secret|token|sealed|pin$/i;
const SAFE_WORDS = new Set(['replaced', 'removed', 'set']);

export const REDACTED = '[redacted]';

export function redactDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => {
      if (SECRET_KEY.test(key)) {
        const safe = typeof value === 'boolean' || value === null || (typeof value === 'string' && SAFE_WORDS.has(value));
        return [key, safe ? value : REDACTED];
      }
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return [key, redactDetails(value as Record<string, unknown>)];
      return [key, value];
    }),
  );
}
