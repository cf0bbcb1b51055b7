import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../app/api-client.ts';
import { landingPath, useAuth } from '../app/auth-context.tsx';
import { errorMessage, type Translator } from '../app/error-details.ts';
import { useErrorTranslator } from '../app/feedback.tsx';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const translator = useErrorTranslator();
  const location = useLocation();
  const { status, me, activeTenants, login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status === 'authenticated' && me) {
    const from = (location.state as { from?: string } | null)?.from;
    const landing = landingPath(me, activeTenants);
    return <Navigate to={landing === '/' && from ? from : landing} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Once the session is set, the redirect at the top of this component takes over.
      await login(email.trim(), password);
    } catch (caught) {
      setError(loginErrorMessage(caught, translator));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={(event) => void submit(event)} className="form">
        <label>
          <span>{t('common.email')}</span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          <span>{t('login.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('login.signingIn') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}

function loginErrorMessage(error: unknown, translator: Translator): string {
  const { t } = translator;
  if (!(error instanceof ApiError)) return t('errors.network');
  // 401 stays generic on purpose: it must not reveal whether the e-mail exists.
  if (error.status === 401) return t('login.errors.invalidCredentials');
  if (error.status === 429) {
    return error.retryAfterSeconds === null
      ? t('login.errors.tooManyAttempts')
      : t('login.errors.tooManyAttemptsRetry', { seconds: error.retryAfterSeconds });
  }
  if (/DISABLED/.test(error.code)) return t('login.errors.disabled');
  return errorMessage(error, translator);
}
