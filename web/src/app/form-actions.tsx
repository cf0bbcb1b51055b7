import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

/** The form's fields as text, to compare with what they held when the form opened. */
const snapshot = (form: HTMLFormElement) =>
  [...new FormData(form).entries()].map(([name, value]) => `${name}=${typeof value === 'string' ? value : value.name}`).join('&');

/**
 * Whether the form around `anchor` holds edits: its fields differ from when it opened. Read on
 * every input or change event, so typing a value back to what it was is not an edit.
 */
function useFormEdited(anchor: React.RefObject<HTMLElement | null>): boolean {
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const initial = snapshot(form);
    const check = () => setEdited(snapshot(form) !== initial);
    form.addEventListener('input', check);
    form.addEventListener('change', check);
    return () => {
      form.removeEventListener('input', check);
      form.removeEventListener('change', check);
    };
  }, [anchor]);
  return edited;
}

/**
 * A form's footer: submit (showing "Saving…" while the request runs) and, when `onCancel` is given,
 * cancel. It also guards the form's edits against navigating away (useUnsavedChangesGuard): by
 * default an edit is any field that differs from when the form opened; `dirty` overrides that.
 */
export function FormActions({
  saving,
  submitLabel,
  onCancel,
  dirty,
}: {
  saving: boolean;
  submitLabel: string;
  onCancel?: () => void;
  dirty?: boolean;
}) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const edited = useFormEdited(anchor);
  useUnsavedChangesGuard(dirty ?? edited, saving);
  return (
    <div className="actions" ref={anchor}>
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
