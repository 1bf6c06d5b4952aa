import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LANGUAGES } from '@playhall/contract/languages';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { newFundedMember } from './support/house-studio.ts';
import { openCentre } from './support/member-centre.ts';
import { shootBothThemes } from './support/screenshots.ts';

const RTL_SHOTS = process.env.RTL_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'rtl-shots');

test.beforeEach(async ({ page }) => skipNoticePopup(page));

test('MY is the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByTestId('language-selector')).toContainText('MY');
});

test('the language list offers MY, EN, CN first and at least 35 codes in full', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-selector').click();
  const options = page.locator('[data-testid^="language-option-"]');
  await expect(options).toHaveCount(3);
  for (const code of ['MY', 'EN', 'CN']) await expect(page.getByTestId(`language-option-${code}`)).toBeVisible();
  await page.getByTestId('language-more').click();
  expect(await options.count()).toBeGreaterThanOrEqual(35);
});

test('the chosen language survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-selector').click();
  await page.getByTestId('language-option-EN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('nav-home')).toHaveText('Home');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('nav-home')).toHaveText('Home');
  const history = await page.evaluate(() => window.localStorage.getItem('hisLang'));
  expect(JSON.parse(history ?? '[]')).toContain('EN');
});

test('Arabic switches the page to right-to-left', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-selector').click();
  await page.getByTestId('language-more').click();
  await page.getByTestId('language-option-AR').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('Arabic keeps amounts, dates and accounts left to right inside the right-to-left page', async ({ browser }) => {
  const { page, username } = await newFundedMember(browser, 'rtl', 1234);
  await page.getByTestId('language-selector').click();
  await page.getByTestId('language-more').click();
  await page.getByTestId('language-option-AR').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The balance is isolated left to right (LRI … PDI): its digits and separators keep their order.
  await expect(page.getByTestId('balance-amount')).toHaveText('\u20661,234.00\u2069');
  await shootBothThemes(page, RTL_SHOTS, 'home-AR');
  const centre = await openCentre(page, 'securityCenter');
  await expect(centre.getByTestId('mc-account').locator('bdi')).toHaveText(username);
  await shootBothThemes(page, RTL_SHOTS, 'security-AR');
  const history = await openCentre(page, 'transactionHistory');
  // The operator's credit: its amount and its time each read as one left-to-right run.
  await expect(history.getByText('\u20661,234.00\u2069').first()).toBeVisible();
  await shootBothThemes(page, RTL_SHOTS, 'transactions-AR');
  await page.close();
});

test('a Vietnamese player reads the notices, the promotions and the help in Vietnamese (the operator wrote them so)', async ({ page }) => {
  await startInLanguage(page, 'VI');
  await page.goto('/');
  await expect(page.getByTestId('marquee-item').filter({ hasText: 'Chào mừng bạn đến với Playhall: một ví cho mọi trò chơi' }).first()).toBeAttached();
  await page.goto('/promotions');
  await expect(page.getByText('Điểm danh hằng ngày').first()).toBeVisible();
  await page.goto('/help');
  await expect(page.getByTestId('help-centre')).toContainText('Hướng dẫn người mới');
  await expect(page.getByTestId('help-centre')).toContainText('Cách đăng ký');
  // Back in English: the base text.
  await page.getByTestId('language-selector').click();
  await page.getByTestId('language-option-EN').click();
  await expect(page.getByTestId('help-centre')).toContainText('How to register');
});

for (const code of ['FA', 'UR']) {
  test(`${code} is right-to-left too`, async ({ page }) => {
    await startInLanguage(page, code);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
}

test('dark is the default theme and the chosen theme survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

// DESIGN.md: text never overflows its box; the header fits at 1280 px in every language (all 36 are complete).
for (const { code } of LANGUAGES) {
  test(`the header fits at 1280 px in ${code}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await startInLanguage(page, code);
    await page.goto('/');
    await expect(page.locator('[data-testid^="nav-panel-"]').first()).toBeAttached();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      nav: document.querySelector('[data-testid="layout-header"] ul')?.scrollWidth ?? 0,
      navBox: document.querySelector('[data-testid="layout-header"] ul')?.clientWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(1280);
    expect(widths.nav).toBeLessThanOrEqual(widths.navBox + 1);
  });
}
