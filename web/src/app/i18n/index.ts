import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api-client.ts';
import { pickLanguage, type Language } from './languages.ts';
import { MESSAGES } from './resources.ts';

const STORED_LANGUAGE_KEY = 'console.language';

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORED_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function apply(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

// Whatever changes the language, the page attributes and the API's Accept-Language follow.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  document.title = i18n.t('app.name');
  setRequestLanguage(language);
});

const initial = pickLanguage({ stored: readStoredLanguage(), userLocale: null, browser: navigator.language });

void i18n.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: MESSAGES['pt-BR'] }, en: { translation: MESSAGES.en } },
  lng: initial,
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes
});

/** Applies the signed-in user's locale unless this device has an explicit choice. */
export function applyUserLocale(userLocale: string | null | undefined): void {
  apply(pickLanguage({ stored: readStoredLanguage(), userLocale, browser: navigator.language }));
}

/** The header switcher: an explicit choice, remembered on this device. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORED_LANGUAGE_KEY, language);
  } catch {
    // Without storage the choice still applies until the page reloads.
  }
  apply(language);
}
