import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../src/app/route-table.ts';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { ops } from './support/ops.ts';

// What a first visit meets (issue 16): every route names itself in the browser tab, and a visitor who has
// chosen no language sees the merchant's default language (`ops site language`), MY unless set otherwise.
test.describe.configure({ mode: 'serial' });

const locale = (code: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../src/locales/${code}.json`), 'utf8')) as Record<string, unknown>;
const en = locale('en');
const text = (key: string, strings = en) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], strings) as string;

test('every route sets its page title: "<page> · Playhall"', async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  // Routes that open a login or register modal are covered by their page; /oauth/callback needs a provider.
  for (const route of ROUTES.filter((r) => !r.modal)) {
    await page.goto(route.path);
    await expect(page, route.path).toHaveTitle(`${text(route.title)} · Playhall`);
  }
  // Moving inside the app retitles the tab too, in the language chosen.
  await page.goto('/');
  await page.getByTestId('layout-header').getByRole('link', { name: text('nav.promotions') }).click();
  await expect(page).toHaveTitle(`${text('nav.promotions')} · Playhall`);
});

test('a first visit shows the merchant default language; a returning visitor keeps their own', async ({ browser }) => {
  const firstVisit = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await skipNoticePopup(page);
    await page.goto('/');
    await expect(page.getByTestId('layout-header')).toBeVisible();
    return { page, context };
  };
  try {
    // Nothing chosen, nothing configured: MY, the spec's default.
    let visit = await firstVisit();
    await expect(visit.page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(visit.page).toHaveTitle(`${text('nav.home', locale('my'))} · Playhall`);
    await visit.context.close();

    expect(ops('site', 'language', 'vi')).toContain('VI');
    visit = await firstVisit();
    await expect(visit.page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(visit.page).toHaveTitle(`${text('nav.home', locale('vi'))} · Playhall`);
    // Nothing was stored for the visitor: the next operator change still reaches them.
    expect(await visit.page.evaluate(() => localStorage.getItem('lang'))).toBeNull();
    await visit.context.close();

    // A visitor who chose English keeps it.
    const context = await browser.newContext();
    const page = await context.newPage();
    await skipNoticePopup(page);
    await startInLanguage(page, 'EN');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${text('nav.home')} · Playhall`);
    await context.close();
  } finally {
    ops('site', 'language', 'MY');
  }
});
