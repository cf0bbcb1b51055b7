import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmButtonProps {
  label: string;
  /** The first button's accessible name when the visible label alone is ambiguous in a list. */
  ariaLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** Said next to the confirmation, e.g. what can never be undone. */
  warning?: string;
}

/** Destructive actions ask twice, inline, rather than through a blocking browser dialog. */
export function ConfirmButton({ label, ariaLabel, confirmLabel, onConfirm, disabled, warning }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return (
      <button
        type="button"
        className="danger"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setArmed(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm">
      {warning && (
        <span className="warning" role="alert">
          {warning}
        </span>
      )}
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setArmed(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => setArmed(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
