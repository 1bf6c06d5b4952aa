import { useSyncExternalStore } from 'react';

/**
 * Whether focus is in a form: a text field, or any control of a <form> (its submit button, a
 * checkbox). A modal that opened then would take the focus, and what the visitor types next would
 * land in it instead of the field (issue 16: the top bar's login lost what was typed).
 */
export function isFillingForm(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el.closest('form')) return true;
  return el.matches('textarea, select, input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], [type=range], [type=color], [type=file])');
}

/**
 * Whether focus is in a form now, followed through focusin and focusout (relatedTarget: where the
 * focus goes, null when it leaves for the page or the window). The listeners are installed once,
 * when this module loads, not in a component's effect: a blur between a component's first render
 * and its effect would go unheard and leave it believing the form was still being filled.
 */
const focusWatch = (() => {
  let filling = typeof document === 'undefined' ? false : isFillingForm(document.activeElement);
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === filling) return;
    filling = next;
    for (const l of listeners) l();
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('focusin', (e) => set(isFillingForm(e.target)));
    document.addEventListener('focusout', (e) => set(isFillingForm(e.relatedTarget)));
  }
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => filling,
  };
})();

/** True while focus is in a form (see isFillingForm). */
export function useFillingForm(): boolean {
  return useSyncExternalStore(focusWatch.subscribe, focusWatch.get, () => false);
}
