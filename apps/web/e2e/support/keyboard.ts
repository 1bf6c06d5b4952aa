import type { Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';

/** Where the focus is, seen from the elements of a locator (none for the page alone). */
interface TFocusReport {
  /** A short name of the focused element, for reports. */
  name: string;
  /** It shows a focus indicator: an outline or a ring (box-shadow). */
  ring: boolean;
  /** It is one of the elements. */
  match: boolean;
  /** It is inside one of them. */
  inside: boolean;
  /** It is the one marked by `markStart`. */
  back: boolean;
  /** The first element comes before it in the document: Shift+Tab is the shorter way there. */
  before: boolean;
}

/**
 * Runs in the page (self-contained: Playwright sends its source). The indicator is read once the focus's own CSS
 * transitions have ended: right after the focus moved, a field's ring would still read as none.
 */
async function focusReport(els: Element[]): Promise<TFocusReport> {
  const el = document.activeElement;
  const first = els[0];
  const before = !!first && !!el && el !== document.body && (el.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_PRECEDING) !== 0 && !first.contains(el);
  const where = {
    match: els.some((e) => e === el),
    inside: els.some((e) => e.contains(el)),
    back: !!el && el === (window as unknown as { kbStart?: Element | null }).kbStart,
    before,
  };
  if (!el || el === document.body) return { name: 'BODY', ring: true, ...where };
  const transitions = el.getAnimations().filter((a) => a instanceof CSSTransition);
  await Promise.all(transitions.map((a) => a.finished.catch(() => null)));
  const s = getComputedStyle(el);
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  const testId = el.getAttribute('data-testid');
  const label = (el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
  return { name: `${el.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}${label ? ` "${label}"` : ''}`, ring, ...where };
}

/** Runs in the page: where the focus is among the controls Tab reaches inside `dialog` (index -1: not on one). */
function tabStopOf(dialog: Element): { index: number; count: number } {
  const selector = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]';
  const stops = [...dialog.querySelectorAll<HTMLElement>(selector)].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden',
  );
  return { index: stops.findIndex((e) => e === document.activeElement), count: stops.length };
}

/**
 * A visitor on the keyboard alone: Tab, Shift+Tab, arrows, Enter, Space. Locators only say where the focus should
 * be and what is shown; nothing is clicked or filled. Every element the focus passes is checked for a visible focus
 * indicator, and those without one are kept in `unringed` for the test to report.
 */
export class KeyboardVisitor {
  /** Elements that had the focus without a visible indicator, once each. */
  readonly unringed: string[] = [];

  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  private async report(of: Locator): Promise<TFocusReport> {
    const seen = await of.evaluateAll(focusReport);
    if (!seen.ring && !this.unringed.includes(seen.name)) this.unringed.push(seen.name);
    return seen;
  }

  /**
   * Presses Tab until `target` has the focus, or Shift+Tab when it comes earlier in the page (the shorter way, as a
   * person would go), at most `max` times; fails with the elements visited. The target must show its focus.
   */
  async tabTo(target: Locator, { max = 40 }: { max?: number } = {}): Promise<void> {
    await expect(target).toBeVisible();
    let seen = await this.report(target);
    const key = seen.before ? 'Shift+Tab' : 'Tab';
    const visited: string[] = [];
    for (let i = 0; !seen.match; i += 1) {
      if (i === max) throw new Error(`${target} not reached in ${max} × ${key}; the focus went:\n  ${visited.join('\n  ')}`);
      await this.page.keyboard.press(key);
      seen = await this.report(target);
      visited.push(seen.name);
    }
    expect(seen.ring, `a visible focus on ${seen.name}`).toBe(true);
  }

  /** Presses an arrow key until `target` has the focus (a tab list). */
  async arrowTo(target: Locator, key: string, max = 12): Promise<void> {
    let seen = await this.report(target);
    for (let i = 0; !seen.match; i += 1) {
      if (i === max) throw new Error(`${target} not reached in ${max} × ${key}; now on ${seen.name}`);
      await this.page.keyboard.press(key);
      seen = await this.report(target);
    }
    expect(seen.ring, `a visible focus on ${seen.name}`).toBe(true);
  }

  /** `target` has the focus (it may take it a moment after a key), and shows it. */
  async expectFocused(target: Locator): Promise<void> {
    await expect(target).toBeFocused();
    const seen = await this.report(target);
    expect(seen.ring, `a visible focus on ${seen.name}`).toBe(true);
  }

  /** The focus is somewhere inside `container` (a modal that has just opened). */
  async expectFocusWithin(container: Locator): Promise<void> {
    await expect.poll(async () => (await this.report(container)).inside, { message: `the focus inside ${container}` }).toBe(true);
  }

  /**
   * The modal keeps the focus at its edges, checked the short way for a modal of many controls: to whichever end
   * of its controls is nearer, then past it — Tab from the last control lands on the first, Shift+Tab from the
   * first on the last — and back.
   */
  async expectWrapsAround(dialog: Locator, { max = 40 }: { max?: number } = {}): Promise<void> {
    await this.expectFocusWithin(dialog);
    let stop = await dialog.evaluate(tabStopOf);
    const forward = stop.index >= stop.count / 2;
    const end = forward ? stop.count - 1 : 0;
    for (let i = 0; stop.index !== end; i += 1) {
      if (i === max) throw new Error(`the ${forward ? 'last' : 'first'} control of ${dialog} not reached in ${max} presses`);
      await this.page.keyboard.press(forward ? 'Tab' : 'Shift+Tab');
      await this.report(dialog);
      stop = await dialog.evaluate(tabStopOf);
    }
    await this.page.keyboard.press(forward ? 'Tab' : 'Shift+Tab');
    const past = await this.report(dialog);
    stop = await dialog.evaluate(tabStopOf);
    expect(stop.index, `${forward ? 'Tab from the last' : 'Shift+Tab from the first'} control of ${dialog} (now on ${past.name})`).toBe(forward ? 0 : stop.count - 1);
    await this.page.keyboard.press(forward ? 'Shift+Tab' : 'Tab');
    stop = await dialog.evaluate(tabStopOf);
    expect(stop.index, `and back`).toBe(end);
  }

  /**
   * The modal keeps the focus: Tab from where the focus is goes round every control of `dialog` and comes back
   * to it (past the last control, the first), never leaving; Shift+Tab goes back the other way inside it.
   */
  async expectTrapped(dialog: Locator, { max = 40 }: { max?: number } = {}): Promise<void> {
    await this.expectFocusWithin(dialog);
    await this.page.evaluate(() => {
      (window as unknown as { kbStart?: Element | null }).kbStart = document.activeElement;
    });
    const visited: string[] = [];
    for (let i = 0; ; i += 1) {
      if (i === max) throw new Error(`Tab did not come back round ${dialog} in ${max} presses:\n  ${visited.join('\n  ')}`);
      await this.page.keyboard.press('Tab');
      const seen = await this.report(dialog);
      visited.push(seen.name);
      if (!seen.inside) throw new Error(`Tab left ${dialog} for ${seen.name} after:\n  ${visited.join('\n  ')}`);
      if (seen.back) break;
    }
    await this.page.keyboard.press('Shift+Tab');
    expect((await this.report(dialog)).inside, `Shift+Tab stays inside ${dialog}`).toBe(true);
    await this.page.keyboard.press('Tab');
  }
}
