import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './i18n/index.ts';
import { LANGUAGES, isLanguage } from './i18n/languages.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('header.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
