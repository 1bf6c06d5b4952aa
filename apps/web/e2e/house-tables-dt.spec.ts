import path from 'node:path';
import { test } from '@playwright/test';
import { expect } from './support/expect.ts';
import { expectBalanceMoved, HOUSE_SHOTS, infoShowsRtp, launchFromCategory, newFundedMember, placeTwoBets, recheckInRecord, rotateSeedInGame, shootBoth, type TRound } from './support/house-studio.ts';
import { shot } from './support/screenshots.ts';

// Dragon tiger and baccarat with side bets (issue 21): a new member opens each table from the /live category page
// (Playhall Live tab → card), places a main bet by keyboard and a side bet, plays one round, the balance moves by
// payout − stake, the info panel shows the published RTP, the scoreboard shows the round, and the round re-checks
// in the betting record. Screenshots of both themes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const CHIP_10K = 1_000_000;

type TBets = { bets: { bet: string; stake: number; payout: number }[] };
const RANKS = 'A23456789TJQK';
const rank = (card: string) => RANKS.indexOf(card[0] ?? '') + 1;

test('Dragon tiger from /live: Dragon by keyboard and Tiger red, one round, balance, roads and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'dt', 50_000);
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Dragon Tiger' });
  const f = game.frame;
  await placeTwoBets(game, { prefix: 'dt', chip: CHIP_10K, byKeyboard: 'dragon', byMouse: 'tigerRed', total: '20,000.00', limit: '1,000.00' });
  await infoShowsRtp(game, '96.27 %', 'dt-info', 'dt-rtp');
  await shootBoth(game, 'dragontiger', 'dragontiger-bets');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ dragon: string; tiger: string; result: string } & TBets>>(() => f.getByTestId('dt-deal').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const d = rank(round.detail.dragon), t = rank(round.detail.tiger);
  const tigerRed = t !== 7 && /[hd]$/.test(round.detail.tiger);
  expect(round.payout).toBe((d > t ? 2 * CHIP_10K : d === t ? CHIP_10K / 2 : 0) + (tigerRed ? 2 * CHIP_10K : 0));
  await expect(f.getByTestId('dt-result')).toBeVisible();
  await expectBalanceMoved(game, before, round);
  await expect(f.getByTestId('dt-road').locator('.bac-bead')).toHaveCount(1);
  await expect(f.getByTestId('dt-big-road').locator('.road-mark')).toHaveCount(round.detail.result === 'tie' ? 0 : 1);
  await expect(f.getByTestId('dt-rebet')).toBeEnabled();
  await shootBoth(game, 'dragontiger', 'dragontiger-result');
  await shot(f.getByTestId('dt-roads'), path.join(HOUSE_SHOTS, 'dragontiger-roads-dark.png'));

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'Dragon Tiger' });
  await page.close();
});

test('Baccarat from /live: Banker by keyboard and Lucky 6, one coup, balance, roads and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'bs', 50_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Baccarat Royale' });
  const f = game.frame;
  await placeTwoBets(game, { prefix: 'bac', chip: CHIP_10K, byKeyboard: 'banker', byMouse: 'lucky6', total: '20,000.00', limit: '1,000.00' });
  await infoShowsRtp(game, '98.94 %', 'bac-info', 'bac-rtp');
  await shootBoth(game, 'baccarat', 'baccarat-side-bets');

  const before = await game.balance();
  type TCoup = { player: string[]; banker: string[]; playerTotal: number; bankerTotal: number; result: string } & TBets;
  const round = await game.waitForPlay<TRound<TCoup>>(() => f.getByTestId('bac-deal').click());
  expect(round.stake).toBe(2 * CHIP_10K);
  const c = round.detail;
  const lucky = c.result === 'banker' && c.bankerTotal === 6 ? (c.banker.length === 2 ? 13 : 21) * CHIP_10K : 0;
  expect(round.payout).toBe((c.result === 'banker' ? 1.95 * CHIP_10K : c.result === 'tie' ? CHIP_10K : 0) + lucky);
  await expect(f.getByTestId('bac-result')).toBeVisible();
  await expectBalanceMoved(game, before, round);
  await expect(f.getByTestId('bac-road').locator('.bac-bead')).toHaveCount(1);
  await shootBoth(game, 'baccarat', 'baccarat-side-result');
  await shot(f.getByTestId('bac-roads'), path.join(HOUSE_SHOTS, 'baccarat-roads-dark.png'));

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'Baccarat Royale' });
  await page.close();
});
