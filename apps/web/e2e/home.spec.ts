import { expect, test } from '@playwright/test';

test('the home page loads without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await expect(page.getByTestId('layout-footer').getByTestId('footer-provider').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('the popup notice shows once per session', async ({ page }) => {
  await page.goto('/');
  const popup = page.getByTestId('notice-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('button').last().click();
  await expect(popup).toHaveCount(0);
  expect(await page.evaluate(() => window.sessionStorage.getItem('publicityClose'))).toBe('1');
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(popup).toHaveCount(0);
});
