import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { Field } from '../app/field.tsx';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@callcenter/rules/password-policy';
import { AuthCard } from './auth-card.tsx';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, changePassword, logout } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const forced = me?.mustChangePassword ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setProblem(t('changePassword.tooShort', { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    if (newPassword !== confirmation) {
      setProblem(t('changePassword.mismatch'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await navigate(await changePassword(currentPassword, newPassword), { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('changePassword.title')}>
      {forced && <p className="notice">{t('changePassword.forced')}</p>}
      <form onSubmit={(event) => void submit(event)} className="form">
        <label>
          <span>{t('changePassword.current')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </label>
        <Field label={t('changePassword.new')} hint={t('changePassword.hint', { min: PASSWORD_MIN_LENGTH })}>
          <input
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </Field>
        <label>
          <span>{t('changePassword.confirm')}</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </label>
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {t('changePassword.submit')}
        </button>
      </form>
      <div className="actions">
        {forced ? (
          <button type="button" className="secondary" onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        ) : (
          <Link to="/">{t('common.back')}</Link>
        )}
      </div>
    </AuthCard>
  );
}
