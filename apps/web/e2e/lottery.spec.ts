import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { shootBothThemes } from './support/screenshots.ts';

// The lottery pages (issue 6, web side) against the real server and its draw scheduler: the lobbies of
// /vnlottery, /elott and the SEA hall; a slip of lô 2, đề and xiên 2 on the 1-minute e-lottery that
// leaves the header balance by its total, then the draw in the results table, the tickets settled and
// the payouts back in the balance; and refused slips in the error dialog. Screenshots in both themes go
// to SHOTS for review.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.LOTTERY_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'lottery-shots');
const BETTING = '/elott?lottoGameCode=EL1&lottoView=betting';

function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

async function login(page: Page, username: string): Promise<void> {
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('member-menu')).toContainText(username);
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

const shoot = (page: Page, name: string, fullPage = false): Promise<void> => shootBothThemes(page, SHOTS, name, { fullPage });

/** The header balance once it shows a figure (it reads "Updating…" while it loads). */
async function headerBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('balance-amount');
  await expect(balance).toHaveText(/^[\d,]+\.\d\d$/);
  return money(await balance.textContent());
}

/** Wait until the shown draw has at least `seconds` of betting left (the next draw comes every minute). */
async function openDrawWithTime(page: Page, seconds: number): Promise<string> {
  const countdown = page.getByTestId('lotto-countdown');
  await expect
    .poll(async () => Number((await countdown.getAttribute('data-seconds')) ?? -1), { timeout: 90_000, intervals: [500] })
    .toBeGreaterThanOrEqual(seconds);
  return ((await page.getByTestId('lotto-drawno').textContent()) ?? '').replace('#', '');
}

/** Pick numbers of the chosen bet type on the board, set the stake and add the pick to the slip. */
async function addBet(page: Page, betType: string, numbers: string[], stake: string): Promise<void> {
  await page.getByTestId(`lotto-bettype-${betType}`).click();
  await expect(page.getByTestId(`lotto-bettype-${betType}`)).toHaveAttribute('aria-selected', 'true');
  for (const n of numbers) await page.getByTestId(`lotto-num-${n}`).click();
  await page.getByTestId('lotto-stake').fill(stake);
  await expect(page.getByTestId('lotto-add')).toBeEnabled();
  await page.getByTestId('lotto-add').click();
}

test.beforeEach(async ({ page }) => {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
});

test('the lobbies list the games by section with countdowns on the server clock', async ({ page }) => {
  await page.goto('/vnlottery');
  const lobby = page.getByTestId('lottery-lobby');
  await expect(lobby).toBeVisible();
  for (const group of ['fast', 'north', 'south', 'central']) await expect(lobby.getByTestId(`lotto-group-${group}`)).toBeVisible();
  await expect(lobby.getByTestId('lotto-group-sea')).toHaveCount(0);
  const el1 = lobby.getByTestId('lotto-game-EL1');
  await expect(el1).toContainText('Fast lottery 1 min');
  await expect(el1.locator('[role="timer"]')).toHaveText(/^\d\d:\d\d$|Drawing/);
  // Miền Bắc's host province is the one of the weekday (Vietnam time) of the draw the card counts down to.
  const xsmb = lobby.getByTestId('lotto-game-XSMB');
  const left = ((await xsmb.locator('[role="timer"]').textContent()) ?? '').match(/^(\d+):(\d\d):(\d\d)$/);
  if (left) {
    const closes = Date.now() + (Number(left[1]) * 3600 + Number(left[2]) * 60 + Number(left[3])) * 1000;
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Ho_Chi_Minh', weekday: 'short' }).format(closes);
    const host = { Sun: 'Thái Bình', Mon: 'Hà Nội', Tue: 'Quảng Ninh', Wed: 'Bắc Ninh', Thu: 'Hà Nội', Fri: 'Hải Phòng', Sat: 'Nam Định' }[weekday];
    await expect(xsmb).toContainText(host ?? '?');
  } else {
    await expect(xsmb).toContainText(/Thái Bình|Hà Nội|Quảng Ninh|Bắc Ninh|Hải Phòng|Nam Định/);
  }
  await shoot(page, 'vnlottery-lobby');
  await shoot(page, 'vnlottery-lobby-full', true);

  // /elott: the fast e-lotteries only; a card's Bet opens the betting view on the same page.
  await page.goto('/elott');
  await expect(page.getByTestId('lotto-game-EL5')).toBeVisible();
  await expect(page.getByTestId('lotto-game-XSMB')).toHaveCount(0);
  await shoot(page, 'elott-lobby');
  await page.getByTestId('lotto-game-EL3').getByTestId('lotto-bet').click();
  await expect(page).toHaveURL(/\/elott\?lottoGameCode=EL3&lottoView=betting$/);
  await expect(page.getByTestId('lotto-betting')).toHaveAttribute('data-game', 'EL3');

  // The SEA vendor opens the lottery hall filtered to prize mode SEA.
  await page.goto('/lottery');
  await page.getByTestId('lottery-provider-TCG_SEA').click();
  await expect(page).toHaveURL(/\/lottery\?lottoPrizeMode=SEA$/);
  await expect(page.getByTestId('lotto-game-SEA5')).toBeVisible();
  await expect(page.getByTestId('lotto-game-EL1')).toHaveCount(0);
  await shoot(page, 'lottery-sea');
});

test('the member bets lô 2, đề and xiên 2 on the 1-minute e-lottery and is paid by the draw', async ({ page }) => {
  await login(page, 'member01');
  await page.goto(BETTING);
  await expect(page.getByTestId('lotto-betting')).toBeVisible();
  const before = await headerBalance(page);
  // Enough of the minute left to build the slip before betting closes.
  await openDrawWithTime(page, 25);

  // Stakes of 1,000 ₫, the smallest (stakes.ts).
  await addBet(page, 'lo2', ['07', '12'], '1000');
  await addBet(page, 'de', ['33'], '1000');
  await addBet(page, 'xien2', ['07', '12'], '1000');
  const slip = page.getByTestId('lotto-slip');
  await expect(slip.getByTestId('lotto-slip-bet')).toHaveCount(3);
  // lô 2 (north): 1,000 × 2 numbers × 27; đề 1,000; xiên 2: one combination, 1,000.
  await expect(page.getByTestId('lotto-slip-total')).toContainText('56,000.00');
  await shoot(page, 'betting-slip');

  const answer = page.waitForResponse((r) => r.url().includes('/lotto/lgw/bets') && r.request().method() === 'POST');
  await page.getByTestId('lotto-place').click();
  const placed = (await (await answer).json()) as { success: boolean; value: { tickets: { drawNo: string; amount: number }[] } };
  expect(placed.success).toBe(true);
  const tickets = placed.value.tickets;
  expect(tickets).toHaveLength(3);
  expect(tickets.reduce((s, t) => s + t.amount, 0)).toBe(5_600_000);
  const drawNo = tickets[0]?.drawNo ?? '';
  await expect(page.getByTestId('lotto-placed')).toBeVisible();

  // The header balance drops by the slip total.
  await expect.poll(() => headerBalance(page)).toBeCloseTo(before - 56_000, 2);
  const rows = page.locator(`[data-testid="lotto-ticket"][data-draw="${drawNo}"]`);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute('data-status', 'open');
  await shoot(page, 'betting-placed');

  // The scheduler draws within the minute (it ticks every 5 s): the draw shows in the results table …
  const draw = page.getByTestId(`lotto-draw-${drawNo}`);
  await expect(draw).toHaveAttribute('data-status', /drawn|settled/, { timeout: 120_000 });
  await draw.click();
  const sheet = page.getByTestId('lotto-sheet');
  await expect(sheet).toHaveAttribute('data-draw', drawNo);
  await expect(sheet.locator('[data-prize="DB"]')).toContainText(/\d{5}/);
  await expect(sheet.locator('[data-prize="G7"]')).toBeVisible();
  // The browser checks the commitment and recomputes the sheet from the revealed seed.
  await expect(sheet.getByTestId('lotto-proof')).toHaveAttribute('data-verified', 'true');
  await expect(sheet.getByTestId('lotto-proof')).toContainText('Verified in your browser');

  // … the tickets settle, and the header balance moves by their payouts.
  for (let i = 0; i < 3; i += 1) await expect(rows.nth(i)).toHaveAttribute('data-status', /won|lost/, { timeout: 60_000 });
  const payouts = await rows.evaluateAll((els) => els.reduce((s, el) => s + Number(el.getAttribute('data-payout') || 0), 0));
  await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBeCloseTo(before - 56_000 + payouts / 100, 2);
  await sheet.scrollIntoViewIfNeeded();
  await shoot(page, 'betting-settled');
  await shoot(page, 'betting-settled-full', true);
});

test('refused slips show the error dialog and keep the slip', async ({ page }) => {
  await login(page, 'member01');
  await page.goto(BETTING);
  await expect(page.getByTestId('lotto-betting')).toBeVisible();
  await openDrawWithTime(page, 20);

  // A stake outside the limits cannot be added: nothing, or less than 1,000 ₫; it starts at the smallest stake.
  await page.getByTestId('lotto-bettype-lo2').click();
  await page.getByTestId('lotto-num-45').click();
  await expect(page.getByTestId('lotto-stake')).toHaveValue(/^1,?000(\.00)?$/);
  await page.getByTestId('lotto-stake').fill('0');
  await expect(page.getByTestId('lotto-add')).toBeDisabled();
  await page.getByTestId('lotto-stake').fill('999');
  await expect(page.getByTestId('lotto-add')).toBeDisabled();

  // More than the balance: 50 numbers of lô 2 at 1,000,000.00 each, × 27.
  await page.getByTestId('lotto-quick-even').click();
  await expect(page.getByTestId('lotto-picked')).toContainText('98');
  await page.getByTestId('lotto-stake').fill('1000000');
  await page.getByTestId('lotto-add').click();
  await page.getByTestId('lotto-place').click();
  const dialog = page.getByTestId('dialog');
  await expect(dialog).toContainText('Insufficient balance');
  await shoot(page, 'refused-balance');
  await dialog.getByRole('button').last().click();
  await expect(page.getByTestId('lotto-slip-bet')).toHaveCount(1);
  await page.getByTestId('lotto-slip-clear').click();

  // A slip for a draw that has closed: the server refuses it (the request names the previous draw).
  await addBet(page, 'de', ['21'], '1000');
  const current = Number(((await page.getByTestId('lotto-drawno').textContent()) ?? '').split('-').pop());
  await page.route('**/lotto/lgw/bets', async (route) => {
    const body = route.request().postDataJSON() as { drawNo: string };
    const [day] = body.drawNo.split('-');
    await route.continue({ postData: JSON.stringify({ ...body, drawNo: `${day}-${String(current - 2).padStart(4, '0')}` }) });
  });
  await page.getByTestId('lotto-place').click();
  await expect(dialog).toContainText('Betting on this draw is closed');
  await shoot(page, 'refused-closed');
  await page.unroute('**/lotto/lgw/bets');
});
