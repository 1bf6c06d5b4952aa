import { expect, test } from '@playwright/test';
import { ops } from './support/ops.ts';

// The operator switches the site's status with the CLI; the next page load shows it.
test.describe('site status chosen at start-up', () => {
  test.afterEach(() => {
    ops('status', 'normal');
  });

  test('maintenance with an end time, then back to normal', async ({ page }) => {
    expect(ops('status', 'maintenance', '--until', '2030-06-15T12:00:00Z')).toMatch(/maintenance/);
    await page.goto('/');
    const maintenance = page.getByTestId('maintenance-page');
    await expect(maintenance).toBeVisible();
    // Shown in the viewer's time zone; mid-June noon UTC is 2030-06-15 or -16 anywhere.
    await expect(page.getByTestId('maintenance-end')).toContainText(/2030-06-1[56]/);
    await expect(page.getByTestId('maintenance-end')).toHaveAttribute('datetime', '2030-06-15T12:00:00.000Z');
    await expect(maintenance).toContainText(/bảo trì/i);
    await expect(maintenance).toContainText(/maintenance/i);
    await expect(page.getByTestId('layout-header')).toHaveCount(0);

    ops('status', 'normal');
    await page.reload();
    await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
    await expect(page.getByTestId('layout-header')).toBeVisible();
  });

  test('region block shows Access Denied with the visitor IP, then back to normal', async ({ page }) => {
    ops('status', 'region-block');
    await page.goto('/vip');
    await expect(page.getByTestId('access-denied-page')).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toContainText('127.0.0.1');

    ops('status', 'normal');
    await page.reload();
    await expect(page.getByTestId('access-denied-page')).toHaveCount(0);
    await expect(page.getByTestId('layout-header')).toBeVisible();
  });
});
