// The languages and time zones a tenant may choose: pure, so the console offers the same.
export const SUPPORTED_LOCALES = ['pt-BR', 'en'] as const;

/** An IANA time zone name the runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
