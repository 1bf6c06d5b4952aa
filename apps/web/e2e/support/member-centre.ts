import type { Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';

/** Opens the member centre (from the member menu's Members entry, in any language) at a page, once its data has loaded. */
export async function openCentre(page: Page, nav: string): Promise<Locator> {
  if ((await page.getByTestId('member-centre').count()) === 0) {
    await page.getByTestId('member-menu').click();
    await page.getByTestId('member-menu-securityCenter').click();
  }
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`mc-nav-${nav}`).click();
  await expect(centre.getByTestId(`mc-page-${nav}`)).toBeVisible();
  await expect(centre.getByTestId('skeleton')).toHaveCount(0);
  return centre;
}

export async function closeCentre(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('member-centre')).toHaveCount(0);
}

/** Deposits through the sandbox gateway from the header's Deposit button; back on the portal, the deposit is credited. */
export async function deposit(page: Page, major: number): Promise<void> {
  await page.getByTestId('header-deposit').click();
  let centre = page.getByTestId('member-centre');
  await expect(centre.getByTestId('mc-page-depositv2')).toBeVisible();
  await centre.locator('[data-testid^="dp-channel-"]').filter({ hasText: 'Sandbox Pay' }).click();
  await centre.getByTestId('dp-amount').fill(String(major));
  await centre.getByTestId('dp-submit').click();
  await page.waitForURL(/sandbox-gateway\/pay\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('deposit='));
  centre = page.getByTestId('member-centre');
  await expect(centre.getByTestId('dp-outcome')).toHaveAttribute('data-status', 'credited');
  await centre.getByTestId('dp-outcome-close').click();
  await closeCentre(page);
}
