// Where keyboard focus goes when a form opens and closes (decision 0025).

const FIELDS =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** The first field a person fills in the form, or null. */
export function firstField(form: HTMLElement): HTMLElement | null {
  return form.querySelector<HTMLElement>(FIELDS);
}

/** A control that opened something: the element, and its text to find it again once re-rendered. */
export interface Opener {
  element: Element;
  text: string;
}

let lastActivated: Opener | null = null;
// A button that opens a form usually disappears while the form is open, before any effect of the
// form runs; the last activated control is remembered here (Enter and Space also fire click).
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('button, a') : null;
      if (control) lastActivated = { element: control, text: describe(control) };
    },
    true,
  );
}

const describe = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();

/** The control that was activated last, unless it lies inside `within`. */
export function lastOpener(within: Element): Opener | null {
  return lastActivated && !within.contains(lastActivated.element) ? lastActivated : null;
}

// What a finished form leaves behind, most telling first: a one-time secret, an error, a success.
const RESULTS = ['.one-time-secret', '[role="alert"]', '[role="status"].success'];

/**
 * After a form closes: to what it produced when there is something, else back to the control
 * that opened it (or its re-rendered twin), else to the page's title, so focus never falls back
 * to the document body.
 */
export function focusAfterForm(opener: Opener | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const content = document.getElementById('content') ?? document.body;
  for (const selector of RESULTS) {
    const result = content.querySelector<HTMLElement>(selector);
    if (result) return focusElement(result);
  }
  if (opener) {
    const again = opener.element.isConnected
      ? opener.element
      : [...content.querySelectorAll('button, a')].find((element) => describe(element) === opener.text);
    if (again instanceof HTMLElement) return again.focus();
  }
  const title = content.querySelector<HTMLElement>('h1');
  if (title) focusElement(title);
}

function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus();
}
