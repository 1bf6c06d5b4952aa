import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as system from '@playhall/contract/calls/system';
import * as wallet from '@playhall/contract/calls/wallet';
import type { TBookBet, TBookBets, TBookFixture, TBookFixtures, TBookResults, TBookState, TOddsChanged, TPlacedBet, TPlaceBetRequest } from '@playhall/contract/sportsbook-api';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { insertFixtures, type TNewFixture } from '../src/modules/sportsbook/sportsbook.fixtures.ts';
import { BOOK_LIMITS } from '../src/modules/sportsbook/sportsbook.limits.ts';
import { apiOf, type TApi } from './support/api.ts';
import { bookMember, gameToken, type TBookAnswer } from './support/sports-book.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
const { login, balance, ledgerClean, launchUrl: launch, book } = bookMember(() => t, () => api);
const tokenOf = gameToken;


async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await t.database.db.execute(query))[0]?.n ?? 0);
}

const HOUR = 3_600_000;
const football = (externalId: string, home: string, away: string, extra: Partial<TNewFixture> = {}): TNewFixture => ({
  source: 'manual',
  sport: 'football',
  externalId,
  leagueCode: 'VL1',
  leagueName: 'V.League 1',
  homeTeam: home,
  awayTeam: away,
  kickoffAt: new Date(Date.now() + HOUR),
  state: 'open',
  markets: [
    { kind: 'oneXTwo', line: 0, odds: { home: 2100, draw: 3300, away: 3500 } },
    { kind: 'asianHandicap', line: -3, odds: { home: 1950, away: 1900 } },
    { kind: 'overUnder', line: 10, odds: { over: 1850, under: 2000 }, maxStake: 50 * STAKES.minStake },
  ],
  ...extra,
});

let member: string; // member01's portal token
let gt: string; // member01's sportsbook launch
let et: string; // member01's esports book launch
let ids: Map<string, number>;
const markets = new Map<string, TBookFixture['markets']>();
const marketOf = (fixture: string, kind: string) => markets.get(fixture)?.find((m) => m.kind === kind)?.marketId ?? 0;
const slip = (legs: TPlaceBetRequest['legs'], stake = 10 * STAKES.minStake, extra: Partial<TPlaceBetRequest> = {}): TPlaceBetRequest => ({
  slipId: crypto.randomUUID(),
  stake,
  legs,
  acceptBetterOdds: false,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  member = await login('member01');
  gt = tokenOf(await launch(member, 'PH_SPORTS', 'sportsbook'));
  et = tokenOf(await launch(member, 'PH_ESPORTS', 'esports-book'));
  ids = await t.database.db.transaction((tx) =>
    insertFixtures(tx, t.merchantId, [
      football('F1', 'Hanoi FC', 'Viettel'),
      football('F2', 'Cong An Ha Noi', 'Nam Dinh'),
      football('F3', 'Binh Dinh', 'Hai Phong'),
      football('F4', 'Thanh Hoa', 'SLNA'),
      football('CLOSED', 'Quang Nam', 'Khanh Hoa'),
      football('SUSP', 'Da Nang', 'Binh Duong'),
      football('KICKED', 'HAGL', 'Ha Tinh', { kickoffAt: new Date(Date.now() - 60_000) }),
      {
        source: 'virtual',
        sport: 'football',
        externalId: 'V:VFL:20991231-0001:1',
        leagueCode: 'VFL',
        leagueName: 'Virtual League',
        homeTeam: 'Lions',
        awayTeam: 'Tigers',
        roundId: '20991231-0001',
        kickoffAt: new Date(Date.now() + 48 * HOUR),
        state: 'open',
        seed: 'ab'.repeat(32),
        seedCommit: crypto.createHash('sha256').update('ab'.repeat(32)).digest('hex'),
        model: { lambdaHome: 1.4, lambdaAway: 1.1, maxGoals: 10 },
        markets: [{ kind: 'oneXTwo', line: 0, odds: { home: 2000, draw: 3400, away: 3600 } }],
      },
      {
        source: 'manual',
        sport: 'esports',
        externalId: 'E1',
        leagueCode: 'VCS',
        leagueName: 'VCS',
        homeTeam: 'GAM',
        awayTeam: 'Team Flash',
        kickoffAt: new Date(Date.now() + HOUR),
        state: 'open',
        markets: [
          { kind: 'matchWinner', line: 0, odds: { home: 1600, away: 2300 } },
          { kind: 'mapHandicap', line: -6, odds: { home: 2100, away: 1700 } },
        ],
      },
    ]),
  );
  await t.database.db.execute(sql`update sports_fixtures set state = 'closed' where external_id = 'CLOSED'`);
  await t.database.db.execute(sql`update sports_fixtures set state = 'suspended' where external_id = 'SUSP'`);
  for (const sport of [gt, et]) {
    const list = await book<TBookFixtures>('GET', 'fixtures', sport);
    for (const f of list.body.value.fixtures) {
      const external = [...ids].find(([, id]) => id === f.fixtureId)?.[0] ?? '';
      markets.set(external, f.markets);
    }
  }
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue and launch', () => {
  it('lists the house books first in /sports and /esports, and launches both into the one book page', async () => {
    const lanes = (await api.call<{ data: { lanes: system.TVendorLane[] } }>(system.gameVendor, { merchantCode: TEST_MERCHANT })).body.value.data.lanes;
    expect(lanes.find((l) => l.gameCategory === 'SPORTS')?.vendors[0]).toMatchObject({ vassalage: 'PH_SPORTS', maintenance: 0 });
    expect(lanes.find((l) => l.gameCategory === 'ESPORTS')?.vendors[0]).toMatchObject({ vassalage: 'PH_ESPORTS', maintenance: 0 });
    const sports = await api.call<{ list: games.TGameItem[] }>(games.gameList, { category: 'SPORTS', vassalage: 'PH_SPORTS', pageSize: 10 });
    expect(sports.body.value.list.map((g) => g.gameId)).toEqual(['sportsbook']);
    const esports = await api.call<{ list: games.TGameItem[] }>(games.gameList, { category: 'ESPORTS', vassalage: 'PH_ESPORTS', pageSize: 10 });
    expect(esports.body.value.list.map((g) => g.gameId)).toEqual(['esports-book']);
    expect(await launch(member, 'PH_SPORTS', 'sportsbook')).toMatch(/^\/house\/sportsbook\.html#token=[A-Za-z0-9_-]{43}&lang=EN&game=sportsbook&sport=football$/);
    expect(await launch(member, 'PH_ESPORTS', 'esports-book')).toMatch(/^\/house\/sportsbook\.html#token=[A-Za-z0-9_-]{43}&lang=EN&game=esports-book&sport=esports$/);
  });

  it('answers a launch of the book with its sport, the limits and the balance; another house game does not reach it', async () => {
    const state = await book<TBookState>('GET', 'state', gt);
    expect(state.body.value).toMatchObject({ game: { vassalage: 'PH_SPORTS', gameId: 'sportsbook' }, sport: 'football', player: 'member01', limits: BOOK_LIMITS });
    expect(state.body.value.balance).toBe(await balance(member));
    expect((await book<TBookState>('GET', 'state', et)).body.value.sport).toBe('esports');
    const slot = tokenOf(await launch(member, 'PH_SLOT', 'lucky-crown'));
    expect((await book('GET', 'state', slot)).body.code).toBe('not_logged_in');
    expect((await book('GET', 'fixtures', slot)).body.code).toBe('not_logged_in');
    expect((await book('GET', 'state', null)).body.code).toBe('not_logged_in');
    // The book's name in the language its page sends (issue 23): the base name to an English page.
    const named = async (token: string, language: string) =>
      ((await t.app.inject({ method: 'GET', url: '/wps/house/sports/state', headers: { 'x-game-token': token, language } })).json().value as TBookState).game.name;
    expect([await named(gt, 'EN'), await named(gt, 'VI'), await named(et, 'CN')]).toEqual(['Playhall Sportsbook', 'Playhall Thể Thao', 'Playhall 电竞']);
  });
});

describe('fixtures and results', () => {
  it('shows each book only its sport, with markets and odds; a virtual fixture its commitment and never its seed before the result', async () => {
    const list = (await book<TBookFixtures>('GET', 'fixtures', gt)).body.value.fixtures;
    expect(list.every((f) => f.sport === 'football')).toBe(true);
    const f1 = list.find((f) => f.fixtureId === ids.get('F1'));
    expect(f1).toMatchObject({ home: 'Hanoi FC', away: 'Viettel', state: 'open', accepting: true, league: { code: 'VL1', name: 'V.League 1' }, virtual: null });
    expect(f1?.markets.find((m) => m.kind === 'oneXTwo')?.selections).toEqual([
      { selection: 'home', odds: 2100 },
      { selection: 'draw', odds: 3300 },
      { selection: 'away', odds: 3500 },
    ]);
    expect(f1?.markets.find((m) => m.kind === 'overUnder')).toMatchObject({ line: 10, maxStake: 50 * STAKES.minStake });
    expect(f1?.markets.find((m) => m.kind === 'asianHandicap')).toMatchObject({ line: -3, maxStake: BOOK_LIMITS.maxStake, suspended: false });
    expect(list.find((f) => f.fixtureId === ids.get('KICKED'))?.accepting).toBe(false);
    expect(list.find((f) => f.fixtureId === ids.get('SUSP'))?.accepting).toBe(false);
    const virtual = list.find((f) => f.source === 'virtual');
    expect(virtual?.virtual).toMatchObject({ roundId: '20991231-0001', seed: null, model: { lambdaHome: 1.4, lambdaAway: 1.1, maxGoals: 10 } });
    expect(virtual?.virtual?.seedCommit).toMatch(/^[0-9a-f]{64}$/);
    const esports = (await book<TBookFixtures>('GET', 'fixtures', et)).body.value.fixtures;
    expect(esports.map((f) => f.fixtureId)).toEqual([ids.get('E1')]);
    // A day of the site's time zone: the fixtures of that day (the virtual one kicks off two days later).
    const { timeZone } = (await book<TBookState>('GET', 'state', gt)).body.value;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + HOUR));
    const byDay = (await book<TBookFixtures>('GET', `fixtures?day=${day}`, gt)).body.value.fixtures;
    expect(byDay.map((f) => f.fixtureId)).toContain(ids.get('F1'));
    expect(byDay.some((f) => f.source === 'virtual')).toBe(false);
    expect((await book('GET', 'fixtures?day=tomorrow', gt)).body.code).toBe('validation_failed');
    expect((await book('GET', 'fixtures?sport=esports', gt)).body.code).toBe('validation_failed');
  });

  it('reveals a virtual seed once the fixture is resulted, in the results newest first', async () => {
    const id = ids.get('V:VFL:20991231-0001:1') ?? 0;
    await t.database.db.execute(sql`update sports_fixtures set state = 'resulted', result_home = 2, result_away = 1, result_version = 1, resulted_at = now() where id = ${id}`);
    const results = (await book<TBookResults>('GET', 'results?page=1&pageSize=10', gt)).body.value;
    expect(results.total).toBe(1);
    expect(results.fixtures[0]).toMatchObject({ fixtureId: id, result: { home: 2, away: 1 }, virtual: { seed: 'ab'.repeat(32) } });
    expect((await book<TBookResults>('GET', 'results', et)).body.value.total).toBe(0);
    expect((await book('GET', 'results?pageSize=500', gt)).body.code).toBe('validation_failed');
  });
});

describe('placing bets', () => {
  it('places a single and a three-leg parlay: the balance goes down by exactly the stakes, both are open bets and betting-record rows', async () => {
    const before = await balance(member);
    const single = await book<TPlacedBet>('POST', 'bet', gt, slip([{ marketId: marketOf('F1', 'oneXTwo'), selection: 'home', odds: 2100 }], 20 * STAKES.minStake));
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const s = single.body.value;
    expect(s.bet).toMatchObject({ sport: 'football', stake: 20 * STAKES.minStake, odds: 2100, potentialPayout: 42 * STAKES.minStake, status: 'open', payout: 0, settleCount: 0 });
    expect(s.bet.betId).toMatch(/^PH_SPORTS-[0-9a-f-]{36}$/);
    expect(s.bet.legs).toEqual([
      expect.objectContaining({ legNo: 1, fixtureId: ids.get('F1'), home: 'Hanoi FC', away: 'Viettel', league: 'V.League 1', kind: 'oneXTwo', selection: 'home', odds: 2100, outcome: null, fixtureState: 'open', result: null }),
    ]);
    expect(s.balance).toBe(before - 20 * STAKES.minStake);

    const parlay = await book<TPlacedBet>(
      'POST',
      'bet',
      gt,
      slip([
        { marketId: marketOf('F2', 'asianHandicap'), selection: 'home', odds: 1950 },
        { marketId: marketOf('F3', 'overUnder'), selection: 'under', odds: 2000 },
        { marketId: marketOf('F4', 'oneXTwo'), selection: 'draw', odds: 3300 },
      ]),
    );
    expect(parlay.status, JSON.stringify(parlay.body)).toBe(200);
    const p = parlay.body.value;
    // 1.95 × 2.00 × 3.30 = 12.87
    expect(p.bet).toMatchObject({ odds: 12_870, potentialPayout: 128_700 * (STAKES.minStake / 1000), legs: [{ line: -3 }, { line: 10 }, { line: 0 }] });
    expect(p.balance).toBe(before - 30 * STAKES.minStake);
    expect(await balance(member)).toBe(before - 30 * STAKES.minStake);

    const open = (await book<TBookBets>('GET', 'bets?status=open', gt)).body.value;
    expect(open.list.map((b) => b.betId)).toEqual([p.bet.betId, s.bet.betId]);
    expect(open.list[0]?.legs).toHaveLength(3);
    expect((await book<TBookBets>('GET', 'bets?status=settled', gt)).body.value.total).toBe(0);
    expect((await book<TBookBets>('GET', 'bets', et)).body.value.total).toBe(0);
    expect((await book<TBookBet>('GET', `bet?betId=${s.bet.betId}`, gt)).body.value).toEqual(s.bet);

    // The betting record: a SPORTS row per bet, open (no win/loss yet), its detail carrying the legs.
    type TBets = { list: wallet.TBetRecord[]; total: number };
    const record = await api.call<TBets>(wallet.bets, { category: 'SPORTS', pageSize: 10 }, { token: member, headers: { language: 'EN' } });
    expect(record.body.value.list.map((r) => [r.roundId, r.gameName, r.betAmount, r.status, r.winLoss])).toEqual([
      [p.bet.betId, 'Playhall Sportsbook', 10 * STAKES.minStake, 'open', 0],
      [s.bet.betId, 'Playhall Sportsbook', 20 * STAKES.minStake, 'open', 0],
    ]);
    // The house book is a game of the catalogue: its name comes in the reader's language (issue 23).
    const inVietnamese = await api.call<TBets>(wallet.bets, { category: 'SPORTS', pageSize: 10 }, { token: member, headers: { language: 'VI' } });
    expect(inVietnamese.body.value.list.map((r) => r.gameName)).toEqual(['Playhall Thể Thao', 'Playhall Thể Thao']);
    const detail = await api.call<{ detail: { legs: unknown[] } }>(wallet.betDetail, { roundId: p.bet.betId }, { token: member });
    expect(detail.body.value.detail.legs).toEqual(
      p.bet.legs.map(({ fixtureState: _s, result: _r, ...leg }) => leg),
    );
    await ledgerClean();
  });

  it('places a slip sent four times at once as one bet with one debit', async () => {
    const before = await balance(member);
    const body = slip([{ marketId: marketOf('F1', 'asianHandicap'), selection: 'away', odds: 1900 }]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => book<TPlacedBet>('POST', 'bet', gt, body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [a] = answers as [TBookAnswer<TPlacedBet>];
    expect(new Set(answers.map((r) => r.body.value.bet.betId))).toEqual(new Set([a.body.value.bet.betId]));
    const again = await book<TPlacedBet>('POST', 'bet', gt, body);
    expect(again.body.value.bet.betId).toBe(a.body.value.bet.betId);
    expect(await balance(member)).toBe(before - body.stake);
    expect(await count(sql`select count(*)::int as n from sports_bets where client_ref = ${body.slipId}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from vendor_transactions where txn_id like ${`${a.body.value.bet.betId}%`}`)).toBe(1);
    await ledgerClean();
  });

  it('takes better odds when the member allows it, and refuses worse ones with today\'s prices', async () => {
    const marketId = marketOf('F2', 'oneXTwo');
    await t.database.db.execute(sql`update sports_markets set odds = odds || '{"home": 2200, "away": 3300}'::jsonb, odds_version = odds_version + 1 where id = ${marketId}`);
    const before = await balance(member);
    const stale = await book<TOddsChanged>('POST', 'bet', gt, slip([{ marketId, selection: 'home', odds: 2100 }]));
    expect(stale.body.code).toBe('sports_odds_changed');
    expect(stale.body.value.legs).toEqual([{ marketId, selection: 'home', odds: 2200, suspended: false }]);
    const worse = await book<TOddsChanged>('POST', 'bet', gt, slip([{ marketId, selection: 'away', odds: 3500 }], undefined, { acceptBetterOdds: true }));
    expect(worse.body.code).toBe('sports_odds_changed');
    expect(worse.body.value.legs[0]?.odds).toBe(3300);
    expect(await balance(member)).toBe(before);
    const better = await book<TPlacedBet>('POST', 'bet', gt, slip([{ marketId, selection: 'home', odds: 2100 }], undefined, { acceptBetterOdds: true }));
    expect(better.status, JSON.stringify(better.body)).toBe(200);
    expect(better.body.value.bet.legs[0]?.odds).toBe(2200);
    expect(better.body.value.bet.potentialPayout).toBe(22 * STAKES.minStake);
    await ledgerClean();
  });

  it('refuses every bad slip with its code, moving no money and writing nothing', async () => {
    const other = await login('member02');
    const otherBook = tokenOf(await launch(other, 'PH_SPORTS', 'sportsbook'));
    const mine = (await book<TBookBets>('GET', 'bets', gt)).body.value.list[0]?.betId ?? '';
    const before = await balance(member);
    const rows = () => count(sql`select (select count(*) from sports_bets) + (select count(*) from sports_bet_legs) + (select count(*) from game_rounds) + (select count(*) from vendor_transactions) as n`);
    const written = await rows();
    const leg = (fixture: string, kind = 'oneXTwo', selection = 'home', odds = 2100) => ({ marketId: marketOf(fixture, kind), selection, odds });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ marketId: i + 1, selection: 'home', odds: 2000 }));
    const cases: [string, unknown, string, unknown?][] = [
      ['below the minimum stake', slip([leg('F1')], STAKES.minStake - 1), 'sports_stake_below_min', { min: STAKES.minStake }],
      ['above the market maximum', slip([leg('F1')], BOOK_LIMITS.maxStake + 1), 'sports_stake_above_max', { max: BOOK_LIMITS.maxStake }],
      ["above a market's own maximum", slip([leg('F1', 'overUnder', 'over', 1850)], 50 * STAKES.minStake + 1), 'sports_stake_above_max', { max: 50 * STAKES.minStake }],
      [
        'a payout above the cap',
        slip([leg('F1', 'oneXTwo', 'away', 3500), leg('F2', 'oneXTwo', 'draw', 3300), leg('F3', 'oneXTwo', 'away', 3500), leg('F4', 'oneXTwo', 'away', 3500)], BOOK_LIMITS.maxStake),
        'sports_payout_above_max',
        { max: BOOK_LIMITS.maxPayout, payout: Math.floor((BOOK_LIMITS.maxStake * 3500 * 3300 * 3500 * 3500) / 1e12) },
      ],
      ['a closed fixture', slip([leg('CLOSED')]), 'sports_market_closed'],
      ['a fixture past kick-off', slip([leg('KICKED')]), 'sports_market_closed'],
      ['a suspended fixture', slip([leg('SUSP')]), 'sports_market_suspended'],
      ['two legs of one fixture', slip([leg('F1'), leg('F1', 'asianHandicap', 'home', 1950)]), 'sports_same_fixture'],
      ['one market twice', slip([leg('F1'), leg('F1')]), 'sports_same_fixture'],
      ['11 legs', slip(eleven), 'sports_too_many_legs'],
      ['an unknown market', slip([{ marketId: 9_999_999, selection: 'home', odds: 2000 }]), 'sports_fixture_not_found'],
      ['an unknown selection', slip([leg('F1', 'oneXTwo', 'over')]), 'validation_failed'],
      ['a negative stake', slip([leg('F1')], -100_000), 'validation_failed'],
      ['a zero stake', slip([leg('F1')], 0), 'validation_failed'],
      ['a fractional stake', slip([leg('F1')], 100_000.5), 'validation_failed'],
      ['a non-numeric stake', { ...slip([leg('F1')]), stake: '100000' }, 'validation_failed'],
      ['a stake of text', { ...slip([leg('F1')]), stake: 'lots' }, 'validation_failed'],
      ['no legs', slip([]), 'validation_failed'],
      ['a slip id that is not a UUID', { ...slip([leg('F1')]), slipId: 'x' }, 'validation_failed'],
      ['an unknown field', { ...slip([leg('F1')]), userId: 1 }, 'validation_failed'],
    ];
    for (const [what, body, code, value] of cases) {
      const res = await book('POST', 'bet', gt, body);
      expect(res.body.code, `${what}: ${JSON.stringify(res.body)}`).toBe(code);
      if (value !== undefined) expect(res.body.value, what).toEqual(value);
    }
    // A suspended market of an open fixture.
    await t.database.db.execute(sql`update sports_markets set suspended = true where id = ${marketOf('F3', 'oneXTwo')}`);
    expect((await book('POST', 'bet', gt, slip([leg('F3')]))).body.code).toBe('sports_market_suspended');
    await t.database.db.execute(sql`update sports_markets set suspended = false where id = ${marketOf('F3', 'oneXTwo')}`);
    // The esports launch placing on a football fixture, and the sportsbook on an esports one.
    expect((await book('POST', 'bet', et, slip([leg('F1')]))).body.code).toBe('sports_fixture_not_found');
    expect((await book('POST', 'bet', gt, slip([leg('E1', 'matchWinner', 'home', 1600)]))).body.code).toBe('sports_fixture_not_found');
    // Someone else's bet id.
    expect(mine).toMatch(/^PH_SPORTS-/);
    expect((await book('GET', `bet?betId=${mine}`, otherBook)).body.code).toBe('sports_bet_not_found');
    expect((await book('GET', `bet?betId=nope`, gt)).body.code).toBe('sports_bet_not_found');
    expect((await book<TBookBets>('GET', 'bets', otherBook)).body.value.total).toBe(0);
    // A launch of another house game, and no launch.
    const slot = tokenOf(await launch(member, 'PH_SLOT', 'lucky-crown'));
    expect((await book('POST', 'bet', slot, slip([leg('F1')]))).body.code).toBe('not_logged_in');
    expect((await book('POST', 'bet', null, slip([leg('F1')]))).body.code).toBe('not_logged_in');
    expect(await balance(member)).toBe(before);
    expect(await rows()).toBe(written);
  });

  it('refuses a stake above the balance with the balance, and a bet from an ended launch, leaving no trace', async () => {
    const poor = await login('member03');
    const poorBook = tokenOf(await launch(poor, 'PH_SPORTS', 'sportsbook'));
    const have = await balance(poor);
    const rows = () => count(sql`select (select count(*) from sports_bets) + (select count(*) from game_rounds) + (select count(*) from vendor_transactions) as n`);
    const written = await rows();
    const res = await book('POST', 'bet', poorBook, slip([{ marketId: marketOf('F1', 'oneXTwo'), selection: 'home', odds: 2100 }], have + STAKES.minStake));
    expect(res.body.code, JSON.stringify(res.body)).toBe('insufficient_balance');
    expect(res.body.value).toEqual({ balance: have });
    await api.call(auth.logout, {}, { token: poor });
    const ended = await book('POST', 'bet', poorBook, slip([{ marketId: marketOf('F1', 'oneXTwo'), selection: 'home', odds: 2100 }]));
    expect(ended.body.code).toBe('session_expired');
    expect(await rows()).toBe(written);
    await ledgerClean();
  });

  it('places an esports bet through its own book, listed under ESPORTS', async () => {
    const before = await balance(member);
    const res = await book<TPlacedBet>('POST', 'bet', et, slip([{ marketId: marketOf('E1', 'mapHandicap'), selection: 'away', odds: 1700 }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.bet.betId).toMatch(/^PH_ESPORTS-/);
    expect(res.body.value.bet.sport).toBe('esports');
    expect(await balance(member)).toBe(before - 10 * STAKES.minStake);
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'ESPORTS' }, { token: member, headers: { language: 'EN' } });
    expect(record.body.value.list.map((r) => [r.gameName, r.status])).toEqual([['Playhall Esports', 'open']]);
    expect((await book<TBookBets>('GET', 'bets', et)).body.value.total).toBe(1);
    await ledgerClean();
  });
});

describe('open bets and the house vendor', () => {
  it('leaves a sports bet open for hours to the book: the recovery of cut-off house rounds never settles it', async () => {
    await t.database.db.execute(sql`update game_rounds set created_at = now() - interval '3 hours' where vassalage in ('PH_SPORTS', 'PH_ESPORTS')`);
    const open = await count(sql`select count(*)::int as n from game_rounds where vassalage in ('PH_SPORTS', 'PH_ESPORTS') and status = 'open'`);
    expect(open).toBeGreaterThan(0);
    await t.scheduler.tick(new Date(Date.now() + 10 * 60_000), { only: ['house.recoverRounds'] });
    expect(await count(sql`select count(*)::int as n from game_rounds where vassalage in ('PH_SPORTS', 'PH_ESPORTS') and status = 'open'`)).toBe(open);
    expect(await count(sql`select count(*)::int as n from vendor_transactions where vassalage in ('PH_SPORTS', 'PH_ESPORTS') and type <> 'debit'`)).toBe(0);
  });
});

describe('a site seeded before the books', () => {
  it('gets both book vendors on its next start, on and first in the sports list', async () => {
    const { seedDatabase } = await import('../src/db/seed.ts');
    await t.database.db.execute(sql`delete from vendors where vassalage in ('PH_SPORTS', 'PH_ESPORTS')`);
    await seedDatabase(t.database.db, { merchantCode: TEST_MERCHANT, demoUsers: false });
    await seedDatabase(t.database.db, { merchantCode: TEST_MERCHANT, demoUsers: false });
    const rows = rowsOf<{ vassalage: string; integration: string; enabled: boolean; account_type_id: number }>(
      await t.database.db.execute(sql`select vassalage, integration, enabled, account_type_id from vendors where category = 'SPORTS' order by sort, id`),
    );
    expect(rows.slice(0, 2).map((r) => [r.vassalage, r.integration, r.enabled])).toEqual([
      ['PH_SPORTS', 'house', true],
      ['PH_ESPORTS', 'house', true],
    ]);
    expect(rows.filter((r) => r.vassalage === 'PH_SPORTS')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.account_type_id)).size).toBe(rows.length);
    expect(await count(sql`select count(*)::int as n from games where vassalage in ('PH_SPORTS', 'PH_ESPORTS')`)).toBe(2);
  });
});
