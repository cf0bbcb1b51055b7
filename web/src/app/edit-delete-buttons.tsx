import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';

/** A row's usual pair: edit it, or delete it after a second click. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  confirmLabel,
  deleting,
}: {
  onEdit: () => void;
  onDelete: () => void;
  /** What the second click says, e.g. "Confirm deletion". */
  confirmLabel: string;
  /** While a deletion runs, the delete button waits. */
  deleting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="secondary" onClick={onEdit}>
        {t('common.edit')}
      </button>
      <ConfirmButton
        label={t('common.delete')}
        confirmLabel={confirmLabel}
        disabled={deleting}
        onConfirm={onDelete}
      />
    </>
  );
}
