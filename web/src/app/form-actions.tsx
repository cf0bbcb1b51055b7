import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstField, focusAfterForm, lastOpener } from './focus.ts';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

/**
 * The form's fields as text, to compare with what they held when the form opened. Every control
 * counts, named or not (React's controlled inputs usually have no name, so FormData sees nothing).
 */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify(
    [...form.elements].map((element) => {
      if (element instanceof HTMLInputElement) {
        if (element.type === 'checkbox' || element.type === 'radio') return element.checked;
        if (element.type === 'file') return [...(element.files ?? [])].map((file) => file.name);
        return element.value;
      }
      if (element instanceof HTMLSelectElement) return [...element.selectedOptions].map((option) => option.value);
      if (element instanceof HTMLTextAreaElement) return element.value;
      return null;
    }),
  );
}

/**
 * Whether the form around `anchor` holds edits: its fields differ from when it opened. Read on
 * every input or change event, so typing a value back to what it was is not an edit.
 */
function useFormEdited(anchor: React.RefObject<HTMLElement | null>, saving: boolean): boolean {
  const [edited, setEdited] = useState(false);
  const baseline = useRef<string | null>(null);
  const wasSaving = useRef(saving);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    baseline.current = snapshot(form);
    const check = () => setEdited(snapshot(form) !== baseline.current);
    form.addEventListener('input', check);
    form.addEventListener('change', check);
    return () => {
      form.removeEventListener('input', check);
      form.removeEventListener('change', check);
    };
  }, [anchor]);
  // A form that stays open after a save (settings): once the save ends without an error shown in
  // the form, what it holds is what the server holds.
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (wasSaving.current && !saving && form && !form.querySelector('[role="alert"]')) {
      baseline.current = snapshot(form);
      setEdited(false);
    }
    wasSaving.current = saving;
  }, [anchor, saving]);
  return edited;
}

/**
 * A form's footer: submit (showing "Saving…" while the request runs) and, when `onCancel` is given,
 * cancel. A form with `onCancel` is one that was opened: focus moves into it, Escape closes it, and
 * when it closes focus goes to its result (or back where it came from). It also guards the form's
 * edits against navigating away (useUnsavedChangesGuard): by default an edit is any field that
 * differs from when the form opened; `dirty` overrides that.
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
  const ref = useRef<HTMLDivElement>(null);
  const edited = useFormEdited(ref, saving);
  useUnsavedChangesGuard(dirty ?? edited, saving);
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
