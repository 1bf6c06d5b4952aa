import { expect, test } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';

// The promotions page group is its own chunk (page-promo-<hash>.js).
const PROMO_CHUNK = /\/assets\/page-promo-[\w-]+\.js$/;

test('a page chunk that cannot load shows the network error dialog with Retry', async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.route(PROMO_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.getByTestId('nav-promotions').click();

  const dialog = page.getByTestId('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Network link is abnormal, please try again');
  await expect(page.getByTestId('route-error')).toBeVisible();
  await expect(page.getByTestId('layout-header')).toBeVisible();

  // Once the network is back, Retry loads the page.
  await page.unroute(PROMO_CHUNK);
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('promotions-page')).toBeVisible();
});
