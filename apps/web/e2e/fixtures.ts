import type { Page } from '@playwright/test';

/** Mark the popup notice as already closed this session, so it does not cover what a test clicks. */
export async function skipNoticePopup(page: Page): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('publicityClose', '1'));
}

/** Start in a given interface language (localStorage `lang`), as a returning visitor would. */
export async function startInLanguage(page: Page, code: string): Promise<void> {
  await page.addInitScript((c) => window.localStorage.setItem('lang', c), code);
}
