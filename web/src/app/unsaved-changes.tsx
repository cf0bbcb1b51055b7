// One guard against losing edits: every form with unsaved edits registers here through
// useUnsavedChangesGuard(dirty); a single React Router blocker asks before any in-app navigation
// (another page, or the same page at another address such as ?menu=…), and the browser's own
// beforeunload prompt covers closing or reloading the tab. One blocker for the whole console,
// because React Router supports only one at a time.
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Each registered form: whether it holds edits that navigating away would lose right now. */
const sources = new Map<string, () => boolean>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether any registered form would lose edits now. */
export const hasUnsavedChanges = () => [...sources.values()].some((isDirty) => isDirty());

/**
 * Registers a form's unsaved edits. `dirty` is read at navigation time together with `saving`
 * (a save in flight that navigates when it succeeds, e.g. "create then open", is not a loss).
 */
export function useUnsavedChangesGuard(dirty: boolean, saving = false): void {
  const id = useId();
  const state = useRef({ dirty, saving });
  state.current = { dirty, saving };
  useEffect(() => {
    sources.set(id, () => state.current.dirty && !state.current.saving);
    changed();
    return () => {
      sources.delete(id);
      changed();
    };
  }, [id]);
  // Re-render the prompt's beforeunload registration when this form's dirtiness flips.
  useEffect(changed, [dirty, saving]);
}

/** Mounted once inside the router: the blocker, its dialog, and the tab-close prompt. */
export function UnsavedChangesPrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useSyncExternalStore(subscribe, () => version);
  const dirty = hasUnsavedChanges();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      hasUnsavedChanges(),
  );
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue; all of them show their own text.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      stay.current?.focus();
    }
    if (!blocked && element.open) element.close();
  }, [blocked]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Esc closes a modal dialog: that is "stay".
      onCancel={(event) => {
        event.preventDefault();
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      {blocked && (
        <>
          <h2 id={titleId}>{t('unsaved.title')}</h2>
          <p id={textId}>{t('unsaved.text')}</p>
          <div className="actions">
            <button ref={stay} type="button" onClick={() => blocker.reset()}>
              {t('unsaved.stay')}
            </button>
            <button type="button" className="danger" onClick={() => blocker.proceed()}>
              {t('unsaved.leave')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
