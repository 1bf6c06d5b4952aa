import { expect, test } from '@playwright/test';
import { LAYOUT_PARTS, ROUTES, type TLayoutParts } from '../src/app/route-table.ts';
import { skipNoticePopup } from './fixtures.ts';

test.beforeEach(async ({ page }) => skipNoticePopup(page));

const PARTS = Object.keys(LAYOUT_PARTS.standard) as (keyof TLayoutParts)[];

// Every route of spec §2 (plus /login and /download) renders its page inside the layout of the table.
for (const route of ROUTES) {
  test(`${route.path} loads with the ${route.layout} layout`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.locator(`[data-layout="${route.layout}"]`)).toBeVisible();
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    const parts = LAYOUT_PARTS[route.layout];
    for (const part of PARTS) {
      const locator = page.getByTestId(`layout-${part}`);
      if (parts[part]) await expect(locator, `${part} on ${route.path}`).toBeVisible();
      else await expect(locator, `${part} on ${route.path}`).toHaveCount(0);
    }
    expect(new URL(page.url()).pathname).toBe(route.path);
    if (route.modal) await expect(page.getByTestId(`${route.modal}-modal`)).toBeVisible();
  });
}

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/path');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('closing the login modal of /login returns to /', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});
