import { useEffect, useState } from 'react';

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

/** True while focus is in a form (see isFillingForm), followed through focusin and focusout. */
export function useFillingForm(): boolean {
  const [filling, setFilling] = useState(() => isFillingForm(document.activeElement));
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => setFilling(isFillingForm(e.target));
    // relatedTarget: where the focus goes (null when it leaves for the page or the window).
    const onFocusOut = (e: FocusEvent) => setFilling(isFillingForm(e.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return filling;
}
