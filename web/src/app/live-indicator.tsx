import { useTranslation } from 'react-i18next';

/** Says whether the page follows the switch live or shows what it loaded. */
export function LiveIndicator({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="muted" role="status" aria-live="polite">
      <span className={`badge ${connected ? 'active' : 'pending'}`}>
        {connected ? t('common.live') : t('common.liveOff')}
      </span>
    </p>
  );
}
