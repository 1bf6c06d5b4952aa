import type { Page } from '@playwright/test';
import { expect } from './expect.ts';

/** An amount as the page shows it (`1,234.50`), in minor units. */
export const minorOf = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
/** Minor units as the page shows them: two decimals with separators. */
export const shown = (minor: number): string => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The main wallet's balance the header shows, once it has loaded. */
export async function balanceNow(page: Page): Promise<number> {
  const amount = page.getByTestId('balance-amount');
  await expect(amount).toHaveText(/^[\d,]+\.\d{2}$/);
  return minorOf(await amount.textContent());
}
