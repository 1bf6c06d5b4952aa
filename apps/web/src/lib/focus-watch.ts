/**
 * The element that had the focus last, even after it lost it (a button disabled while its request ran, a form that
 * gave way to the member menu): what a modal opening then was opened from (focus-return.ts). Its own small module,
 * installed at start-up before any modal can open; the rest loads with the modals.
 */
let lastFocused: HTMLElement | null = null;

export function watchFocus(doc: Document = document): void {
  doc.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
  });
}

export function lastFocusedElement(): HTMLElement | null {
  return lastFocused;
}
