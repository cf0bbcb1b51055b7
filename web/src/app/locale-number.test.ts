import { describe, expect, it } from 'vitest';
import { decimalPlaces, formatNumberInput, parseLocaleNumber } from './locale-number.ts';

describe('parseLocaleNumber', () => {
  it('reads pt-BR: comma for decimals, dot for thousands', () => {
    expect(parseLocaleNumber('2,5', 'pt-BR')).toBe(2.5);
    expect(parseLocaleNumber('1.234,5', 'pt-BR')).toBe(1234.5);
    expect(parseLocaleNumber(' 40 ', 'pt-BR')).toBe(40);
    expect(parseLocaleNumber('-3,25', 'pt-BR')).toBe(-3.25);
  });

  it('reads English: dot for decimals, comma for thousands', () => {
    expect(parseLocaleNumber('2.5', 'en')).toBe(2.5);
    expect(parseLocaleNumber('1,234.5', 'en')).toBe(1234.5);
    expect(parseLocaleNumber('1234', 'en')).toBe(1234);
  });

  it('refuses garbage and the other language separators instead of misreading them', () => {
    for (const text of ['abc', '2,5x', '1.2.3', '2..5', '1,23,4', ',5', '5,', '1e3', '--1']) expect(parseLocaleNumber(text, 'pt-BR'), text).toBeNull();
    for (const text of ['abc', '2.5.1', '1,23.4', '.5', '5.']) expect(parseLocaleNumber(text, 'en'), text).toBeNull();
    // "2.5" in pt-BR would be a thousands group of one digit: not a number there.
    expect(parseLocaleNumber('2.5', 'pt-BR')).toBeNull();
    expect(parseLocaleNumber('', 'en')).toBeNull();
  });
});

describe('formatNumberInput', () => {
  it('writes the decimal mark of the language and reads back to the same number', () => {
    expect(formatNumberInput(2.5, 'pt-BR')).toBe('2,5');
    expect(formatNumberInput(2.5, 'en')).toBe('2.5');
    expect(formatNumberInput(86400, 'pt-BR')).toBe('86400');
    expect(formatNumberInput(null, 'pt-BR')).toBe('');
    for (const value of [0, 2.5, -3.25, 1234.5, 86400])
      for (const language of ['pt-BR', 'en']) expect(parseLocaleNumber(formatNumberInput(value, language), language)).toBe(value);
  });
});

describe('decimalPlaces', () => {
  it('counts the decimals a typed number needs, whatever binary rounding does to it', () => {
    expect(decimalPlaces(1.155)).toBe(3);
    expect(decimalPlaces(1.15)).toBe(2);
    expect(decimalPlaces(parseLocaleNumber('1,150', 'pt-BR')!)).toBe(2);
    expect(decimalPlaces(2)).toBe(0);
    expect(decimalPlaces(-3.25)).toBe(2);
    // Very small and very large numbers are written with an exponent.
    expect(decimalPlaces(0.0000001)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(1e21)).toBe(0);
  });
});
