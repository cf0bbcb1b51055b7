// Pure: a number typed the way the user's language writes it. pt-BR writes "1.234,5" (dot groups
// thousands, comma marks the decimals), English "1,234.5". Anything else is refused (null), never
// half-read: "2,5" in pt-BR is 2.5, not 25.

const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  'pt-BR': { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const escape = (char: string) => `\\${char}`;

/** The number in `text` as `language` writes it; null for blank text or anything that is not one number. */
export function parseLocaleNumber(text: string, language: string): number | null {
  const { group, decimal } = SEPARATORS[language] ?? SEPARATORS.en!;
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  // Optional sign; digits either plain or grouped by threes; optional decimals.
  const shape = new RegExp(`^-?(\\d+|\\d{1,3}(${escape(group)}\\d{3})+)(${escape(decimal)}\\d+)?$`);
  if (!shape.test(trimmed)) return null;
  const value = Number(trimmed.split(group).join('').replace(decimal, '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * `value` as an input field shows it in `language`: the same decimal mark the parser reads and no
 * thousands groups (a typed "1234" and a shown "1234" look alike), so 2.5 is "2,5" in pt-BR.
 */
export function formatNumberInput(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const { decimal } = SEPARATORS[language] ?? SEPARATORS.en!;
  return String(value).replace('.', decimal);
}

/**
 * How many decimal places `value` needs (1.155 needs 3, 1.10 needs 1), read from its shortest
 * decimal writing, so binary rounding (1.155 is 1.15499… in memory) does not add digits.
 */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [digits = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = digits.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}
