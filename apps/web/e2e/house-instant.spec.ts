import { test } from '@playwright/test';
import { expect } from './support/expect.ts';
import { expectBalanceMoved, infoShowsRtp, launchFromCategory, minorOf, newFundedMember, recheckInRecord, rotateSeedInGame, shootBoth, type TRound } from './support/house-studio.ts';

// Plinko, keno and crash (issue 21): a new member opens each from /rng (Playhall Originals tab → card), plays one
// round (keyboard where the page offers it), the balance moves by payout − stake, the info panel shows the published
// RTP, and the round re-checks in the betting record. Crash: bet, cash out as soon as the rocket flies (or, if it
// crashed first, the loss), the balance either way, and a revealed round hash verified in the page. Screenshots of
// both themes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('Plinko from /rng: 8 rows at high risk chosen by keyboard, one drop, balance and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'pl', 50_000);
  const game = await launchFromCategory(page, { route: '/rng', vendorTab: 'PH_INSTANT', gameName: 'Plinko Drop' });
  const f = game.frame;
  await f.getByTestId('pl-rows-8').focus();
  await page.keyboard.press('Enter');
  await f.getByTestId('pl-risk-high').focus();
  await page.keyboard.press('Space');
  await expect(f.getByTestId('pl-rows-8')).toHaveAttribute('aria-pressed', 'true');
  await expect(f.getByTestId('pl-risk-high')).toHaveAttribute('aria-pressed', 'true');
  await expect(f.getByTestId('pl-slots').locator('.pl-slot')).toHaveCount(9);
  await infoShowsRtp(game, '99.00 %');
  await shootBoth(game, 'plinko', 'plinko-ready');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ rows: number; risk: string; path: number[]; slot: number; multiplier: number }>>(() => f.getByTestId('pl-drop').click());
  expect(round.detail.rows).toBe(8);
  expect(round.detail.risk).toBe('high');
  expect(round.detail.path).toHaveLength(8);
  expect(round.payout).toBe(Math.floor((round.stake * round.detail.multiplier) / 100));
  await expectBalanceMoved(game, before, round);
  await expect(f.getByTestId('pl-last').locator('.pl-chip')).toHaveCount(1);
  await expect(f.locator(`.pl-slot[data-slot="${round.detail.slot}"]`)).toHaveClass(/is-hit/);
  await expect.poll(game.headerBalance).toBe(before - round.stake + round.payout);
  await shootBoth(game, 'plinko', 'plinko-result');

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'RNG', roundId: round.roundId, gameName: 'Plinko Drop' });
  await page.close();
});

test('Keno from /rng: five numbers picked by keyboard, one draw revealed, balance and record (reduced motion)', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'kn', 50_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const game = await launchFromCategory(page, { route: '/rng', vendorTab: 'PH_INSTANT', gameName: 'Keno 40' });
  const f = game.frame;
  for (const n of [4, 9, 17, 28, 40]) {
    await f.getByTestId(`kn-n-${n}`).focus();
    await page.keyboard.press('Enter');
  }
  await expect(f.getByTestId('kn-picked')).toContainText('5');
  await expect(f.getByTestId('kn-paytable')).toContainText('5');
  await infoShowsRtp(game, '96.00 %');
  await shootBoth(game, 'keno', 'keno-picked');

  const before = await game.balance();
  const round = await game.waitForPlay<TRound<{ picks: number[]; drawn: number[]; hits: number[] }>>(() => f.getByTestId('kn-play').click());
  expect(round.detail.picks).toEqual([4, 9, 17, 28, 40]);
  expect(round.detail.drawn).toHaveLength(10);
  await expect(f.getByTestId('kn-ball')).toHaveCount(10);
  await expect(f.locator('.kn-cell.is-hit')).toHaveCount(round.detail.hits.length);
  await expectBalanceMoved(game, before, round);
  await shootBoth(game, 'keno', 'keno-result');

  // Quick pick keeps the count; clear empties the board.
  await f.getByTestId('kn-quick').click();
  await expect(f.locator('.kn-cell[aria-pressed="true"]')).toHaveCount(5);

  await rotateSeedInGame(f);
  await recheckInRecord(page, { category: 'RNG', roundId: round.roundId, gameName: 'Keno 40' });
  await page.close();
});

type TCrashView = {
  phase: string;
  round: { roundNo: number; bettingEndsAt: string; crashPoint: number | null };
  you: { roundId: string; stake: number; payout: number; status: string; cashOut: number | null } | null;
  balance: number;
};

test('Rocket Crash from /rng: a bet, cash out at once in flight (or the loss), balance, verify and record', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'cr', 50_000);
  const game = await launchFromCategory(page, { route: '/rng', vendorTab: 'PH_INSTANT', gameName: 'Rocket Crash' });
  const f = game.frame;
  await expect(f.getByTestId('cr-terminal')).toHaveText(/^[0-9a-f]{64}$/);
  await infoShowsRtp(game, '99.00 %');
  const crashState = async (): Promise<TCrashView> => {
    const res = await page.request.get('/wps/house/crash', { headers: { 'x-game-token': game.token } });
    return ((await res.json()) as { value: TCrashView }).value;
  };
  // A betting phase with at least two seconds left (the server's clock decides).
  await expect
    .poll(async () => {
      const s = await crashState();
      return s.phase === 'betting' && new Date(s.round.bettingEndsAt).getTime() - Date.now() > 2000;
    }, { timeout: 60_000, intervals: [250] })
    .toBe(true);
  await expect(f.getByTestId('cr-place')).toBeEnabled();
  await shootBoth(game, 'crash', 'crash-betting');
  const before = await game.balance();
  await f.getByTestId('cr-auto').fill('');
  const placed = await game.waitForPlay<TCrashView>(async () => {
    await f.getByTestId('cr-auto').focus();
    await page.keyboard.press('Enter');
  }, 'crash/bet');
  const stake = placed.you?.stake ?? 0;
  expect(stake).toBeGreaterThan(0);
  await expect.poll(game.balance).toBe(before - stake);

  // In flight: cash out at once with the keyboard; a crash at take-off (about 2 rounds in 100) is a loss instead.
  const cash = f.getByTestId('cr-cashout');
  const mine = f.getByTestId('cr-mine');
  await expect.poll(async () => (await cash.isVisible()) || /is-lost/.test((await mine.getAttribute('class')) ?? ''), { timeout: 20_000 }).toBe(true);
  let payout = 0;
  if (await cash.isVisible()) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/crash/cashout'));
    await cash.focus();
    await page.keyboard.press('Space');
    const body = (await (await answer).json()) as { success: boolean; value: { payout: number; cashOut: number } };
    // Refused only when the rocket crashed before the request arrived: then the bet is lost.
    if (body.success) {
      payout = body.value.payout;
      expect(payout).toBe(Math.floor((stake * body.value.cashOut) / 100));
    }
  }
  await expect(mine).toHaveClass(payout > 0 ? /is-won/ : /is-lost/, { timeout: 60_000 });
  await shootBoth(game, 'crash', 'crash-after');
  await expect.poll(game.balance, { timeout: 20_000 }).toBe(before - stake + payout);
  await expect.poll(game.headerBalance, { timeout: 20_000 }).toBe(before - stake + payout);
  if (payout > 0) expect(minorOf(await f.getByTestId('hg-last-win').textContent())).toBe(payout);
  else if (await f.getByTestId('hg-dialog').isVisible()) await f.getByTestId('hg-dialog').getByRole('button').last().click();

  // The round ends, its hash is revealed and verified in the page (the crash point and the chain down to the terminal hash).
  await expect(f.getByTestId('cr-verify').first()).toBeVisible({ timeout: 60_000 });
  await f.getByTestId('cr-verify').first().click();
  await expect(f.getByTestId('cr-verdict').first()).toHaveClass(/hg-ok/, { timeout: 30_000 });
  await shootBoth(game, 'crash', 'crash-verified');

  await recheckInRecord(page, { category: 'RNG', roundId: placed.you?.roundId, gameName: 'Rocket Crash' });
  await page.close();
});
