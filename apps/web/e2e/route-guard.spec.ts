import { expect, test } from '@playwright/test';
import { skipNoticePopup } from './fixtures.ts';
import { ops } from './support/ops.ts';

// LOGINREQUIRED3 on: without a session every path but the public ones goes to /login (spec §2).
test.describe('login-required route guard', () => {
  test.beforeEach(async ({ page }) => {
    ops('flag', 'LOGINREQUIRED3', 'on');
    await skipNoticePopup(page);
  });
  test.afterEach(() => {
    ops('flag', 'LOGINREQUIRED3', 'off');
  });

  test('sends visitors without a token to /login', async ({ page }) => {
    for (const path of ['/', '/vip', '/rng', '/game']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('login-modal')).toBeVisible();
    }
  });

  test('keeps /register, /register.html, /helpmc and /download open', async ({ page }) => {
    for (const path of ['/register', '/register.html', '/helpmc', '/download']) {
      await page.goto(path);
      await expect(page.locator('[data-layout]')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });
});
