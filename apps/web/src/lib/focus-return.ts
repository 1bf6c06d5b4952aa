import { lastFocusedElement } from './focus-watch.ts';

/**
 * Where the keyboard focus goes when what held it goes away (issue 23: every modal gives the focus back). Radix
 * Dialog returns it only to a Dialog.Trigger, and our modals open from the stores (ui-store, dialog-store), so the
 * modal keeps its opener itself (`openerNow` when it opens, `returnFocus` when it closes). An opener that is gone by
 * then — the register button once the member is signed in, the member menu once they have signed out — hands the
 * focus to the top bar's account control, the element marked `data-focus-fallback` (the member menu's button, or
 * the login form's first field), waited for while its code loads.
 */

/** Nothing has the focus: it was on an element that was removed or disabled, or never left the page. */
export function focusLost(doc: Document = document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/** The control a modal opening now was opened from: the focused one, else the one focused last; null on a fresh page. */
export function openerNow(doc: Document = document): HTMLElement | null {
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active !== doc.body) return active;
  const last = lastFocusedElement();
  return last?.ownerDocument === doc ? last : null;
}

/** The focus was dropped: lost, and the element that had it last has left the page (a view replaced by another). */
export function focusDropped(doc: Document = document): boolean {
  const last = lastFocusedElement();
  return focusLost(doc) && last !== null && last.ownerDocument === doc && !last.isConnected;
}

/**
 * A modal has closed: the focus goes back to its opener, or to the account control when the opener is gone. Nothing
 * moves when the focus is already elsewhere (the next modal has taken it) or the modal opened on a fresh page.
 */
export function returnFocus(opener: HTMLElement | null, doc: Document = document): void {
  if (!opener || !focusLost(doc)) return;
  if (opener.isConnected) {
    opener.focus();
    if (doc.activeElement === opener) return;
  }
  landFocus(doc);
}

/** How long `landFocus` waits for the focus to drop and for a place to put it (the member bar's code may be loading). */
export const LAND_FOCUS_WAIT_MS = 5000;

/**
 * Once the focus is lost (now, or when the element holding it is removed within the wait), puts it on the open
 * modal on top, else on the account control. Called where an account change swaps the top bar's controls.
 */
export function landFocus(doc: Document = document, waitMs = LAND_FOCUS_WAIT_MS): void {
  const place = (): boolean => {
    if (!focusLost(doc)) return false;
    const dialogs = doc.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"]');
    const target = dialogs[dialogs.length - 1] ?? doc.querySelector<HTMLElement>('[data-focus-fallback]');
    target?.focus();
    return !!target && doc.activeElement === target;
  };
  if (place()) return;
  const observer = new MutationObserver(() => {
    if (place()) stop();
  });
  const timer = setTimeout(stop, waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
