import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatLimit, formatNumber, formatPercent } from './format.ts';

const instant = '2026-03-05T15:04:05Z';

describe('formatDateTime', () => {
  it('renders the instant in the tenant time zone, not the browser one', () => {
    expect(formatDateTime(instant, 'pt-BR', 'America/Sao_Paulo')).toBe('05/03/2026, 12:04:05');
    expect(formatDateTime(instant, 'pt-BR', 'UTC')).toBe('05/03/2026, 15:04:05');
  });

  it('follows the language conventions', () => {
    expect(formatDateTime(instant, 'en', 'UTC')).toBe('3/5/26, 3:04:05 PM');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDateTime(null, 'en', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
  });

  it('still renders when the configured zone is unknown', () => {
    expect(formatDateTime(instant, 'en', 'Mars/Olympus')).not.toBe('');
  });

  it('builds one formatter per language, zone and style, not one per value', () => {
    formatDateTime(instant, 'en', 'Asia/Tokyo');
    const constructed = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatDateTime('2026-03-06T00:00:00Z', 'en', 'Asia/Tokyo')).toBe('3/6/26, 9:00:00 AM');
      expect(formatDateTime(instant, 'en', 'Asia/Tokyo')).toBe('3/6/26, 12:04:05 AM');
      expect(constructed).not.toHaveBeenCalled();
      expect(formatDateTime(instant, 'pt-BR', 'Asia/Tokyo')).toBe('06/03/2026, 00:04:05');
      expect(constructed).toHaveBeenCalled();
    } finally {
      constructed.mockRestore();
    }
  });
});

describe('formatDate', () => {
  it('crosses the day boundary according to the zone', () => {
    const lateEvening = '2026-03-06T01:30:00Z';
    expect(formatDate(lateEvening, 'pt-BR', 'America/Sao_Paulo')).toBe('5 de mar. de 2026');
    expect(formatDate(lateEvening, 'en', 'UTC')).toBe('Mar 6, 2026');
  });
});

describe('formatNumber and formatLimit', () => {
  it('groups digits per language', () => {
    expect(formatNumber(1234567, 'pt-BR')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(null, 'en')).toBe('');
  });

  it('shows the unlimited label for null limits', () => {
    expect(formatLimit(null, 'pt-BR', 'Ilimitado')).toBe('Ilimitado');
    expect(formatLimit(0, 'pt-BR', 'Ilimitado')).toBe('0');
    expect(formatLimit(2500, 'en', 'Unlimited')).toBe('2,500');
  });
});

describe('formatPercent', () => {
  it('writes a share as a whole percentage in each language, and nothing when unknown', () => {
    expect(formatPercent(0.8333, 'en')).toBe('83%');
    expect(formatPercent(0.8333, 'pt-BR')).toBe('83%');
    expect(formatPercent(0.125, 'pt-BR')).toBe('13%');
    expect(formatPercent(null, 'en')).toBe('');
  });
});
