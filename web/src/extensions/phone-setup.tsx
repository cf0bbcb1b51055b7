import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtensionWithPassword } from './extensions.api.ts';

/**
 * What a person types into a phone after creating an extension or revealing/resetting its
 * password. A SIP password is not a user password: it stays readable (reveal is audited) and the
 * phone never changes it, so no "shown once" or "change at first access" here.
 */
export function PhoneSetup({ extension, onDismiss }: { extension: ExtensionWithPassword; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), [extension]);
  const { registrar } = extension;
  const title = t('extensionPhones.setupTitle', { number: extension.number });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(extension.sipPassword);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className="one-time-secret" aria-label={title} role="status" tabIndex={-1} ref={panel}>
      <h3>{title}</h3>
      <p>{t('extensionPhones.setupHint')}</p>
      <dl data-testid="phone-setup">
        <dt>{t('extensionPhones.sipUser')}</dt>
        <dd>{extension.number}</dd>
        <dt>{t('extensionPhones.authUser')}</dt>
        <dd>{extension.number}</dd>
        <dt>{t('extensionPhones.password')}</dt>
        <dd>
          <code data-testid="one-time-password">{extension.sipPassword}</code>{' '}
          <button type="button" className="secondary" onClick={() => void copy()}>
            {copied ? t('extensionPhones.copied') : t('extensionPhones.copy')}
          </button>
        </dd>
        <dt>{t('extensionPhones.domain')}</dt>
        <dd>{extension.domain}</dd>
        <dt>{t('extensionPhones.registrar')}</dt>
        <dd data-testid="registrar">{`${registrar.host}:${registrar.port}`}</dd>
        <dt>{t('extensionPhones.transport')}</dt>
        <dd>{registrar.transport.toUpperCase()}</dd>
      </dl>
      <button type="button" onClick={onDismiss}>
        {t('extensionPhones.done')}
      </button>
    </section>
  );
}
