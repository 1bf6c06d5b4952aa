import type { Page } from '@playwright/test';
import { expect } from './expect.ts';

/** Opens the house slot (Lucky Crown) for the logged-in member, its bet raised to 10,000 ₫ a spin. */
export async function openHouseSlot(page: Page): Promise<void> {
  const session = await page.evaluate(() => ({ token: sessionStorage.getItem('token'), merchantCode: sessionStorage.getItem('merchantCode') }));
  const launch = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: session.token ?? '' },
    data: { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: session.merchantCode ?? 'PLAYHALL', language: 'EN' },
  });
  await page.goto(((await launch.json()) as { value: { game_url: string } }).value.game_url);
  await expect(page.getByTestId('slot-bet-per-line')).toHaveText('200.00');
  await page.getByRole('button', { name: 'Raise the bet' }).click();
  await expect(page.getByTestId('slot-total-bet')).toHaveText('10,000.00');
}

/** Plays `spins` rounds of the house slot at 10,000 ₫ a spin through its page, then goes home; the last answer's balance (cash + bonus). */
export async function spinSlot(page: Page, spins: number): Promise<number> {
  await openHouseSlot(page);
  const spin = page.getByTestId('slot-spin');
  let balance = 0;
  for (let i = 0; i < spins; i += 1) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/play'));
    await spin.click();
    const body = (await (await answer).json()) as { success: boolean; value: { stake: number; balance: number } };
    expect(body.success).toBe(true);
    expect(body.value.stake).toBe(1_000_000);
    balance = body.value.balance;
    await expect(spin).toBeEnabled();
  }
  await page.goto('/');
  return balance;
}
