import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface OneTimePasswordProps {
  /** Who the password is for: an e-mail, or a SIP user such as 1001@domain. */
  account: string;
  /** What `account` is; an e-mail unless said otherwise. */
  accountLabel?: string;
  /** null when the account already existed and keeps its own password. */
  password: string | null;
  onDismiss: () => void;
}

/** A generated password is shown exactly once: the server keeps only its hash. */
export function OneTimePassword({ account, accountLabel, password, onDismiss }: OneTimePasswordProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLElement>(null);
  // Focus lands on the panel, so a screen reader reads it and the keyboard continues from it.
  useEffect(() => panel.current?.focus(), []);

  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className="one-time-secret" aria-label={t('oneTimePassword.title')} ref={panel} tabIndex={-1}>
      <h3>{t('oneTimePassword.title')}</h3>
      {password ? (
        <div role="status" aria-live="polite">
          <p className="warning">{t('oneTimePassword.warning')}</p>
          <dl>
            <dt>{accountLabel ?? t('common.email')}</dt>
            <dd>{account}</dd>
            <dt>{t('oneTimePassword.password')}</dt>
            <dd>
              <code data-testid="one-time-password">{password}</code>{' '}
              <button type="button" className="secondary" onClick={() => void copy()}>
                {copied ? t('oneTimePassword.copied') : t('oneTimePassword.copy')}
              </button>
            </dd>
          </dl>
        </div>
      ) : (
        <p role="status">{t('oneTimePassword.existingAccount', { email: account })}</p>
      )}
      <button type="button" onClick={onDismiss}>
        {t('oneTimePassword.done')}
      </button>
    </section>
  );
}
