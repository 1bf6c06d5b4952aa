import { test } from '@playwright/test';
import { expect } from './support/expect.ts';
import { launchFromCategory, minorOf, newFundedMember, recheckInRecord, rotateSeedInGame, type TPlayValue } from './support/house-studio.ts';
import { shootBothThemes } from './support/screenshots.ts';

/*
 * Xóc đĩa and bầu cua (issue 21): the single tables launched from /live play a round each (balance, record, the
 * re-check in the browser); a xóc đĩa room with two members in two browser contexts shares one result, each balance
 * changed by its own bet. The room's betting window is 6 s here (playwright.config.ts HOUSE_ROOM_BET_SECONDS).
 */
const SHOTS = 'test-results/house-vietnam';
const CHIP = 1_000_000; // the table's starting chip: 10,000 ₫ in minor units

test('xóc đĩa and bầu cua single tables from /live: one round each, balance and record', async ({ browser }) => {
  test.setTimeout(240_000);
  const { page } = await newFundedMember(browser, 'vt', 500_000);
  for (const [gameName, spot, category] of [['Xóc Đĩa', 'chan', 'LIVE'], ['Bầu Cua Tôm Cá', 'cua', 'LIVE']] as const) {
    const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName });
    const before = await game.balance();
    await expect(game.frame.getByTestId('vt-limits')).toContainText('1,000.00');
    await game.frame.getByTestId(`vt-spot-${spot}`).click();
    await expect(game.frame.getByTestId(`vt-amount-${spot}`)).toHaveText('10,000.00');
    const round = await game.waitForPlay<TPlayValue>(() => game.frame.getByTestId('vt-place').click());
    expect(round.stake).toBe(CHIP);
    expect(round.balance).toBe(before - round.stake + round.payout);
    await expect.poll(game.balance).toBe(round.balance);
    await expect(game.frame.getByTestId('vt-road').locator(spot === 'chan' ? '.xd-bead' : '.bc-bead')).toHaveCount(1);
    await shootBothThemes(page, SHOTS, spot === 'chan' ? 'xocdia-table' : 'baucua-table');
    await rotateSeedInGame(game.frame);
    await recheckInRecord(page, { category, roundId: round.roundId, gameName });
  }
});

test('a xóc đĩa room: two players in two contexts bet in one round and share one result', async ({ browser }) => {
  test.setTimeout(240_000);
  const players = [await newFundedMember(browser, 'vta', 200_000), await newFundedMember(browser, 'vtb', 200_000)];
  const games = [];
  for (const p of players) games.push(await launchFromCategory(p.page, { route: '/pvp', vendorTab: 'PH_DICE', roomName: 'Xóc Đĩa · 1K' }));
  const [a, b] = games as [(typeof games)[number], (typeof games)[number]];
  await expect(a.frame.getByTestId('vt-banker')).toBeVisible();
  const roundText = (await a.frame.getByTestId('vt-round').textContent()) ?? '';
  const roundNo = Number(roundText.replace(/\D/g, ''));
  const hash = await a.frame.getByTestId('vt-fair-hash').textContent();
  await expect(b.frame.getByTestId('vt-fair-hash')).toHaveText(hash ?? '');
  const before = [await a.balance(), await b.balance()];

  await a.frame.getByTestId('vt-spot-chan').click();
  await a.waitForPlay(() => a.frame.getByTestId('vt-place').click(), 'bet-room/bet');
  await b.frame.getByTestId('vt-spot-le').click();
  await b.waitForPlay(() => b.frame.getByTestId('vt-place').click(), 'bet-room/bet');
  await expect.poll(a.balance).toBe((before[0] ?? 0) - CHIP);
  await expect.poll(b.balance).toBe((before[1] ?? 0) - CHIP);
  await expect(a.frame.getByTestId('vt-players').locator('li')).toHaveCount(2);
  await expect(a.frame.getByTestId('vt-countdown')).toHaveAttribute('data-state', /counting|closed/);
  await shootBothThemes(a.page, SHOTS, 'xocdia-room-betting');

  // The countdown ends and the tick decides the round: both see it, the same discs.
  for (const g of games) await expect(g.frame.getByTestId('vt-last')).toHaveAttribute('data-round', String(roundNo), { timeout: 40_000 });
  const reds = Number(await a.frame.getByTestId('xd-result').getAttribute('data-reds'));
  await expect(b.frame.getByTestId('xd-result')).toHaveAttribute('data-reds', String(reds));
  await expect(a.frame.getByTestId('vt-fair-seed')).toBeVisible();
  for (const g of games) await expect(g.frame.getByTestId('vt-recheck')).toHaveClass('vt-check-ok');
  const win = (CHIP * 196) / 100;
  await expect.poll(a.balance).toBe((before[0] ?? 0) - CHIP + (reds % 2 === 0 ? win : 0));
  await expect.poll(b.balance).toBe((before[1] ?? 0) - CHIP + (reds % 2 === 1 ? win : 0));
  await shootBothThemes(b.page, SHOTS, 'xocdia-room-result');
  await recheckInRecord(a.page, { category: 'PVP' });
  for (const p of players) await p.page.context().close();
});

test('a member takes the banker seat of a bầu cua room, another bets against the bank, the banker leaves with it', async ({ browser }) => {
  test.setTimeout(240_000);
  const players = [await newFundedMember(browser, 'vtk', 300_000), await newFundedMember(browser, 'vtp', 100_000)];
  const games = [];
  for (const p of players) games.push(await launchFromCategory(p.page, { route: '/pvp', vendorTab: 'PH_DICE', roomName: 'Bầu Cua · 1K' }));
  const [banker, player] = games as [(typeof games)[number], (typeof games)[number]];
  const BANK = 10_000_000; // 100,000 ₫: twice the room's minimum bank (50 minimum bets)
  const before = [await banker.balance(), await player.balance()];
  const bankOf = async (g: typeof banker) => minorOf(await g.frame.getByTestId('vt-banker-bank').textContent());

  // The house banks until a member takes the seat (keyboard: the amount, then Enter on the button).
  await expect(banker.frame.getByTestId('vt-banker-bank')).toHaveText('');
  await expect(banker.frame.getByTestId('vt-bank-take')).toBeEnabled();
  await shootBothThemes(banker.page, SHOTS, 'baucua-room-house-seat');
  await banker.frame.getByTestId('vt-bank-amount').selectOption(String(BANK));
  await banker.frame.getByTestId('vt-bank-take').focus();
  const took = await banker.waitForPlay<{ bankerSeat: { bank: number } }>(() => banker.frame.getByTestId('vt-bank-take').press('Enter'), 'bet-room/bank');
  expect(took.bankerSeat.bank).toBe(BANK);
  await expect.poll(banker.balance).toBe((before[0] ?? 0) - BANK);
  await expect(banker.frame.getByTestId('vt-spot-cua')).toBeDisabled();
  await expect(banker.frame.getByTestId('vt-bank-leave')).toBeVisible();
  await expect.poll(() => bankOf(player)).toBe(BANK);
  await expect(player.frame.getByTestId('vt-banker-name')).toContainText('***');
  await expect(player.frame.getByTestId('vt-bank-take')).toBeHidden();

  // The player bets cua 10,000 ₫: a triple would cost the bank 30,000 ₫, so it still covers 70,000 ₫.
  await player.frame.getByTestId('vt-spot-cua').click();
  await player.waitForPlay(() => player.frame.getByTestId('vt-place').click(), 'bet-room/bet');
  await expect.poll(async () => minorOf(await banker.frame.getByTestId('vt-banker-coverage').textContent())).toBe(BANK - 3 * CHIP);
  await expect(banker.frame.getByTestId('vt-bank-leave')).toBeDisabled();
  await shootBothThemes(banker.page, SHOTS, 'baucua-room-banker');

  // The result: the player paid from the bank (or the stake to it), less the 5 % rake on the banker's net win.
  const roundNo = Number(((await player.frame.getByTestId('vt-round').textContent()) ?? '').replace(/\D/g, ''));
  for (const g of games) await expect(g.frame.getByTestId('vt-last')).toHaveAttribute('data-round', String(roundNo), { timeout: 40_000 });
  const room = (await (await player.page.request.get('/wps/house/bet-room', { headers: { 'x-game-token': player.token } })).json()) as { value: { lastRound: { players: { payout: number }[] } } };
  const payout = room.value.lastRound.players[0]?.payout ?? -1;
  const net = CHIP - payout;
  const rake = net > 0 ? Math.floor((net * 5) / 100) : 0;
  await expect.poll(player.balance).toBe((before[1] ?? 0) - CHIP + payout);
  await expect.poll(() => bankOf(banker)).toBe(BANK + net - rake);
  await expect(banker.frame.getByTestId('vt-last')).toContainText(/banker/i);
  await shootBothThemes(player.page, SHOTS, 'baucua-room-banker-result');

  // The banker leaves between rounds: the bank comes back; the banker's round and the player's own round each
  // re-check in that member's betting record.
  await banker.waitForPlay(() => banker.frame.getByTestId('vt-bank-leave').click(), 'bet-room/leave');
  await expect.poll(banker.balance).toBe((before[0] ?? 0) + net - rake);
  await expect(banker.frame.getByTestId('vt-bank-take')).toBeVisible();
  await recheckInRecord(banker.page, { category: 'PVP' });
  await recheckInRecord(player.page, { category: 'PVP' });
  for (const p of players) await p.page.context().close();
});
