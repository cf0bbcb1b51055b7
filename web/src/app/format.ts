// Pure formatting helpers: callers pass the display language and the tenant's time zone, so the
// same instant reads the same for everyone in a tenant wherever their browser is.

import { isTimeZone } from '@callcenter/rules/locale';

export type DateInput = string | number | Date | null | undefined;

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function formatDateTime(value: DateInput, locale: string, timeZone: string): string {
  return formatInstant(value, 'dateTime', locale, timeZone);
}

export function formatDate(value: DateInput, locale: string, timeZone: string): string {
  return formatInstant(value, 'date', locale, timeZone);
}

export function formatNumber(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(locale).format(value);
}

/** A share (0..1) as a whole percentage in the locale's way ("83%", "83 %"); empty when unknown. */
export function formatPercent(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(value);
}

/** Plan limits: null means the plan sets no limit. */
export function formatLimit(
  value: number | null | undefined,
  locale: string,
  unlimitedLabel: string,
): string {
  return value === null || value === undefined ? unlimitedLabel : formatNumber(value, locale);
}

function formatInstant(value: DateInput, style: DateStyle, locale: string, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(style, locale, timeZone).format(date);
}

// Building a formatter is far dearer than using one, and a table formats a date per cell: each
// (style, language, zone) gets one, made on first use.
const DATE_STYLES = {
  dateTime: { dateStyle: 'short', timeStyle: 'medium' },
  date: { dateStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof DATE_STYLES;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(style: DateStyle, locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    // An unknown zone (a typo saved in the settings) must not blank every date on the page.
    const zone = isTimeZone(timeZone) ? timeZone : undefined;
    format = new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], timeZone: zone });
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}
