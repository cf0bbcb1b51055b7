import { useTranslation } from 'react-i18next';

/** A form's footer: submit (showing "Saving…" while the request runs) and, when `onCancel` is given, cancel. */
export function FormActions({
  saving,
  submitLabel,
  onCancel,
}: {
  saving: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" disabled={saving}>
        {saving ? t('common.saving') : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
