import path from 'node:path';
import { test } from '@playwright/test';
import { expect } from './support/expect.ts';
import { expectBalanceMoved, HOUSE_SHOTS, infoShowsRtp, launchFromCategory, newFundedMember, placeTwoBets, recheckInRecord, rotateSeedInGame, shootBoth, type TLaunchedGame, type TRound } from './support/house-studio.ts';
import { shot } from './support/screenshots.ts';

// European roulette and sic bo (issue 21): a new member opens each table from the /live category page (Playhall
// Live tab → card), places two bets (one with the keyboard), plays one round, the balance moves by payout − stake,
// the info panel shows the published RTP, and the round re-checks in the betting record. Screenshots of both themes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const CHIP_10K = 1_000_000;

/**
 * The same launch opened on its own in another language (the end of a spec): the page speaks it, right to left for
 * Arabic, Persian and Urdu; a screenshot.
 */
async function shootInLanguage(game: TLaunchedGame, lang: string, file: string, testId: string, word: string) {
  await game.page.goto('about:blank');
  await game.page.goto(game.gameUrl.replace(/&lang=[A-Z]+/, `&lang=${lang}`));
  await expect(game.page.getByTestId(testId)).toContainText(word);
  await expect(game.page.locator('html')).toHaveAttribute('dir', ['AR', 'FA', 'UR'].includes(lang) ? 'rtl' : 'ltr');
  await shot(game.page, path.join(HOUSE_SHOTS, `${file}-${lang}.png`));
}

test('European roulette from /live: a straight by keyboard and red, one spin, balance and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'rl', 50_000);
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'European Roulette' });
  const f = game.frame;
  // Keyboard: the straight-up 17 focused, Enter places the chip; red with the mouse. The table's limits and the
  // published RTP on the info panel.
  await placeTwoBets(game, { prefix: 'rl', chip: CHIP_10K, byKeyboard: 'straight:17', byMouse: 'red', total: '20,000.00', limit: '1,000.00' });
  await infoShowsRtp(game, '97.30 %', 'rl-rules', 'rl-rtp');
  await shootBoth(game, 'roulette', 'roulette-bets');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ number: number; colour: string }>>(() => f.getByTestId('rl-spin').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const n = round.detail.number;
  expect(round.payout).toBe((n === 17 ? 36 * CHIP_10K : 0) + (round.detail.colour === 'red' ? 2 * CHIP_10K : 0));
  await expect(f.getByTestId('rl-result')).toHaveText(String(n));
  await expectBalanceMoved(game, before, round);
  await expect(f.getByTestId('rl-road').locator('.rl-bead')).toHaveCount(1);
  await expect(f.getByTestId('rl-spin')).toBeDisabled();
  await expect(f.getByTestId('rl-rebet')).toBeEnabled();
  await shootBoth(game, 'roulette', 'roulette-result');

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'European Roulette' });
  await shootInLanguage(game, 'MY', 'roulette', 'rl-spin', 'လှည့်မည်');
  await shootInLanguage(game, 'AR', 'roulette', 'rl-spin', 'أدر');
  await shootInLanguage(game, 'DE', 'roulette', 'rl-spin', 'Drehen');
  await page.close();
});

test('Sic bo from /live: big by keyboard and a total, one roll, balance and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'sb', 50_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Sic Bo' });
  const f = game.frame;
  await placeTwoBets(game, { prefix: 'sb', chip: CHIP_10K, byKeyboard: 'big', byMouse: 'total:10', total: '20,000.00', limit: '1,000.00' });
  await infoShowsRtp(game, '97.22 %', 'sb-rules', 'sb-rtp');
  await shootBoth(game, 'sicbo', 'sicbo-bets');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ dice: number[]; total: number; triple: boolean }>>(() => f.getByTestId('sb-roll').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const { total, triple } = round.detail;
  expect(round.payout).toBe((!triple && total >= 11 ? 2 * CHIP_10K : 0) + (total === 10 ? 7 * CHIP_10K : 0));
  await expect(f.getByTestId('sb-result')).toHaveText(String(total));
  await expectBalanceMoved(game, before, round);
  await expect(f.getByTestId('sb-road').locator('.sb-bead')).toHaveCount(1);
  await shootBoth(game, 'sicbo', 'sicbo-result');

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'Sic Bo' });
  await shootInLanguage(game, 'VI', 'sicbo', 'sb-spot-big', 'Tài');
  await shootInLanguage(game, 'CN', 'sicbo', 'sb-spot-anyTriple', '全围');
  await shootInLanguage(game, 'TH', 'sicbo', 'sb-roll', 'เขย่า');
  await page.close();
});
