import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldMessages, type Translator } from './error-details.ts';

/** The translator error-details.ts words errors with, in the console's current language. */
export function useErrorTranslator(): Translator {
  const { t, i18n } = useTranslation();
  return { t: (key, options) => t(key, options ?? {}), exists: (key) => i18n.exists(key) };
}

/**
 * The server's error in the user's language (from its code and params; the server's own message
 * only for a code the console does not know), with each refused field of a validation answer;
 * anything that is not an answer is a connectivity problem.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const translator = useErrorTranslator();
  if (!error) return null;
  const fields = fieldMessages(error, translator);
  return (
    <div role="alert" className="error">
      <p>{errorMessage(error, translator)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="success">
      {children}
    </p>
  );
}
