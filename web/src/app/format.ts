// Pure formatting helpers: callers pass the display language and the tenant's time zone, so the
// same instant reads the same for everyone in a tenant wherever their browser is.

export type DateInput = string | number | Date | null | undefined;

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function formatDateTime(value: DateInput, locale: string, timeZone: string): string {
  return formatInstant(value, locale, timeZone, { dateStyle: 'short', timeStyle: 'medium' });
}

export function formatDate(value: DateInput, locale: string, timeZone: string): string {
  return formatInstant(value, locale, timeZone, { dateStyle: 'medium' });
}

export function formatNumber(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(locale).format(value);
}

/** Plan limits: null means the plan sets no limit. */
export function formatLimit(
  value: number | null | undefined,
  locale: string,
  unlimitedLabel: string,
): string {
  return value === null || value === undefined ? unlimitedLabel : formatNumber(value, locale);
}

function formatInstant(
  value: DateInput,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // An unknown zone (a typo saved in the settings) must not blank every date on the page.
  const zone = isValidTimeZone(timeZone) ? timeZone : undefined;
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }).format(date);
}
