import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The page in dark and light theme, as `<dir>/<name>-<theme>.png`, for review; the page is left in dark. */
export async function shootBothThemes(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${theme}.png`) });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}
