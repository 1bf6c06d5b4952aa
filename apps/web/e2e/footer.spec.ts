import { expect, test } from '@playwright/test';
import { FOOTER_GROUPS } from '@playhall/contract/categories';
import { FOOTER_PROVIDER_COUNT } from '@playhall/contract/constants';
import { skipNoticePopup } from './fixtures.ts';

test('the footer shows 47 provider logos in the groups LIVE, SPORTS, RNG and PVP', async ({ page }) => {
  await skipNoticePopup(page);
  await page.goto('/');
  const footer = page.getByTestId('layout-footer');
  await expect(footer.getByTestId('footer-provider')).toHaveCount(FOOTER_PROVIDER_COUNT);
  for (const group of FOOTER_GROUPS) {
    const section = footer.getByTestId(`footer-group-${group}`);
    await expect(section).toBeVisible();
    expect(await section.getByTestId('footer-provider').count(), group).toBeGreaterThan(0);
  }
  await expect(footer.locator('[data-testid^="footer-group-"]')).toHaveCount(FOOTER_GROUPS.length);
  // Every logo is drawn by the server and loads (they load lazily: bring the footer into view first).
  await footer.scrollIntoViewIfNeeded();
  await expect
    .poll(() => footer.locator('img').evaluateAll((imgs) => imgs.filter((i) => !(i as HTMLImageElement).complete || !(i as HTMLImageElement).naturalWidth).length), { timeout: 20_000 })
    .toBe(0);
  await expect(footer.getByTestId('copyright')).not.toBeEmpty();
});
