// Which language the console speaks: an explicit pick from the header switcher on this device wins,
// then the user's profile locale, then the browser. Pure so the precedence is unit-tested.

import { SUPPORTED_LOCALES } from '@callcenter/rules/locale';

/** The console speaks the languages a tenant may choose. */
export const LANGUAGES = SUPPORTED_LOCALES;
export type Language = (typeof LANGUAGES)[number];

export function languageFromTag(tag: string | null | undefined): Language {
  return tag?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function pickLanguage(choice: {
  stored: string | null;
  userLocale: string | null | undefined;
  browser: string | null | undefined;
}): Language {
  if (isLanguage(choice.stored)) return choice.stored;
  if (choice.userLocale) return languageFromTag(choice.userLocale);
  return languageFromTag(choice.browser);
}
