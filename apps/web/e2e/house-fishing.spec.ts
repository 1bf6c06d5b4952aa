import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { HOUSE_SHOTS, launchFromCategory, newFundedMember, recheckInRecord, rotateSeedInGame, shootGame, type TLaunchedGame, type TPlayValue } from './support/house-studio.ts';
import { shot as screenshot } from './support/screenshots.ts';

// The two house fishing titles (issue 21), launched from /fish as a member does: a shot each through the page in
// the portal's /game frame, the balance moved by the round, the round in the betting record and its fairness
// re-checked in the browser. Screenshots of Dragon Fishing's sea in both themes go to HOUSE_SHOTS.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** One shot at the middle of the sea (a fish or only water: a round either way); the round's answer. */
async function shootOnce(game: TLaunchedGame): Promise<TPlayValue> {
  const canvas = game.frame.getByTestId('fish-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the sea is not on screen');
  const before = await game.balance();
  const round = await game.waitForPlay(() => canvas.click({ position: { x: box.width / 2, y: box.height / 3 } }));
  await expect(game.frame.getByTestId('hg-history').locator('li')).toHaveCount(1);
  // The frame shows the server's balance, moved by the stake and the payout (never equal in fishing).
  expect(before).toBe(round.balance + round.stake - round.payout);
  await expect.poll(game.balance).toBe(round.balance);
  expect(round.balance).not.toBe(before);
  await expect.poll(game.headerBalance).toBe(round.balance);
  return round;
}

test('both fishing titles from /fish: a shot each, the balance, the record and its re-check', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'fish', 50_000);
  try {
    // Ocean Hunter: single shots at one fish.
    const ocean = await launchFromCategory(page, { route: '/fish', vendorTab: 'PH_FISH', gameId: 'ocean-hunter' });
    expect(ocean.gameUrl).toMatch(/^\/house\/fishing\.html#token=[\w-]+&lang=EN&game=ocean-hunter$/);
    await expect(ocean.frame.getByTestId('fish-legend')).toContainText('×300');
    await expect(ocean.frame.getByTestId('fish-weapons')).toHaveCount(0);
    const first = await shootOnce(ocean);
    expect(first.stake).toBe(200_000);
    await rotateSeedInGame(ocean.frame);
    await recheckInRecord(page, { category: 'FISH', roundId: first.roundId, gameName: 'Ocean Hunter' });
    await page.keyboard.press('Escape');

    // Dragon Fishing: its own sea, weapons and cannon levels; the net at level 2 stakes bet × 2 × 2.
    const dragon = await launchFromCategory(page, { route: '/fish', vendorTab: 'Playhall Fishing', gameName: 'Dragon Fishing' });
    expect(dragon.gameUrl).toMatch(/&game=dragon-fishing$/);
    const f = dragon.frame;
    await expect(f.getByTestId('fish-legend')).toContainText('×500');
    await f.getByTestId('fish-weapon-net').click();
    await expect(f.getByTestId('fish-weapon-net')).toHaveAttribute('aria-pressed', 'true');
    await f.getByTestId('fish-level-raise').click();
    await expect(f.getByTestId('fish-level')).toHaveText('×2');
    await expect(f.getByTestId('fish-shot-cost')).toHaveText('A shot costs 8,000.00');
    // The info dialog: the rules, the table limits and the published RTP from the catalogue.
    await f.getByTestId('hg-info').click();
    await expect(f.getByTestId('hg-dialog')).toContainText('Table limits: 1,000.00 to 1,000,000.00 a shot');
    await expect(f.getByTestId('hg-rtp')).toContainText('Return to player: 96.00 %');
    await f.getByTestId('hg-dialog').getByRole('button', { name: 'Close' }).click();
    await shootGame(page, 'fishing-dragon-start');
    const shot = await shootOnce(dragon);
    expect(shot.stake).toBe(800_000);
    expect(shot.detail).toMatchObject({ weapon: 'net', level: 2, stake: 800_000 });
    await shootGame(page, 'fishing-dragon-shot');

    // The keyboard plays too: focus the sea, aim with the arrows, shoot with Enter.
    const canvas = f.getByTestId('fish-canvas');
    await canvas.focus();
    await page.keyboard.press('ArrowUp');
    const byKey = await dragon.waitForPlay(() => page.keyboard.press('Enter'));
    expect(byKey.stake).toBe(800_000);
    await expect(f.getByTestId('hg-history').locator('li')).toHaveCount(2);

    await rotateSeedInGame(f);
    await recheckInRecord(page, { category: 'FISH', roundId: shot.roundId, gameName: 'Dragon Fishing' });
    await screenshot(page, path.join(HOUSE_SHOTS, 'fishing-dragon-recheck-dark.png'));
  } finally {
    await page.close();
  }
});
