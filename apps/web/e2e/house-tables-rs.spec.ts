import fs from 'node:fs';
import path from 'node:path';
import { test, type Frame, type Page } from '@playwright/test';
import { expect } from './support/expect.ts';
import { launchFromCategory, newFundedMember, recheckInRecord, rotateSeedInGame, type TLaunchedGame, type TPlayValue } from './support/house-studio.ts';

// European roulette and sic bo (issue 21): a new member opens each table from the /live category page (Playhall
// Live tab → card), places two bets (one with the keyboard), plays one round, the balance moves by payout − stake,
// the info panel shows the published RTP, and the round re-checks in the betting record. Screenshots of both themes.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = process.env.HOUSE_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'house-shots');
const CHIP_10K = 1_000_000;

/** The game page's document inside the portal's frame (to switch its theme for the screenshots). */
function gameFrame(page: Page, file: string): Frame {
  const frame = page.frames().find((f) => f.url().includes(`/house/${file}.html`));
  if (!frame) throw new Error(`no ${file} frame`);
  return frame;
}

async function shootBoth(game: TLaunchedGame, file: string, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const frame = gameFrame(game.page, file);
  for (const theme of ['dark', 'light'] as const) {
    await frame.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await expect(game.frame.locator('html')).toHaveAttribute('data-theme', theme);
    await game.frameElement.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), animations: 'disabled' });
  }
  await frame.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

type TRound<D> = TPlayValue & { detail: D };

/** The same launch opened on its own in another language (the end of a spec): the page speaks it; a screenshot. */
async function shootInLanguage(game: TLaunchedGame, lang: 'MY' | 'CN' | 'VI', file: string, testId: string, word: string) {
  await game.page.goto('about:blank');
  await game.page.goto(game.gameUrl.replace(/&lang=[A-Z]+/, `&lang=${lang}`));
  await expect(game.page.getByTestId(testId)).toContainText(word);
  await game.page.screenshot({ path: path.join(SHOTS, `${file}-${lang}.png`) });
}

test('European roulette from /live: a straight by keyboard and red, one spin, balance and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'rl', 50_000);
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'European Roulette' });
  const f = game.frame;
  await f.getByTestId(`rl-chip-${CHIP_10K}`).click();
  // Keyboard: the straight-up 17 focused, Enter places the chip; red with the mouse.
  await f.getByTestId('rl-spot-straight:17').focus();
  await page.keyboard.press('Enter');
  await f.getByTestId('rl-spot-red').click();
  await expect(f.getByTestId('rl-total-bet')).toHaveText('20,000.00');
  // The table's limits and the published RTP on the info panel.
  await expect(f.getByTestId('rl-limits')).toContainText('1,000.00');
  await f.getByTestId('rl-rules').click();
  await expect(f.getByTestId('rl-rtp')).toContainText('97.30 %');
  await f.getByTestId('hg-dialog').getByRole('button').click();
  await shootBoth(game, 'roulette', 'roulette-bets');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ number: number; colour: string }>>(() => f.getByTestId('rl-spin').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const n = round.detail.number;
  expect(round.payout).toBe((n === 17 ? 36 * CHIP_10K : 0) + (round.detail.colour === 'red' ? 2 * CHIP_10K : 0));
  await expect(f.getByTestId('rl-result')).toHaveText(String(n));
  await expect.poll(game.balance).toBe(before - round.stake + round.payout);
  await expect(f.getByTestId('rl-road').locator('.rl-bead')).toHaveCount(1);
  await expect(f.getByTestId('rl-spin')).toBeDisabled();
  await expect(f.getByTestId('rl-rebet')).toBeEnabled();
  await shootBoth(game, 'roulette', 'roulette-result');

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'European Roulette' });
  await shootInLanguage(game, 'MY', 'roulette', 'rl-spin', 'လှည့်မည်');
  await page.close();
});

test('Sic bo from /live: big by keyboard and a total, one roll, balance and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'sb', 50_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Sic Bo' });
  const f = game.frame;
  await f.getByTestId(`sb-chip-${CHIP_10K}`).click();
  await f.getByTestId('sb-spot-big').focus();
  await page.keyboard.press('Enter');
  await f.getByTestId('sb-spot-total:10').click();
  await expect(f.getByTestId('sb-total-bet')).toHaveText('20,000.00');
  await expect(f.getByTestId('sb-limits')).toContainText('1,000.00');
  await f.getByTestId('sb-rules').click();
  await expect(f.getByTestId('sb-rtp')).toContainText('97.22 %');
  await f.getByTestId('hg-dialog').getByRole('button').click();
  await shootBoth(game, 'sicbo', 'sicbo-bets');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ dice: number[]; total: number; triple: boolean }>>(() => f.getByTestId('sb-roll').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const { total, triple } = round.detail;
  expect(round.payout).toBe((!triple && total >= 11 ? 2 * CHIP_10K : 0) + (total === 10 ? 7 * CHIP_10K : 0));
  await expect(f.getByTestId('sb-result')).toHaveText(String(total));
  await expect.poll(game.balance).toBe(before - round.stake + round.payout);
  await expect(f.getByTestId('sb-road').locator('.sb-bead')).toHaveCount(1);
  await shootBoth(game, 'sicbo', 'sicbo-result');

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'Sic Bo' });
  await shootInLanguage(game, 'VI', 'sicbo', 'sb-spot-big', 'Tài');
  await shootInLanguage(game, 'CN', 'sicbo', 'sb-spot-anyTriple', '全围');
  await page.close();
});
