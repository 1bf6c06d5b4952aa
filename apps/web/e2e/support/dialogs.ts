import type { Page } from '@playwright/test';
import { expect } from './expect.ts';

/**
 * Closes the topmost generic dialog, after checking its text when given, by its last button (OK, or the primary
 * action) or its first (Close, where the last would open something else, as the point mall's redeem notice does).
 */
export async function closeDialog(page: Page, expectText?: RegExp | string, button: 'first' | 'last' = 'last'): Promise<void> {
  const dialog = page.getByTestId('dialog').last();
  await expect(dialog).toBeVisible();
  if (expectText) await expect(dialog).toContainText(expectText);
  // By element, not role: a dialog that opened while another modal was closing may still carry that modal's
  // aria-hidden for a moment (seen after a forced password change), which hides its buttons from getByRole.
  const buttons = dialog.locator('button');
  await (button === 'first' ? buttons.first() : buttons.last()).click();
  await expect(page.getByTestId('dialog')).toHaveCount(0);
}

/** Closes a notice that may also close itself (autoCloseMs) before the click lands. */
export async function dismissDialog(page: Page): Promise<void> {
  const dialog = page.getByTestId('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button')
    .last()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(dialog).toHaveCount(0);
}
