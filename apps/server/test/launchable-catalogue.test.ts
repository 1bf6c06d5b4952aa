import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_TITLES } from '@playhall/contract/house-rules/catalog';
import { desc, eq } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as system from '@playhall/contract/calls/system';
import { LAUNCH } from '@playhall/contract/constants';
import { auditLog, vendors } from '../src/db/schema.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal } from '../src/modules/ops/ops.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

// Issue 16, "most clicks lead to under maintenance": on the demo data every game a list shows starts, hot games,
// the rank board and top wins included; a vendor under maintenance is shown as such in its lane, never hot, and the
// operator turns a vendor on and off with `ops vendor enable|disable` (audited). And the Dice Duel card: a room game
// launched from its card (no room) is seated in a room, so its page's room calls answer.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

type TItems = { list: games.TGameItem[] };
type TPage = TItems & { total: number };
type TWins = { list: { gameId: string; vassalage: string; gameName: string }[] };

async function token(username = 'member01'): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  return res.body.value.token;
}

const launch = (tok: string, target: { vassalage: string; gameId?: string; roomId?: string }) =>
  api.call<{ game_url: string }>(games.launchGame, { launchMode: LAUNCH.launchMode, ...target, merchantCode: TEST_MERCHANT, language: 'EN' }, { token: tok });

function gameToken(url: string): string {
  const tok = new URLSearchParams(url.split('#')[1]).get('token');
  if (!tok) throw new Error(`no token in ${url}`);
  return tok;
}

/** What a game page calls first: the room (dice or betting room) for a room game, the book's state for a house book, the game's state for the others. */
async function pageLoads(url: string) {
  const path = /room=/.test(url) ? (/\/dice\.html/.test(url) ? 'room' : 'bet-room') : /sport=/.test(url) ? 'sports/state' : 'state';
  const res = await t.app.inject({ method: 'GET', url: `/wps/house/${path}`, headers: { 'x-game-token': gameToken(url) } });
  return { status: res.statusCode, body: res.json() as { code: string; value: Record<string, unknown> } };
}

async function lanes() {
  const res = await api.call<{ data: { lanes: system.TVendorLane[] } }>(system.gameVendor, { merchantCode: TEST_MERCHANT });
  return res.body.value.data.lanes;
}
const vendorIn = (all: system.TVendorLane[], code: string) => all.flatMap((l) => l.vendors).find((v) => v.vassalage === code);

/** Every game a player can be shown: the full catalogue, each category's hall, menus, hot and popular games. */
async function everyListedGame(): Promise<games.TGameItem[]> {
  const shown: games.TGameItem[] = [];
  shown.push(...(await api.call<TPage>(games.gameList, { pageSize: 100 })).body.value.list);
  for (const category of ['LOTT', 'LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS'] as const) {
    shown.push(...(await api.call<TPage>(games.gameList, { category, pageSize: 100 })).body.value.list);
    const menus = await api.call<{ groups: games.TGameGroup[] }>(games.gameMenus, { category });
    shown.push(...menus.body.value.groups.flatMap((g) => g.gameMenus));
    shown.push(...(await api.call<TItems>(games.popular, { category, limit: 12 })).body.value.list);
  }
  shown.push(...(await api.call<TItems>(games.hotGames, { merchantCode: TEST_MERCHANT, language: 'EN' })).body.value.list);
  return shown;
}

/** Spins the house slot until a round wins, so the rank board and top wins have a Lucky Crown win. */
async function winAtSlot(tok: string): Promise<void> {
  const url = (await launch(tok, { vassalage: 'PH_SLOT', gameId: 'lucky-crown' })).body.value.game_url;
  for (let i = 0; i < 300; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': gameToken(url), 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine: 5_000 } }),
    });
    const round = res.json().value as { stake: number; payout: number };
    if (round.payout > round.stake) return;
  }
  throw new Error('no winning spin in 300');
}

describe('the demo catalogue lists only what launches', () => {
  it('every game any list shows starts, and its page loads; a third-party title is never listed', async () => {
    const tok = await token();
    const shown = await everyListedGame();
    const unique = new Map(shown.map((g) => [`${g.vassalage}/${g.gameId}`, g]));
    // The house studio's titles (house-rules/catalog.ts) and the two books: nothing else.
    const house = [...HOUSE_TITLES.map((t) => `${t.vassalage}/${t.gameId}`), 'PH_ESPORTS/esports-book', 'PH_SPORTS/sportsbook'];
    expect([...unique.keys()].sort()).toEqual(house.sort());
    for (const game of unique.values()) {
      expect(game.isNew, game.gameId).toBe(0);
      const res = await launch(tok, { vassalage: game.vassalage, gameId: game.gameId });
      expect(res.body.code, `${game.vassalage}/${game.gameId}`).toBe('ok');
      const page = await pageLoads(res.body.value.game_url);
      expect(page.status, `${game.gameId}: ${JSON.stringify(page.body)}`).toBe(200);
    }
    // The third-party catalogue is still there, unlisted: starting one of its titles says so.
    expect((await launch(tok, { vassalage: 'PG', gameId: 'pg-001' })).body.code).toBe('game_maintenance');
    expect((await launch(tok, { vassalage: 'EVO', gameId: 'evo-001' })).body.code).toBe('game_maintenance');
    expect((await api.call<TPage>(games.gameList, { vassalage: 'PG' })).body.value.total).toBe(0);
  });

  it('hot games are the house games, none under maintenance', async () => {
    const hot = (await api.call<TItems>(games.hotGames, { merchantCode: TEST_MERCHANT, language: 'EN' })).body.value.list;
    expect(new Set(hot.map((g) => g.vassalage))).toEqual(new Set(['PH_DICE', 'PH_ESPORTS', 'PH_FISH', 'PH_INSTANT', 'PH_LIVE', 'PH_SLOT', 'PH_SPORTS']));
    expect(hot.map((g) => `${g.vassalage}/${g.gameId}`).sort()).toEqual(
      [...HOUSE_TITLES.filter((t) => t.isHot).map((t) => `${t.vassalage}/${t.gameId}`), 'PH_ESPORTS/esports-book', 'PH_SPORTS/sportsbook'].sort(),
    );
    expect(hot.every((g) => g.isNew === 0 && g.isHot === 1)).toBe(true);
  });

  it('every vendor stays in its lane; the ones that cannot start are marked under maintenance, never hot, after the open ones', async () => {
    const all = await lanes();
    const flat = all.flatMap((l) => l.vendors);
    expect(flat.length).toBeGreaterThan(40);
    const open = flat.filter((v) => v.maintenance === 0).map((v) => v.vassalage).sort();
    expect(open).toEqual(['PH_DICE', 'PH_ELOTT', 'PH_ESPORTS', 'PH_FISH', 'PH_INSTANT', 'PH_LIVE', 'PH_SLOT', 'PH_SPORTS', 'TCG_LOTTO_VN', 'TCG_SEA']);
    expect(flat.filter((v) => v.maintenance === 1).every((v) => v.isHot === 0)).toBe(true);
    expect(vendorIn(all, 'EVO')).toMatchObject({ maintenance: 1, isHot: 0 });
    expect(vendorIn(all, 'PH_LIVE')).toMatchObject({ maintenance: 0, isHot: 1 });
    for (const lane of all) {
      const flags = lane.vendors.map((v) => v.maintenance);
      expect(flags, lane.gameCategory).toEqual([...flags].sort());
    }
  });
});

describe('a room game started from its card (Dice Duel)', () => {
  it('is seated in a room: the page reads it with its token', async () => {
    const tok = await token('member02');
    const res = await launch(tok, { vassalage: 'PH_DICE', gameId: 'dice-duel' });
    expect(res.body.code).toBe('ok');
    expect(res.body.value.game_url).toMatch(/^\/house\/dice\.html#token=[\w-]+&lang=EN&game=dice-duel&room=dice-1$/);
    const room = await pageLoads(res.body.value.game_url);
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    expect(room.body.value).toMatchObject({ roomId: 'dice-1', seated: false });
  });

  it('goes to a round being gathered, and back to the room where the member sits', async () => {
    const seated = await token('agent01');
    const entered = await launch(seated, { vassalage: 'PH_DICE', roomId: 'dice-10' });
    const join = await t.app.inject({ method: 'POST', url: '/wps/house/room/join', headers: { 'x-game-token': gameToken(entered.body.value.game_url) } });
    expect(join.statusCode, join.body).toBe(200);
    try {
      // The seated member's card brings them back to their seat; another member's joins the gathering round.
      expect((await launch(seated, { vassalage: 'PH_DICE', gameId: 'dice-duel' })).body.value.game_url).toMatch(/&room=dice-10$/);
      const other = await launch(await token('member03'), { vassalage: 'PH_DICE', gameId: 'dice-duel' });
      expect(other.body.value.game_url).toMatch(/&room=dice-10$/);
      expect((await pageLoads(other.body.value.game_url)).body.value).toMatchObject({ roomId: 'dice-10', seated: false });
    } finally {
      await t.app.inject({ method: 'POST', url: '/wps/house/room/leave', headers: { 'x-game-token': gameToken(entered.body.value.game_url) } });
    }
  });
});

describe('ops vendor enable|disable', () => {
  const auditRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.target, 'vendor:PH_SLOT')).orderBy(desc(auditLog.id));

  it('parses the commands and refuses bad input with a clear message', () => {
    expect(parseOpsCommand(['vendor', 'list'])).toEqual({ kind: 'vendor.list' });
    expect(parseOpsCommand(['vendor', 'disable', 'ph_slot'])).toEqual({ kind: 'vendor.set', code: 'PH_SLOT', on: false });
    expect(parseOpsCommand(['vendor', 'enable', 'PG'])).toEqual({ kind: 'vendor.set', code: 'PG', on: true });
    expect(() => parseOpsCommand(['vendor', 'enable'])).toThrow(/needs a vendor code/);
    expect(() => parseOpsCommand(['vendor', 'on', 'PG'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['vendor', 'enable', 'PG;drop'])).toThrow(/vendor code/);
  });

  it('disable takes a vendor’s games out of every list and greys its card; enable brings them back; both audited', async () => {
    const tok = await token('member01');
    await winAtSlot(tok);
    const ranked = async () => (await api.call<TWins>(games.rankList, { period: 'day', limit: 100 })).body.value.list;
    const won = async () => (await api.call<TWins>(games.winners, { limit: 100 })).body.value.list;
    expect((await ranked()).some((w) => w.gameId === 'lucky-crown')).toBe(true);
    expect((await won()).some((w) => w.gameId === 'lucky-crown')).toBe(true);

    const off = await api.ops({ kind: 'vendor.set', code: 'PH_SLOT', on: false });
    expect(off.message).toMatch(/PH_SLOT "Playhall Slots" is off/);
    const [disabled] = await auditRows();
    expect(disabled).toMatchObject({ actor: 'test', action: 'vendor.set', before: { enabled: true }, after: { enabled: false } });

    const listed = (await everyListedGame()).map((g) => g.vassalage);
    expect(listed).not.toContain('PH_SLOT');
    expect(listed).toContain('PH_LIVE');
    expect((await ranked()).some((w) => w.vassalage === 'PH_SLOT')).toBe(false);
    expect((await won()).some((w) => w.vassalage === 'PH_SLOT')).toBe(false);
    expect((await api.call<TWins>(games.rankList, { category: 'RNG', period: 'day' })).body.value.list).toEqual([]);
    const all = await lanes();
    expect(vendorIn(all, 'PH_SLOT')).toMatchObject({ maintenance: 1, isHot: 0 });
    expect(vendorIn(all, 'PH_LIVE')).toMatchObject({ maintenance: 0 });
    expect((await launch(tok, { vassalage: 'PH_SLOT', gameId: 'lucky-crown' })).body.code).toBe('game_maintenance');

    const on = await api.ops({ kind: 'vendor.set', code: 'PH_SLOT', on: true });
    expect(on.message).toMatch(/is on: its games are listed and start/);
    const [enabled] = await auditRows();
    expect(enabled).toMatchObject({ action: 'vendor.set', before: { enabled: false }, after: { enabled: true } });
    expect((await everyListedGame()).some((g) => g.gameId === 'lucky-crown')).toBe(true);
    expect((await api.call<TItems>(games.hotGames, { merchantCode: TEST_MERCHANT, language: 'EN' })).body.value.list.map((g) => g.gameId)).toContain('lucky-crown');
    expect((await ranked()).some((w) => w.gameId === 'lucky-crown')).toBe(true);
    expect((await won()).some((w) => w.gameId === 'lucky-crown')).toBe(true);
    expect(vendorIn(await lanes(), 'PH_SLOT')).toMatchObject({ maintenance: 0, isHot: 1 });
    expect((await launch(tok, { vassalage: 'PH_SLOT', gameId: 'lucky-crown' })).body.code).toBe('ok');
  });

  it('refuses a vendor without an integration or an unknown code, changing nothing and auditing nothing', async () => {
    const before = await t.database.db.select().from(auditLog);
    await expect(api.ops({ kind: 'vendor.set', code: 'PG', on: true })).rejects.toThrow(OpsRefusal);
    await expect(api.ops({ kind: 'vendor.set', code: 'PG', on: true })).rejects.toThrow(/PG "PG Soft" has no game integration configured/);
    await expect(api.ops({ kind: 'vendor.set', code: 'NOPE', on: false })).rejects.toThrow(/no vendor NOPE/);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
    const [pg] = await t.database.db.select().from(vendors).where(eq(vendors.vassalage, 'PG'));
    expect(pg?.enabled).toBe(false);
    expect((await api.call<TPage>(games.gameList, { vassalage: 'PG' })).body.value.total).toBe(0);
    expect(vendorIn(await lanes(), 'PG')).toMatchObject({ maintenance: 1 });
  });

  it('lists every vendor with its state', async () => {
    const list = await api.ops({ kind: 'vendor.list' });
    expect(list.message).toMatch(/^PH_SLOT\tRNG\ton\thouse\topen\tPlayhall Slots$/m);
    expect(list.message).toMatch(/^PG\tRNG\toff\tnone\tunder maintenance\tPG Soft$/m);
  });
});
