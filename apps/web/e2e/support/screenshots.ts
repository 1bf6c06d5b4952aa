import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Locator, Page } from '@playwright/test';

/**
 * Screenshots are for a person to look at on their own machine (both themes, languages, states). CI keeps no
 * artefacts, so `.ci/run` sets E2E_SCREENSHOTS=0 and the capture is skipped there: about 450 images a run, each a
 * software-rendered PNG. Every check a spec makes around a screenshot still runs; only the image is not written.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

export type TTheme = 'dark' | 'light';

/**
 * Sets the document's theme in one step: transitions are off while the new colours apply, so what is read or shot
 * next is the settled theme, with no wait. `persist` also writes the choice the portal reads (and a game frame
 * follows) to localStorage.
 */
export async function setThemeNow(target: Page | Frame, theme: TTheme, persist = false): Promise<void> {
  await target.evaluate(
    ({ t, keep }) => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
      if (keep) window.localStorage.setItem('theme', t);
      document.documentElement.dataset.theme = t;
      // Styles are computed now, without transitions; removing the rule afterwards starts none.
      void getComputedStyle(document.documentElement).color;
      void document.body.offsetHeight;
      style.remove();
    },
    { t: theme, keep: persist },
  );
}

/** One image of the page or of an element (`file` is the whole path), with CSS animations stopped; none in CI. */
export async function shot(target: Page | Locator, file: string, options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, animations: 'disabled', ...options });
  else await target.screenshot({ path: file, animations: 'disabled' });
}

/**
 * The page in dark and light theme, as `<dir>/<name>-<theme>.png`, for review; the page is left in dark. `frames`:
 * also switch same-origin iframes (a game page or the books follow the portal's theme when they load).
 */
export async function shootBothThemes(page: Page, dir: string, name: string, options: { fullPage?: boolean; frames?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const theme of ['dark', 'light'] as const) {
    await setThemes(page, theme, options.frames ?? false);
    await shot(page, path.join(dir, `${name}-${theme}.png`), { fullPage: options.fullPage });
  }
  await setThemes(page, 'dark', options.frames ?? false);
}

async function setThemes(page: Page, theme: TTheme, frames: boolean): Promise<void> {
  await setThemeNow(page, theme, frames);
  if (!frames) return;
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await setThemeNow(frame, theme).catch(() => undefined);
}
