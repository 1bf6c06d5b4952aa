import path from 'node:path';
import type { Browser, Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { newOperatorMember } from './members.ts';
import { ops } from './ops.ts';
import { SCREENSHOTS, shot } from './screenshots.ts';

/*
 * Helpers for the house studio's e2e specs (issue 21): a member plays a house game launched from its category
 * page, as a player does, and checks the round in the betting record.
 *
 *   const { page } = await newFundedMember(browser, 'xd', 50_000);           // new member, 50,000.00 credited
 *   const game = await launchFromCategory(page, { route: '/live', vendorTab: 'PH_LIVE', gameName: 'Sic Bo' });
 *   const before = await game.balance();                                     // the frame's top bar, minor units
 *   await game.frame.getByTestId('…').click();                               // drive the page in its iframe
 *   const round = await game.waitForPlay(() => game.frame.getByTestId('…').click());   // the /wps/house/play answer
 *   await expect.poll(game.balance).toBe(round.balance);
 *   await rotateSeedInGame(game.frame);                                      // solo games: reveal the server seed
 *   await recheckInRecord(page, { category: 'LIVE', roundId: round.roundId });   // record → detail → re-check passes
 *
 * `vendorTab` is the vendor's code (`PH_SLOT`, `PH_LIVE`, …) or its tab's label ("Playhall Live"). On /rng a tab goes
 * to `?page=<code>`, elsewhere to `?vendor=<code>`; the helper clicks the tab either way. A PVP room is entered
 * with `roomName` (the room card's "Enter room") instead of a game card.
 */

export type THouseRoute = '/live' | '/rng' | '/fish' | '/pvp';

export interface TCategoryLaunch {
  route: THouseRoute;
  /** The vendor's code or its tab's label. */
  vendorTab: string;
  /** The title's name on its card (or give `gameId`). */
  gameName?: string;
  /** The title's game id (`data-game="<vendor>/<gameId>"`), exact where names could repeat. */
  gameId?: string;
  /** PVP: the room's name on its card; its "Enter room" launches. */
  roomName?: string;
}

export interface TLaunchedGame {
  page: Page;
  /** The game page inside the portal's /game iframe. */
  frame: FrameLocator;
  /** The iframe element (its `src` is the game URL). */
  frameElement: Locator;
  /** The game URL the portal opened (`/house/<page>.html#token=…&lang=…&game=…`). */
  gameUrl: string;
  /** The launch token from the URL's fragment (for direct API calls with `X-Game-Token`). */
  token: string;
  /** The balance in the game page's top bar, in minor units (NaN while it shows none). */
  balance: () => Promise<number>;
  /** The balance in the portal's header, in minor units. */
  headerBalance: () => Promise<number>;
  /** Runs `act` and answers the body of the `/wps/house/<path>` response it causes (default `play`). */
  waitForPlay: <T = TPlayValue>(act: () => Promise<unknown>, path?: string) => Promise<T>;
}

export interface TPlayValue {
  roundId: string;
  stake: number;
  payout: number;
  balance: number;
  fairness: { nonce: number; serverSeedHash?: string; clientSeed?: string };
  [key: string]: unknown;
}

/** Text like "12,345.60" (or "-1.50") as integer minor units. */
export function minorOf(text: string | null): number {
  const clean = (text ?? '').replace(/[^0-9.-]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole, frac = ''] = clean.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return clean.startsWith('-') ? -value : value;
}

/** A member made for this spec (see `newOperatorMember`), its wallet credited with `major` by the operator CLI. */
export async function newFundedMember(browser: Browser, prefix: string, major: number): Promise<{ page: Page; username: string }> {
  const member = await newOperatorMember(browser, prefix, 'secret123x');
  ops('wallet', 'adjust', member.username, String(major), '--reason', `e2e: stake for the ${prefix} house games`);
  // The header reads the balance again on its next fetch: a reload shows the credit.
  await member.page.reload();
  await expect(member.page.getByTestId('member-menu')).toContainText(member.username);
  return member;
}

/** The vendor tab by code or label. */
function vendorTabOf(page: Page, vendorTab: string): Locator {
  return /^[A-Z0-9_]+$/.test(vendorTab)
    ? page.getByTestId(`vendor-tab-${vendorTab}`)
    : page.locator('[data-testid^="vendor-tab-"]').filter({ hasText: vendorTab }).first();
}

/**
 * Opens the category page, picks the vendor's tab, clicks the title's card (or enters the room) and waits for the
 * game page in the portal's /game iframe to show its balance.
 */
export async function launchFromCategory(page: Page, launch: TCategoryLaunch): Promise<TLaunchedGame> {
  await page.goto(launch.route);
  const tab = vendorTabOf(page, launch.vendorTab);
  await expect(tab).toBeVisible();
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  if (launch.roomName) {
    const room = page.getByTestId('pvp-room').filter({ hasText: launch.roomName }).first();
    await expect(room).toBeVisible();
    await room.getByTestId('pvp-enter').click();
  } else {
    const grid = page.getByTestId('game-grid').last();
    await expect(grid).toBeVisible();
    const card = launch.gameId
      ? grid.locator(`[data-game$="/${launch.gameId}"]`).first()
      : grid.getByTestId('game-card').filter({ has: page.getByTitle(launch.gameName ?? '', { exact: true }) }).first();
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('game-play').click();
  }

  await expect(page).toHaveURL(/\/game\?url=/);
  const frameElement = page.getByTestId('game-frame');
  await expect(frameElement).toHaveAttribute('src', /^\/house\/[\w-]+\.html#token=/);
  const gameUrl = (await frameElement.getAttribute('src')) ?? '';
  const token = new URLSearchParams(gameUrl.split('#')[1] ?? '').get('token') ?? '';
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const balance = async () => minorOf(await frame.getByTestId('hg-balance').textContent());
  await expect.poll(balance, { timeout: 30_000 }).not.toBeNaN();
  return {
    page,
    frame,
    frameElement,
    gameUrl,
    token,
    balance,
    headerBalance: async () => minorOf(await page.getByTestId('balance-amount').textContent()),
    waitForPlay: async <T = TPlayValue>(act: () => Promise<unknown>, path = 'play') => {
      const answer = page.waitForResponse((r) => r.url().endsWith(`/wps/house/${path}`) && r.request().method() === 'POST');
      await act();
      const body = (await (await answer).json()) as { success: boolean; value: T; message?: string };
      expect(body.success, body.message).toBe(true);
      return body.value;
    },
  };
}

/**
 * Solo games reveal a round's server seed only when the member rotates the seed: clicks the page's "Rotate seed" and
 * waits for the revealed seed to match the hash committed before the bets.
 */
export async function rotateSeedInGame(frame: FrameLocator): Promise<void> {
  const committed = await frame.getByTestId('hg-fair-hash').textContent();
  await frame.getByTestId('hg-rotate').click();
  await expect(frame.getByTestId('hg-revealed')).toContainText(committed ?? '-');
  await expect(frame.getByTestId('hg-fair-hash')).not.toHaveText(committed ?? '');
}

export interface TRecordCheck {
  /** The category to filter the record by (`RNG`, `LIVE`, `FISH`, `PVP`, …); all categories when absent. */
  category?: string;
  /** The round to open; the newest round when absent. */
  roundId?: string;
  /** The game's name the round's row shows. */
  gameName?: string;
}

/**
 * Opens the betting record from the member menu, the round's detail, clicks "Re-check in the browser" and expects
 * both checks to pass. Rotate the seed in the game first for solo games (`rotateSeedInGame`). Leaves the record open
 * (Escape closes the detail); answers the detail dialog.
 */
export async function recheckInRecord(page: Page, check: TRecordCheck = {}): Promise<Locator> {
  const centre = page.getByTestId('member-centre');
  if ((await centre.count()) === 0) {
    await page.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
  }
  await expect(centre.getByTestId('mc-page-personalHistoryCopy')).toBeVisible();
  if (check.category) await centre.getByTestId('bets-category').selectOption(check.category);
  const row = check.roundId ? centre.locator(`[data-testid="bet-round"][data-round="${check.roundId}"]`) : centre.getByTestId('bet-round').first();
  await expect(row).toBeVisible();
  if (check.gameName) await expect(row).toContainText(check.gameName);
  await row.click();
  const detail = page.getByTestId('bet-detail');
  await detail.getByTestId('bet-recheck').click();
  await expect(detail.getByTestId('bet-recheck-commit')).toHaveAttribute('data-pass', 'true');
  await expect(detail.getByTestId('bet-recheck-outcome')).toHaveAttribute('data-pass', 'true');
  return detail;
}

/** Where the house specs put their screenshots (`HOUSE_SHOTS_DIR`, else `<E2E_DATA_DIR or /tmp>/house-shots`). */
export const HOUSE_SHOTS = process.env.HOUSE_SHOTS_DIR ?? path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'house-shots');

/** A round's answer with the game's own detail. */
export type TRound<D> = TPlayValue & { detail: D };

/** The game page's document inside the portal's frame (to switch its theme for the screenshots). */
export function gameFrame(page: Page, file: string): Frame {
  const frame = page.frames().find((f) => f.url().includes(`/house/${file}.html`));
  if (!frame) throw new Error(`no ${file} frame`);
  return frame;
}

/** Screenshots of the game's frame in both themes (`<name>-dark.png`, `<name>-light.png`), back to dark after. */
export async function shootBoth(game: TLaunchedGame, file: string, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const frame = gameFrame(game.page, file);
  for (const theme of ['dark', 'light'] as const) {
    await frame.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await expect(game.frame.locator('html')).toHaveAttribute('data-theme', theme);
    await shot(game.frameElement, path.join(HOUSE_SHOTS, `${name}-${theme}.png`));
  }
  await frame.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

/** Opens the game's info dialog (`open`: its button's test id), expects the published RTP in `rtpId`, closes it. */
export async function infoShowsRtp(game: TLaunchedGame, rtp: string, open = 'hg-info', rtpId = 'hg-rtp'): Promise<void> {
  await game.frame.getByTestId(open).click();
  await expect(game.frame.getByTestId(rtpId)).toContainText(rtp);
  await game.frame.getByTestId('hg-dialog').getByRole('button').last().click();
}

/** A table's two bets of one chip (`<prefix>-chip-<chip>`): the first spot by keyboard (focus, Enter), the second by
 * mouse; the slip's total (`<prefix>-total-bet`) then reads `total` and the table limits (`<prefix>-limits`) `limit`. */
export async function placeTwoBets(game: TLaunchedGame, bet: { prefix: string; chip: number; byKeyboard: string; byMouse: string; total: string; limit: string }): Promise<void> {
  const f = game.frame;
  await f.getByTestId(`${bet.prefix}-chip-${bet.chip}`).click();
  await f.getByTestId(`${bet.prefix}-spot-${bet.byKeyboard}`).focus();
  await game.page.keyboard.press('Enter');
  await f.getByTestId(`${bet.prefix}-spot-${bet.byMouse}`).click();
  await expect(f.getByTestId(`${bet.prefix}-total-bet`)).toHaveText(bet.total);
  await expect(f.getByTestId(`${bet.prefix}-limits`)).toContainText(bet.limit);
}

/** The frame's balance after a round: what it was, less the stake, plus the payout. */
export async function expectBalanceMoved(game: TLaunchedGame, before: number, round: Pick<TPlayValue, 'stake' | 'payout'>): Promise<void> {
  await expect.poll(game.balance).toBe(before - round.stake + round.payout);
}

/** The whole page (portal and game) in the portal's theme, `<name>-dark.png` and `<name>-light.png`: the portal writes
 * `theme` and the game follows it live; back to dark after. */
export async function shootGame(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      window.localStorage.setItem('theme', t);
      document.documentElement.dataset.theme = t;
    }, theme);
    await expect(page.frameLocator('[data-testid="game-frame"]').locator('html')).toHaveAttribute('data-theme', theme);
    await shot(page, path.join(HOUSE_SHOTS, `${name}-${theme}.png`));
  }
  await page.evaluate(() => {
    window.localStorage.setItem('theme', 'dark');
    document.documentElement.dataset.theme = 'dark';
  });
}
