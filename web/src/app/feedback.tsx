import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/**
 * Shows the translation of the server's error code when the console has one (errors.codes), else
 * the server's own message; anything else is a connectivity problem.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message =
    error instanceof ApiError
      ? t(`errors.codes.${error.code}`, { defaultValue: error.message || t('errors.unexpected') })
      : t('errors.network');
  return (
    <p role="alert" className="error">
      {message}
    </p>
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
