import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { firstField, focusAfterForm, lastOpener } from './focus.ts';

/**
 * A form's footer: submit (showing "Saving…" while the request runs) and, when `onCancel` is given, cancel.
 * A form with `onCancel` is one that was opened: focus moves into it, Escape closes it, and when it
 * closes focus goes to its result (or back where it came from).
 */
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
  const ref = useRef<HTMLDivElement>(null);
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  });
  const opened = onCancel !== undefined;

  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!opened || !form) return;
    const opener = lastOpener(form);
    if (!form.contains(document.activeElement)) firstField(form)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      cancelRef.current?.();
    };
    form.addEventListener('keydown', onKey);
    return () => {
      form.removeEventListener('keydown', onKey);
      // After the closing render has put the result on screen.
      requestAnimationFrame(() => focusAfterForm(opener));
    };
  }, [opened]);

  return (
    <div className="actions" ref={ref}>
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
