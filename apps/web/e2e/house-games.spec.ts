import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { skipNoticePopup, startInLanguage } from './fixtures.ts';
import { launchFromCategory, minorOf, newFundedMember, recheckInRecord, rotateSeedInGame, shootGame, type TLaunchedGame } from './support/house-studio.ts';

// The house vendor's game pages (issue 5), opened with a launch token as the portal's /game iframe opens
// them: the slot spins and baccarat deals against the real server, the balance moves by the round's
// stake and payout, the provably-fair panel follows the nonce and reveals the seed on rotation, and the
// page tells its parent portal the new balance. Screenshots of each page in both themes go to SHOTS.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// The machine running these is shared: rounds with animations get more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.HOUSE_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'house-shots');

const GAMES = {
  slot: { vassalage: 'PH_SLOT', gameId: 'lucky-crown' },
  baccarat: { vassalage: 'PH_LIVE', gameId: 'baccarat-royale' },
  fishing: { vassalage: 'PH_FISH', gameId: 'ocean-hunter' },
} as const;

interface TPlayAnswer {
  success: boolean;
  value: { stake: number; payout: number; balance: number; fairness: { nonce: number } };
}

function demoPassword(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

const money = (minor: number) =>
  `${minor < 0 ? '-' : ''}${String(Math.floor(Math.abs(minor) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** Logs the demo member in through the portal and launches a house game: the game page's URL. */
async function launch(page: Page, game: keyof typeof GAMES, theme: 'dark' | 'light' = 'dark'): Promise<string> {
  await skipNoticePopup(page);
  await startInLanguage(page, 'EN');
  await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  await page.goto('/');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('Username').fill('member01');
  await form.getByPlaceholder('Password').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('after-login-modal')).toBeVisible();
  await page.getByTestId('after-login-close').click();
  const session = await page.evaluate(() => ({ token: sessionStorage.getItem('token'), merchantCode: sessionStorage.getItem('merchantCode') }));
  const res = await page.request.post('/wps/game/launchGame', {
    headers: { authorization: session.token ?? '' },
    data: { launchMode: 'GLS', ...GAMES[game], merchantCode: session.merchantCode ?? 'PLAYHALL', language: 'EN' },
  });
  const body = (await res.json()) as { success: boolean; value: { game_url: string } };
  expect(body.success).toBe(true);
  // The launch token travels in the fragment, never in the path or query a server would log.
  expect(body.value.game_url).toMatch(new RegExp(`^/house/${game}\\.html#token=[\\w-]+&lang=EN&game=${GAMES[game].gameId}$`));
  return body.value.game_url;
}

/** Plays one round through the page and checks the balance it shows against the server's answer. */
async function playRound(page: Page, start: () => Promise<void>, settled: () => Promise<void>): Promise<TPlayAnswer['value']> {
  const before = await page.getByTestId('hg-balance').textContent();
  const nonceBefore = Number(await page.getByTestId('hg-fair-nonce').textContent());
  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/play'));
  await start();
  const round = ((await (await answer).json()) as TPlayAnswer).value;
  await settled();
  expect(round.fairness.nonce).toBe(nonceBefore);
  expect(before).toBe(money(round.balance - round.payout + round.stake));
  await expect(page.getByTestId('hg-balance')).toHaveText(money(round.balance));
  await expect(page.getByTestId('hg-last-win')).toHaveText(money(round.payout));
  await expect(page.getByTestId('hg-fair-nonce')).toHaveText(String(nonceBefore + 1));
  return round;
}

test('slot: spins with the launch token, the balance moves by stake and payout', async ({ page }) => {
  const url = await launch(page, 'slot');
  await page.goto(url);
  await expect(page.getByTestId('hg-balance')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(page.getByTestId('hg-fair-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await shoot(page, 'slot-dark-start');

  // Bets in dong (stakes.ts): 200 ₫ a line to start, one step up is 500 ₫, a spin of 10,000 ₫.
  await expect(page.getByTestId('slot-bet-per-line')).toHaveText('200.00');
  await page.getByRole('button', { name: 'Raise the bet' }).click();
  await expect(page.getByTestId('slot-bet-per-line')).toHaveText('500.00');
  await expect(page.getByTestId('slot-total-bet')).toHaveText('10,000.00');
  const spin = page.getByTestId('slot-spin');
  for (let i = 0; i < 3; i += 1) {
    const round = await playRound(
      page,
      () => spin.click(),
      // The button is disabled only while a round is in flight: with reduced motion (the e2e default) the reels
      // stop at once, so the settled state is all a test can wait for.
      async () => {
        await expect(spin).toBeEnabled();
      },
    );
    expect(round.stake).toBe(1_000_000);
  }
  await expect(page.getByTestId('hg-history').locator('li')).toHaveCount(3);
  await shoot(page, 'slot-dark-after-spins');

  await page.getByTestId('slot-paytable').click();
  await expect(page.getByTestId('hg-dialog')).toContainText('Wild crown');
  await shoot(page, 'slot-dark-paytable');
  await page.getByTestId('hg-dialog').getByRole('button', { name: 'Close' }).click();

  // Rotating the seed reveals the one the rounds were played under; its hash is the one shown before.
  const committed = await page.getByTestId('hg-fair-hash').textContent();
  await page.getByTestId('hg-rotate').click();
  const revealed = page.getByTestId('hg-revealed');
  await expect(revealed).toContainText('The seed matches the hash committed before your bets.');
  await expect(revealed).toContainText(committed ?? '-');
  await expect(revealed).toContainText('openssl dgst -sha256 -hmac');
  await expect(page.getByTestId('hg-fair-hash')).not.toHaveText(committed ?? '');
  await expect(page.getByTestId('hg-fair-nonce')).toHaveText('0');
  await shoot(page, 'slot-dark-revealed');
});

test('slot: a refused spin explains itself in a dialog and shows the balance the server reported', async ({ page }) => {
  await page.goto(await launch(page, 'slot'));
  // The demo member's balance covers every bet the page offers: the refusal is the server's answer, staged.
  await page.route('**/wps/house/play', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'insufficient_balance', message: 'Insufficient balance', value: { balance: 50 } }),
    }),
  );
  await page.getByTestId('slot-spin').click();
  const dialog = page.getByTestId('hg-dialog');
  await expect(dialog).toContainText('Insufficient balance');
  await expect(dialog).toContainText('Your balance of 0.50 does not cover this bet.');
  await expect(page.getByTestId('hg-balance')).toHaveText('0.50');
  await shoot(page, 'slot-insufficient-balance');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
  await expect(page.getByTestId('slot-win-text')).toHaveText('The spin did not take place.');
  await expect(page.getByTestId('hg-history').locator('li')).toHaveCount(0);
});

test('slot in light theme', async ({ page }) => {
  await page.goto(await launch(page, 'slot', 'light'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('hg-history').locator('li')).toHaveCount(1);
  await shoot(page, 'slot-light');
});

test('baccarat: bets on the spots, deals, pays, and the balance moves', async ({ page }) => {
  await page.goto(await launch(page, 'baccarat'));
  await expect(page.getByTestId('bac-deal')).toBeDisabled();
  // Chips in dong (stakes.ts): 10K on the player, 5K on the banker and on the tie.
  await page.getByTestId('bac-chip-1000000').click();
  await page.getByTestId('bac-spot-player').click();
  await page.getByTestId('bac-chip-500000').click();
  await page.getByTestId('bac-spot-banker').click();
  await page.getByTestId('bac-spot-tie').click();
  await expect(page.getByTestId('bac-amount-player')).toHaveText('10,000.00');
  await expect(page.getByTestId('bac-total-bet')).toHaveText('20,000.00');
  await shoot(page, 'baccarat-dark-bets');

  const deal = page.getByTestId('bac-deal');
  for (let i = 0; i < 2; i += 1) {
    const round = await playRound(
      page,
      () => deal.click(),
      async () => {
        await expect(page.getByTestId('bac-result')).toBeVisible();
        await expect(deal).toBeEnabled();
      },
    );
    expect(round.stake).toBe(2_000_000);
  }
  // Four to six cards on the table, face up; the result names the totals.
  await expect(page.locator('.bac-card.is-open')).toHaveCount(await page.locator('.bac-card').count());
  await expect(page.getByTestId('bac-result')).toContainText(/(PLAYER WINS|BANKER WINS|TIE)\d : \d/);
  await expect(page.getByTestId('bac-road').locator('.bac-bead')).toHaveCount(2);
  await shoot(page, 'baccarat-dark-result');
});

test('baccarat in light theme', async ({ page }) => {
  await page.goto(await launch(page, 'baccarat', 'light'));
  await page.getByTestId('bac-spot-banker').click();
  await page.getByTestId('bac-deal').click();
  await expect(page.getByTestId('bac-result')).toBeVisible();
  await shoot(page, 'baccarat-light');
});

test('fishing: each click is a shot; the balance moves by bet and payout', async ({ page }) => {
  await page.goto(await launch(page, 'fishing'));
  const canvas = page.getByTestId('fish-canvas');
  // A shot of 2,000 ₫ to start (stakes.ts).
  await expect(page.getByTestId('fish-bet')).toHaveText('2,000.00');
  await expect(page.getByTestId('fish-legend')).toContainText('×300');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the sea is not on screen');
  for (let i = 0; i < 2; i += 1) {
    // Whatever is under the cursor (a fish or only water) is the shot's target; either way it is a round.
    const round = await playRound(
      page,
      () => canvas.click({ position: { x: box.width / 2, y: box.height / 3 } }),
      () => expect(page.getByTestId('hg-history').locator('li')).toHaveCount(i + 1),
    );
    expect(round.stake).toBe(200_000);
  }
  await shoot(page, 'fishing-dark');
});

test('in the portal’s /game frame the page posts the new balance to the portal', async ({ page }) => {
  const url = await launch(page, 'slot');
  await page.evaluate(() => {
    const w = window as unknown as { houseMessages: unknown[] };
    w.houseMessages = [];
    window.addEventListener('message', (e) => {
      if (e.origin === window.location.origin) w.houseMessages.push(e.data);
    });
  });
  // Client-side navigation keeps the listener: the portal's own route opens the game frame.
  await page.evaluate((u) => {
    window.history.pushState(null, '', `/game?url=${encodeURIComponent(u)}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  const frame = page.frameLocator('[data-testid=game-frame]');
  await expect(frame.getByTestId('slot-spin')).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/play'));
  await frame.getByTestId('slot-spin').click();
  const round = ((await (await answer).json()) as TPlayAnswer).value;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { houseMessages: unknown[] }).houseMessages))
    .toContainEqual({ type: 'playhall:balance', balance: round.balance });
  await shoot(page, 'slot-in-portal');
});

// Issue 21: the betting record re-runs a house round in the browser with the game's own rules (house-rules) once
// its server seed is revealed; before the rotation it says the seed is not revealed yet.
test('the betting record re-checks a Lucky Crown spin in the browser after the seed is rotated', async ({ browser }) => {
  const { page } = await newFundedMember(browser, 'rchk', 20_000);
  try {
    const game = await launchFromCategory(page, { route: '/rng', vendorTab: 'PH_SLOT', gameId: 'lucky-crown' });
    const spin = game.frame.getByTestId('slot-spin');
    await expect(spin).toBeEnabled();
    const round = await game.waitForPlay(() => spin.click());
    await expect.poll(game.balance).toBe(round.balance);

    // Not revealed yet: the record says so instead of a verdict.
    await page.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const centre = page.getByTestId('member-centre');
    await centre.locator(`[data-testid="bet-round"][data-round="${round.roundId}"]`).click();
    const detail = page.getByTestId('bet-detail');
    await detail.getByTestId('bet-recheck').click();
    await expect(detail.getByTestId('bet-recheck-hidden')).toHaveText('The server seed is not revealed yet: rotate the seed in the game to check this round.');
    await shoot(page, 'record-recheck-hidden');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('member-centre')).toHaveCount(0);

    await rotateSeedInGame(game.frame);
    const checked = await recheckInRecord(page, { category: 'RNG', roundId: round.roundId, gameName: 'Lucky Crown' });
    await expect(checked.getByTestId('bet-recheck-commit')).toContainText('Seed commitment matches');
    await expect(checked.getByTestId('bet-recheck-outcome')).toContainText('Outcome matches');
    await shoot(page, 'record-recheck-pass-dark');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await shoot(page, 'record-recheck-pass-light');
  } finally {
    await page.close();
  }
});

test('a page opened with a bad token says the session is not valid', async ({ page }) => {
  await page.goto('/house/slot.html#token=not-a-real-token&lang=EN&game=lucky-crown');
  await expect(page.getByTestId('hg-dialog')).toContainText('This game session is not valid');
  await page.getByTestId('hg-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('hg-end')).toContainText('Session not valid');
  await shoot(page, 'slot-bad-token');
});

// The PVP dice room (Dice Duel): two members, each in a browser context of their own, open /pvp and enter room
// dice-1 from its card, sit in (the ante is a signed debit), the countdown runs, the real server's scheduler rolls
// the round, and both pages show the same dice, check the revealed seed against the hash they showed before the
// roll, and show the balance the server holds; each member's round then re-checks in their betting record.
test.describe('dice duel room', () => {
  const ROOM = 'dice-1';
  const ROOM_NAME = 'Dice Duel · 5,000';
  // Its ante: 5,000 ₫ (stakes.ts); the pot of two is 10,000 ₫ less the 5 % rake.
  const ANTE = 500_000;

  /** Logs a demo member in through the portal and enters the room: the page, the room page's URL, the portal token. */
  async function enterRoom(page: Page, username: string, theme: 'dark' | 'light') {
    await skipNoticePopup(page);
    await startInLanguage(page, 'EN');
    await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    await page.goto('/');
    const form = page.getByTestId('login-form');
    await form.getByPlaceholder('Username').fill(username);
    await form.getByPlaceholder('Password').fill(demoPassword());
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('after-login-modal')).toBeVisible();
    await page.getByTestId('after-login-close').click();
    const session = await page.evaluate(() => ({ token: sessionStorage.getItem('token') ?? '', merchantCode: sessionStorage.getItem('merchantCode') }));
    const res = await page.request.post('/wps/game/launchGame', {
      headers: { authorization: session.token },
      data: { launchMode: 'GLS', vassalage: 'PH_DICE', roomId: ROOM, merchantCode: session.merchantCode ?? 'PLAYHALL', language: 'EN' },
    });
    const body = (await res.json()) as { success: boolean; value: { game_url: string } };
    expect(body.success).toBe(true);
    expect(body.value.game_url).toMatch(new RegExp(`^/house/dice\\.html#token=[\\w-]+&lang=EN&game=dice-duel&room=${ROOM}$`));
    return { url: body.value.game_url, token: session.token };
  }

  /** The balance the server holds for the member (all wallets, as the game's top bar shows it). */
  async function serverBalance(page: Page, token: string): Promise<number> {
    const res = await page.request.get('/wps/v2/wallets/balance', { headers: { authorization: token } });
    return ((await res.json()) as { value: { sumBalance: number } }).value.sumBalance;
  }

  test('two members launch Dice Duel from /pvp, sit, the scheduler rolls; both see one result, each balance moves by it, the record re-checks', async ({ browser }) => {
    test.setTimeout(240_000);
    const members = await Promise.all([newFundedMember(browser, 'dda', 100_000), newFundedMember(browser, 'ddb', 100_000)]);
    try {
      // Each in a browser context of its own opens the PVP hall and enters the room from its card.
      const games = await Promise.all(members.map((m) => launchFromCategory(m.page, { route: '/pvp', vendorTab: 'PH_DICE', roomName: ROOM_NAME })));
      const [a, b] = games as [TLaunchedGame, TLaunchedGame];
      const [nameA, nameB] = members.map((m) => m.username) as [string, string];
      const [tokA, tokB] = (await Promise.all(members.map((m) => m.page.evaluate(() => sessionStorage.getItem('token') ?? '')))) as [string, string];
      // The launch token travels in the fragment, never in the path or query a server would log.
      expect(a.gameUrl).toMatch(new RegExp(`^/house/dice\\.html#token=[\\w-]+&lang=EN&game=dice-duel&room=${ROOM}$`));
      for (const [g, tok] of [[a, tokA], [b, tokB]] as const) {
        await expect(g.frame.getByTestId('dice-status')).toHaveText(/Waiting for players: 2 more to start/);
        await expect(g.frame.getByTestId('dice-ante')).toHaveText('5,000.00');
        await expect(g.frame.getByTestId('dice-fair-hash')).toHaveText(/^[0-9a-f]{64}$/);
        await expect(g.frame.getByTestId('dice-leave')).toBeDisabled();
        await expect(g.frame.getByTestId('hg-balance')).toHaveText(money(await serverBalance(g.page, tok)));
      }
      await shootGame(a.page, 'dice-waiting');
      const roundNo = Number((await a.frame.getByTestId('dice-fair-nonce').textContent()) ?? '0');
      const committed = await a.frame.getByTestId('dice-fair-hash').textContent();
      const start = { a: await serverBalance(a.page, tokA), b: await serverBalance(b.page, tokB) };

      // Sitting in pays the ante; the other page sees the seat under a masked name.
      await a.frame.getByTestId('dice-sit').click();
      await expect(a.frame.getByTestId('dice-leave')).toBeEnabled();
      await expect(a.frame.getByTestId('dice-sit')).toHaveText('Seated');
      await expect(a.frame.getByTestId('hg-balance')).toHaveText(money(start.a - ANTE));
      await expect(b.frame.getByTestId('dice-seat')).toHaveCount(1);
      await expect(b.frame.getByTestId('dice-seat')).toContainText(`${nameA.slice(0, 2)}***${nameA.slice(-1)}`);
      await expect(b.frame.getByTestId('dice-status')).toHaveText(/1 more to start/);
      await b.frame.getByTestId('dice-sit').click();
      await expect(b.frame.getByTestId('hg-balance')).toHaveText(money(start.b - ANTE));
      // Two seated: the countdown runs on both pages, and the pot of antes is 10,000.00.
      for (const g of games) {
        await expect(g.frame.getByTestId('dice-countdown')).toHaveText(/^\d{1,2}$/);
        await expect(g.frame.getByTestId('dice-seat')).toHaveCount(2);
        await expect(g.frame.getByTestId('dice-pot')).toHaveText('10,000.00');
        await expect(g.frame.getByTestId('dice-leave')).toBeEnabled();
      }
      await expect(a.frame.locator('.dice-seat.is-you')).toContainText(nameA);
      await expect(b.frame.locator('.dice-seat.is-you')).toContainText(nameB);
      await shootGame(b.page, 'dice-countdown');

      // The scheduler (a tick every 5 s) rolls the round about 15 s after the second seat (with reduced motion, the
      // e2e default, the dice land without tumbling).
      for (const g of games) {
        await expect(g.frame.getByTestId('dice-result-round')).toContainText(`#${roundNo} ·`, { timeout: 60_000 });
        await expect(g.frame.getByTestId('dice-result-seat')).toHaveCount(2);
        await expect(g.frame.getByTestId('dice-summary')).toContainText('2 × 5,000.00 = 10,000.00');
        await expect(g.frame.getByTestId('dice-result-pot')).toHaveText('9,500.00');
        await expect(g.frame.getByTestId('dice-seed-check')).toHaveText('✓ sha256(seed) equals the hash this page showed before the roll.');
        await expect(g.frame.getByTestId('dice-dice-check')).toHaveText('✓ The dice recomputed in your browser match the roll.');
        await expect(g.frame.getByTestId('dice-revealed-hash')).toHaveText(committed ?? '-');
        await expect(g.frame.getByTestId('dice-openssl')).toHaveText(new RegExp(`^printf %s 'room:${ROOM}:${roundNo}:0' \\| openssl dgst -sha256 -hmac [0-9a-f]{64}$`));
        await expect(g.frame.locator('.dice-card.is-winner')).not.toHaveCount(0);
        // The next round is gathered under a new commitment; nobody sits yet.
        await expect(g.frame.getByTestId('dice-fair-nonce')).toHaveText(String(roundNo + 1));
        await expect(g.frame.getByTestId('dice-fair-hash')).not.toHaveText(committed ?? '');
        await expect(g.frame.getByTestId('hg-history').locator('li')).toHaveCount(1);
      }
      // Both pages show the same dice; each member's balance moved by their own seat's result (the ante out, their
      // share of the pot in), as the server holds it.
      const dice = async (g: TLaunchedGame) => (await g.frame.locator('.dice-card .dice-total-value').allTextContents()).join(',');
      expect(await dice(a)).toBe(await dice(b));
      const after = { a: 0, b: 0 };
      for (const [key, g, tok] of [['a', a, tokA], ['b', b, tokB]] as const) {
        const outcome = (await g.frame.locator('.dice-card.is-you .dice-outcome').textContent()) ?? '';
        expect(outcome).toMatch(/^(Wins [\d,.]+|Loses 5,000\.00)$/);
        const payout = outcome.startsWith('Wins ') ? minorOf(outcome) : 0;
        await expect.poll(g.balance).toBe(start[key] - ANTE + payout);
        after[key] = await serverBalance(g.page, tok);
        expect(after[key]).toBe(start[key] - ANTE + payout);
      }
      // The two antes less the pot (9,500.00) is the house take of 500.00.
      expect(start.a + start.b - (after.a + after.b)).toBe(50_000);
      await shootGame(a.page, 'dice-result');

      // In the next round: leaving before the roll gives the ante back.
      await a.frame.getByTestId('dice-sit').click();
      await expect(a.frame.getByTestId('hg-balance')).toHaveText(money(after.a - ANTE));
      await expect(b.frame.getByTestId('dice-status')).toHaveText(/1 more to start/);
      await a.frame.getByTestId('dice-leave').click();
      await expect(a.frame.getByTestId('dice-sit')).toBeEnabled();
      await expect(a.frame.getByTestId('dice-leave')).toBeDisabled();
      await expect(a.frame.getByTestId('hg-balance')).toHaveText(money(after.a));
      expect(await serverBalance(a.page, tokA)).toBe(after.a);
      await expect(b.frame.getByTestId('dice-seat')).toHaveCount(0);

      // Each member's round is in their betting record, and its fairness re-check passes in the browser.
      for (const g of games) await recheckInRecord(g.page, { category: 'PVP', gameName: 'Dice Duel' });
    } finally {
      for (const m of members) await m.page.context().close();
    }
  });

  // Each join is a seat of its own (a fresh round id), so sitting in again after leaving pays again.
  test('sitting in again in the same round after leaving pays the ante again', async ({ page }) => {
    const { url, token } = await enterRoom(page, 'member03', 'dark');
    await page.goto(url);
    await expect(page.getByTestId('dice-sit')).toBeEnabled();
    const start = await serverBalance(page, token);
    await page.getByTestId('dice-sit').click();
    await expect(page.getByTestId('hg-balance')).toHaveText(money(start - ANTE));
    await page.getByTestId('dice-leave').click();
    await expect(page.getByTestId('hg-balance')).toHaveText(money(start));
    await page.getByTestId('dice-sit').click();
    await expect(page.getByTestId('dice-leave')).toBeEnabled();
    try {
      await expect.poll(() => serverBalance(page, token), { timeout: 5_000 }).toBe(start - ANTE);
    } finally {
      await page.getByTestId('dice-leave').click();
      await expect(page.getByTestId('dice-sit')).toBeEnabled();
    }
  });

  test('a refused seat explains itself in the dialog and shows the balance the server reported', async ({ page }) => {
    const { url } = await enterRoom(page, 'member01', 'dark');
    await page.goto(url);
    await page.route('**/wps/house/room/join', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'insufficient_balance', message: 'Insufficient balance', value: { balance: 50 } }),
      }),
    );
    await page.getByTestId('dice-sit').click();
    const dialog = page.getByTestId('hg-dialog');
    await expect(dialog).toContainText('Insufficient balance');
    await expect(dialog).toContainText('Your balance of 0.50');
    await expect(page.getByTestId('hg-balance')).toHaveText('0.50');
    await shoot(page, 'dice-insufficient-balance');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('dice-sit')).toBeEnabled();
    await expect(page.getByTestId('dice-leave')).toBeDisabled();
  });
});
