import { describe, expect, it } from 'vitest';
import { languageFromTag, pickLanguage } from './languages.ts';

describe('languageFromTag', () => {
  it('maps every Portuguese tag to pt-BR and anything else to English', () => {
    expect(languageFromTag('pt')).toBe('pt-BR');
    expect(languageFromTag('pt-PT')).toBe('pt-BR');
    expect(languageFromTag('PT-br')).toBe('pt-BR');
    expect(languageFromTag('es-AR')).toBe('en');
    expect(languageFromTag(undefined)).toBe('en');
  });
});

describe('pickLanguage', () => {
  it('prefers the explicit device choice, then the user locale, then the browser', () => {
    expect(pickLanguage({ stored: 'en', userLocale: 'pt-BR', browser: 'pt-BR' })).toBe('en');
    expect(pickLanguage({ stored: null, userLocale: 'pt-BR', browser: 'en-US' })).toBe('pt-BR');
    expect(pickLanguage({ stored: null, userLocale: null, browser: 'pt-BR' })).toBe('pt-BR');
    expect(pickLanguage({ stored: 'fr', userLocale: null, browser: 'de' })).toBe('en');
  });
});
