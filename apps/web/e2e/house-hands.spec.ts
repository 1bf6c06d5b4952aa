import { test } from '@playwright/test';
import { expect } from './support/expect.ts';
import { infoShowsRtp, launchFromCategory, newFundedMember, recheckInRecord, rotateSeedInGame, shootBoth } from './support/house-studio.ts';

// Blackjack and mines (issue 21), the house's rounds with decisions: a new member opens blackjack from /live and
// mines from /rng (Playhall Originals), plays a hand to the end (stand) and a mines round (one reveal, then cash
// out — or the mine, with 0), the balance moves by payout − stakes, the round re-checks in the betting record.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface THand {
  roundId: string;
  over: boolean;
  staked: number;
  payout: number;
  balance: number | null;
  legal: (string | number)[];
  view: Record<string, unknown>;
}

test('Blackjack from /live: a hand dealt and stood to the end, balance, record and re-check', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'bj', 50_000);
  const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Blackjack' });
  const f = game.frame;
  await expect(f.getByTestId('bj-limits')).toContainText('1,000.00');
  await infoShowsRtp(game, '99.58');
  const before = await game.balance();
  let round = await game.waitForPlay<THand>(() => f.getByTestId('bj-deal').click(), 'hand/start');
  let staked = round.staked;
  if (!round.over) {
    await expect(f.getByTestId('bj-stand')).toBeEnabled();
    await shootBoth(game, 'blackjack', 'blackjack-open');
  }
  while (!round.over) {
    // Stand by its key, S, with the keyboard in the game (the Deal button that had it is disabled now).
    await f.getByTestId('bj-stand').focus();
    round = await game.waitForPlay<THand>(() => page.keyboard.press('s'), 'hand/act');
    staked = round.staked;
  }
  await expect(f.getByTestId('bj-result')).toBeVisible();
  // The results road in the side column: one bead for the round, W / L / P / BJ by its result, labelled in words.
  const net = round.payout - staked;
  const bead = f.getByRole('list', { name: 'Results road' }).getByRole('listitem');
  await expect(bead).toHaveCount(1);
  await expect(bead).toHaveAttribute('data-mark', net > 0 ? /^(win|blackjack)$/ : net === 0 ? 'push' : 'lose');
  await expect(bead).toHaveAccessibleName(/^Round 1: (Win|Lose|Push|Blackjack!)$/);
  await expect.poll(game.balance).toBe(before - staked + round.payout);
  await expect.poll(game.headerBalance).toBe(before - staked + round.payout);
  await shootBoth(game, 'blackjack', 'blackjack-over');
  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId, gameName: 'Blackjack' });
});

test('Mines from /rng: one tile revealed, then cash out (or the mine), balance, record and re-check', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'mn', 50_000);
  const game = await launchFromCategory(page, { route: '/rng', vendorTab: 'PH_INSTANT', gameName: 'Mines' });
  const f = game.frame;
  await expect(f.getByTestId('mn-limits')).toContainText('1,000.00');
  await f.getByTestId('mn-mines-3').click();
  const before = await game.balance();
  const started = await game.waitForPlay<THand>(() => f.getByTestId('mn-start').click(), 'hand/start');
  expect(started.over).toBe(false);
  await expect.poll(game.balance).toBe(before - started.staked);
  // Reveal the centre tile by keyboard.
  await f.getByTestId('mn-tile-12').focus();
  let round = await game.waitForPlay<THand>(() => page.keyboard.press('Enter'), 'hand/act');
  if (!round.over) {
    await expect(f.getByTestId('mn-tile-12')).toHaveClass(/is-safe/);
    await shootBoth(game, 'mines', 'mines-open');
    round = await game.waitForPlay<THand>(() => f.getByTestId('mn-cashout').click(), 'hand/act');
    expect(round.payout).toBe(Math.floor((started.staked * 99 * 25) / (100 * 22)));
  } else {
    expect(round.payout).toBe(0);
    await expect(f.getByTestId('mn-tile-12')).toHaveClass(/is-hit/);
  }
  expect(round.over).toBe(true);
  await expect.poll(game.balance).toBe(before - started.staked + round.payout);
  await shootBoth(game, 'mines', 'mines-over');
  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'RNG', roundId: round.roundId, gameName: 'Mines' });
});
