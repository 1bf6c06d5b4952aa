// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { focusDropped, landFocus, openerNow, returnFocus } from './focus-return.ts';
import { watchFocus } from './focus-watch.ts';

function button(text: string, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = text;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  document.body.append(b);
  return b;
}

/** MutationObserver callbacks run as microtasks: one turn of the loop has them done. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => watchFocus());
afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur();
  document.body.replaceChildren();
});

describe('focus return', () => {
  it('names the focused control as the opener, else the one focused last', () => {
    const register = button('Register');
    register.focus();
    expect(openerNow()).toBe(register);
    // The control went disabled while its request ran, and the focus dropped to the page.
    register.blur();
    expect(openerNow()).toBe(register);
  });

  it('gives the focus back to the opener', () => {
    const opener = button('Deposit');
    returnFocus(opener);
    expect(document.activeElement).toBe(opener);
  });

  it('moves nothing when the focus is elsewhere or the modal opened on a fresh page', () => {
    const opener = button('Deposit');
    const other = button('Next modal');
    other.focus();
    returnFocus(opener);
    expect(document.activeElement).toBe(other);
    other.blur();
    returnFocus(null);
    expect(document.activeElement).toBe(document.body);
  });

  it('lands on the account control when the opener is gone, waiting for it to appear', async () => {
    const opener = button('Register');
    opener.focus();
    opener.remove();
    expect(focusDropped()).toBe(true);
    returnFocus(opener);
    expect(document.activeElement).toBe(document.body);
    const menu = button('member01', { 'data-focus-fallback': '' });
    await settle();
    expect(document.activeElement).toBe(menu);
  });

  it('waits for the focused control to go before landing, and prefers an open modal', async () => {
    const menu = button('member01', { 'data-focus-fallback': '' });
    menu.focus();
    landFocus();
    await settle();
    expect(document.activeElement).toBe(menu);
    // Signed out: the member menu gives way to the login form.
    menu.remove();
    const field = document.createElement('input');
    field.setAttribute('data-focus-fallback', '');
    document.body.append(field);
    await settle();
    expect(document.activeElement).toBe(field);

    field.blur();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    dialog.tabIndex = -1;
    document.body.append(dialog);
    landFocus();
    expect(document.activeElement).toBe(dialog);
  });
});
