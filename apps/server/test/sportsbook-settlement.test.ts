import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as wallet from '@playhall/contract/calls/wallet';
import type { TBookBet, TPlacedBet } from '@playhall/contract/sportsbook-api';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { grantReward } from '../src/modules/rewards/rewards.service.ts';
import { insertFixtures, type TNewFixture, type TNewMarket } from '../src/modules/sportsbook/sportsbook.fixtures.ts';
import { createSportsSettlement, SportsResultError } from '../src/modules/sportsbook/sportsbook.settlement.ts';
import { apiOf, type TApi } from './support/api.ts';
import { bookMember } from './support/sports-book.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// Settlement of the house books against the real server and database: bets placed through the book page's API,
// fixtures resulted, corrected and voided by the settlement the operator's command and the virtual job call; each
// payout exact, each bet paid once, both entries of a correction in the member's account record, the ledger clean.

let t: TTestApp;
let api: TApi;
const { login, balance, ledgerClean, launch, book } = bookMember(() => t, () => api);
let settlement: ReturnType<typeof createSportsSettlement>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  settlement = createSportsSettlement({ db: t.database.db, merchantId: t.merchantId });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
/** A stake of 10,000 ₫: every payout below is a whole number of minor units of it. */
const S = 10 * STAKES.minStake;
const HOUR = 3_600_000;
const later = () => new Date(Date.now() + 3 * HOUR);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db().execute(query))[0]?.n ?? 0);
}
const entries = () => count(sql`select count(*) as n from journal_entries`);

let fixtureIds: Map<string, number>;
type TPick = [fixture: string, kind: TNewMarket['kind'], line: number, selection: string];
/** Places a bet through the book page's API at the market's current odds; answers its id. */
async function place(gameTok: string, picks: TPick[], stake = S): Promise<string> {
  const legs = [];
  for (const [fixture, kind, line, selection] of picks) {
    const [m] = rowsOf<{ id: number; odds: Record<string, number> }>(
      await db().execute(sql`select id, odds from sports_markets where fixture_id = ${fixtureIds.get(fixture)} and kind = ${kind} and line = ${line}`),
    );
    if (!m) throw new Error(`no market ${fixture} ${kind} ${line}`);
    legs.push({ marketId: Number(m.id), selection, odds: m.odds[selection] as number });
  }
  const res = await book<TPlacedBet>('POST', 'bet', gameTok, { slipId: crypto.randomUUID(), stake, legs, acceptBetterOdds: false });
  expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
  return res.body.value.bet.betId;
}
async function bet(gameTok: string, betId: string): Promise<TBookBet> {
  const res = await book<TBookBet>('GET', `bet?betId=${encodeURIComponent(betId)}`, gameTok);
  expect(res.body.code).toBe('ok');
  return res.body.value;
}
/** The member's ledger entries of one bet (key suffix and signed amount on the member's wallets), in order. */
async function moneyOf(betId: string): Promise<string[]> {
  return rowsOf<{ key: string; amount: string }>(
    await db().execute(sql`
      select je.key, p.amount from journal_entries je join postings p on p.entry_id = je.id join ledger_accounts a on a.id = p.account_id
      where je.key like ${`vendor:%:${betId}:%`} and a.user_id is not null order by je.id`),
  ).map((r) => `${r.key.slice(r.key.indexOf(betId) + betId.length + 1)} ${Number(r.amount)}`);
}

const football = (externalId: string, markets: TNewMarket[]): TNewFixture => ({
  source: 'manual',
  sport: 'football',
  externalId,
  leagueCode: 'VL1',
  leagueName: 'V.League 1',
  homeTeam: `${externalId} Home`,
  awayTeam: `${externalId} Away`,
  kickoffAt: new Date(Date.now() + HOUR),
  state: 'open',
  markets,
});
const ONE_X_TWO: TNewMarket = { kind: 'oneXTwo', line: 0, odds: { home: 2100, draw: 3300, away: 3500 } };

let m1: string; // member01's portal token
let sports1: string;
let esports1: string;
let m2: string;
let sports2: string;

beforeAll(async () => {
  m1 = await login('member01');
  sports1 = await launch(m1, 'PH_SPORTS', 'sportsbook');
  esports1 = await launch(m1, 'PH_ESPORTS', 'esports-book');
  m2 = await login('member02');
  sports2 = await launch(m2, 'PH_SPORTS', 'sportsbook');
  fixtureIds = await db().transaction((tx) =>
    insertFixtures(tx, t.merchantId, [
      football('A', [
        ONE_X_TWO,
        { kind: 'asianHandicap', line: -3, odds: { home: 1900, away: 1950 } },
        { kind: 'overUnder', line: 13, odds: { over: 1900, under: 1900 } },
        { kind: 'bothTeamsToScore', line: 0, odds: { yes: 1800, no: 1950 } },
        { kind: 'correctScore', line: 0, odds: { '2-1': 8000, '1-1': 6500, other: 9000 } },
      ]),
      football('B', [ONE_X_TWO]),
      football('C', [ONE_X_TWO]),
      football('D', [ONE_X_TWO]),
      football('U', [ONE_X_TWO]),
      football('U2', [ONE_X_TWO]),
      football('BN', [ONE_X_TWO]),
      football('CR', [ONE_X_TWO]),
      {
        source: 'manual',
        sport: 'esports',
        externalId: 'E',
        leagueCode: 'VCS',
        leagueName: 'VCS',
        homeTeam: 'GAM',
        awayTeam: 'Team Flash',
        kickoffAt: new Date(Date.now() + HOUR),
        state: 'open',
        markets: [
          { kind: 'matchWinner', line: 0, odds: { home: 1600, away: 2300 } },
          { kind: 'mapHandicap', line: -6, odds: { home: 2100, away: 1700 } },
          { kind: 'totalMaps', line: 10, odds: { over: 2000, under: 1750 } },
        ],
      },
    ]),
  );
});
const fx = (name: string) => fixtureIds.get(name) as number;

describe('settling the house books', () => {
  const bets: Record<string, string> = {};
  let before = 0;
  let staked = 0;

  it('pays every market kind exactly once: half win and half loss on quarter lines, a void parlay leg at 1.000, a capped payout', async () => {
    before = await balance(m1);
    bets.home = await place(sports1, [['A', 'oneXTwo', 0, 'home']]);
    bets.ahHome = await place(sports1, [['A', 'asianHandicap', -3, 'home']]);
    bets.over = await place(sports1, [['A', 'overUnder', 13, 'over']]);
    bets.under = await place(sports1, [['A', 'overUnder', 13, 'under']]);
    bets.btts = await place(sports1, [['A', 'bothTeamsToScore', 0, 'yes']]);
    bets.cs = await place(sports1, [['A', 'correctScore', 0, '2-1']]);
    bets.draw = await place(sports1, [['A', 'oneXTwo', 0, 'draw']]);
    bets.voidLeg = await place(sports1, [['B', 'oneXTwo', 0, 'home'], ['A', 'oneXTwo', 0, 'home']]);
    bets.voidSingle = await place(sports1, [['B', 'oneXTwo', 0, 'draw']]);
    bets.mw = await place(esports1, [['E', 'matchWinner', 0, 'home']]);
    bets.mh = await place(esports1, [['E', 'mapHandicap', -6, 'away']]);
    bets.tm = await place(esports1, [['E', 'totalMaps', 10, 'over']]);
    staked = 12 * S;
    expect(await balance(m1)).toBe(before - staked);
    // A bet placed when the book's cap was lower keeps the cap it was placed under.
    await db().execute(sql`update sports_bets set max_payout = ${5 * S} where bet_id = ${bets.cs}`);

    const a = await settlement.resultFixture(fx('A'), { home: 2, away: 1 }, later(), 'ops:test');
    expect(a).toMatchObject({ state: 'resulted', resultVersion: 1, correction: false, legs: 8, settled: 7, reversed: 0 });
    const b = await settlement.resultFixture(fx('B'), 'void', later(), 'ops:test');
    expect(b).toMatchObject({ state: 'void', legs: 2, settled: 2 });
    const e = await settlement.resultFixture(fx('E'), { home: 2, away: 1 }, later());
    expect(e).toMatchObject({ legs: 3, settled: 3 });

    const expected: Record<string, [string, number]> = {
      home: ['win', 2.1 * S],
      ahHome: ['halfWin', S / 2 + 0.95 * S], // −0.75 at a one-goal win: half on −0.5 wins, half on −1 pushes
      over: ['halfLoss', S / 2], // over 3.25 with three goals: half on 3 pushes, half on 3.5 loses
      under: ['halfWin', S / 2 + 0.95 * S],
      btts: ['win', 1.8 * S],
      cs: ['win', 5 * S], // 8.000 would pay 8 × the stake: capped
      draw: ['loss', 0],
      voidLeg: ['win', 2.1 * S], // the void leg counts 1.000
      voidSingle: ['void', S],
      mw: ['win', 1.6 * S],
      mh: ['win', 1.7 * S], // +1.5 maps, lost 1–2
      tm: ['win', 2 * S],
    };
    let paid = 0;
    for (const [name, [outcome, payout]] of Object.entries(expected)) {
      const got = await bet(name === 'mw' || name === 'mh' || name === 'tm' ? esports1 : sports1, bets[name] as string);
      expect({ name, status: got.status, outcome: got.outcome, payout: got.payout }).toEqual({ name, status: 'settled', outcome, payout });
      paid += payout;
    }
    expect(a.paid + b.paid + e.paid).toBe(paid);
    expect(await balance(m1)).toBe(before - staked + paid);
    // The betting record: a void bet's round is void (its stake refunded, no valid bet), a half win counts half the stake.
    const rounds = rowsOf<{ round_id: string; status: string; payout: string; valid_bet: string }>(
      await db().execute(sql`select round_id, status, payout, valid_bet from game_rounds where round_id in (${bets.voidSingle}, ${bets.ahHome}, ${bets.home})`),
    );
    const round = (id: string | undefined) => rounds.find((r) => r.round_id === id);
    expect(round(bets.voidSingle)).toMatchObject({ status: 'void' });
    expect(Number(round(bets.voidSingle)?.payout)).toBe(S);
    expect(Number(round(bets.ahHome)?.valid_bet)).toBe(S / 2);
    expect(Number(round(bets.home)?.valid_bet)).toBe(S);
    expect(await moneyOf(bets.home as string)).toEqual([`debit ${-S}`, `settle:1 ${2.1 * S}`]);
    // The seamless record holds each credit beside its debit.
    expect(await count(sql`select count(*) as n from vendor_transactions where round_id = ${bets.home} and type = 'credit' and txn_id = ${`${bets.home}:settle:1`}`)).toBe(1);
    await ledgerClean();
  });

  it('settles a parlay as soon as one leg loses, and its other legs later move no money', async () => {
    const parlay = await place(sports1, [['C', 'oneXTwo', 0, 'away'], ['D', 'oneXTwo', 0, 'home']]);
    const c = await settlement.resultFixture(fx('C'), { home: 2, away: 0 }, later());
    expect(c).toMatchObject({ settled: 1, paid: 0 });
    const lost = await bet(sports1, parlay);
    expect(lost).toMatchObject({ status: 'settled', outcome: 'loss', payout: 0 });
    expect(lost.legs.map((l) => l.outcome)).toEqual(['loss', null]);
    const n = await entries();
    const d = await settlement.resultFixture(fx('D'), { home: 1, away: 0 }, later());
    expect(d).toMatchObject({ legs: 1, settled: 0, paid: 0 });
    expect((await bet(sports1, parlay)).legs.map((l) => l.outcome)).toEqual(['loss', 'win']);
    expect(await entries()).toBe(n);
    await ledgerClean();
  });

  it('moves nothing when settled again or given the same result again', async () => {
    const n = await entries();
    const was = await balance(m1);
    expect(await settlement.settleFixture(fx('A'), later())).toMatchObject({ legs: 0, settled: 0, paid: 0 });
    expect(await settlement.resultFixture(fx('A'), { home: 2, away: 1 }, later())).toMatchObject({ repeated: true, resultVersion: 1, legs: 0, settled: 0, paid: 0 });
    expect(await settlement.resultFixture(fx('B'), 'void', later())).toMatchObject({ repeated: true, settled: 0 });
    expect(await entries()).toBe(n);
    expect(await balance(m1)).toBe(was);
  });

  it('refuses a result the fixture cannot take', async () => {
    const [open] = rowsOf<{ id: number }>(await db().execute(sql`select id from sports_fixtures where external_id = 'U2'`));
    // Still open before kick-off: betting has not ended.
    await expect(settlement.resultFixture(Number(open?.id), { home: 1, away: 0 }, new Date())).rejects.toThrow(SportsResultError);
    await expect(settlement.resultFixture(fx('A'), { home: -1, away: 0 }, later())).rejects.toThrow(SportsResultError);
    await expect(settlement.resultFixture(fx('B'), { home: 1, away: 0 }, later())).rejects.toThrow(/void fixture cannot become resulted/);
    await expect(settlement.resultFixture(99_999_999, { home: 1, away: 0 }, later())).rejects.toMatchObject({ code: 'sports_fixture_not_found' });
  });

  it('corrects 2-1 to 1-1: each changed bet reversed under its own entry and settled again, both in the account record', async () => {
    const n = await entries();
    const was = await balance(m1);
    const r = await settlement.resultFixture(fx('A'), { home: 1, away: 1 }, later(), 'ops:test');
    // home, AH home, over, under, correct score and the void-leg parlay had paid and are taken back; BTTS yes still wins.
    expect(r).toMatchObject({ correction: true, resultVersion: 2, legs: 8, reversed: 6, unrecovered: 0 });
    const taken = 2.1 * S + 1.45 * S + 0.5 * S + 1.45 * S + 5 * S + 2.1 * S;
    expect(r.taken).toBe(taken);
    const repaid = 3.3 * S + 1.9 * S; // the draw now wins; under 3.25 with two goals wins whole
    expect(r.paid).toBe(repaid);
    expect(await balance(m1)).toBe(was - taken + repaid);
    expect(await bet(sports1, bets.home as string)).toMatchObject({ outcome: 'loss', payout: 0 });
    expect(await bet(sports1, bets.draw as string)).toMatchObject({ outcome: 'win', payout: 3.3 * S });
    expect(await bet(sports1, bets.btts as string)).toMatchObject({ outcome: 'win', payout: 1.8 * S });
    expect(await moneyOf(bets.home as string)).toEqual([`debit ${-S}`, `settle:1 ${2.1 * S}`, `reverse:1 ${-2.1 * S}`]);
    expect(await moneyOf(bets.under as string)).toEqual([`debit ${-S}`, `settle:1 ${1.45 * S}`, `reverse:1 ${-1.45 * S}`, `settle:2 ${1.9 * S}`]);
    expect(await moneyOf(bets.draw as string)).toEqual([`debit ${-S}`, `settle:2 ${3.3 * S}`]);
    expect(await moneyOf(bets.btts as string)).toEqual([`debit ${-S}`, `settle:1 ${1.8 * S}`]);
    // The member sees the payout and its reversal as two records of the same round.
    const record = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { pageSize: 100 }, { token: m1 });
    const ofHome = record.body.value.list.filter((x) => x.reference.includes(bets.home as string));
    expect(ofHome.map((x) => [x.type, x.amount]).sort()).toEqual(
      [
        ['bet', -S],
        ['payout', 2.1 * S],
        ['payout', -2.1 * S],
      ].sort(),
    );
    expect(ofHome.every((x) => x.detail?.kind === 'game')).toBe(true);
    expect(await entries()).toBe(n + 6 + 2);
    await ledgerClean();
  });

  it('voids a resulted fixture: its bets reversed and their stakes refunded', async () => {
    const was = await balance(m1);
    const r = await settlement.resultFixture(fx('E'), 'void', later(), 'ops:test');
    expect(r).toMatchObject({ correction: true, state: 'void', reversed: 3, taken: 1.6 * S + 1.7 * S + 2 * S, paid: 3 * S });
    expect(await balance(m1)).toBe(was - (1.6 + 1.7 + 2) * S + 3 * S);
    expect(await bet(esports1, bets.mw as string)).toMatchObject({ status: 'settled', outcome: 'void', payout: S });
    const audit = await count(sql`select count(*) as n from audit_log where action in ('sports.result', 'sports.void') and target = ${`fixture:${fx('E')}`}`);
    expect(audit).toBe(1);
    await ledgerClean();
  });

  it('takes back what the wallet still holds when a corrected payout was spent, and records the rest as owed', async () => {
    const paidBet = await place(sports2, [['U', 'oneXTwo', 0, 'home']]);
    const u = await settlement.resultFixture(fx('U'), { home: 1, away: 0 }, later());
    expect(u.paid).toBe(2.1 * S);
    // The member stakes everything on another match: the wallet is empty when the result is corrected.
    await place(sports2, [['U2', 'oneXTwo', 0, 'away']], await balance(m2));
    expect(await balance(m2)).toBe(0);
    const r = await settlement.resultFixture(fx('U'), { home: 0, away: 1 }, later());
    expect(r).toMatchObject({ reversed: 1, taken: 0, unrecovered: 2.1 * S });
    const [owed] = rowsOf<{ unrecovered: string; payout: string; outcome: string }>(await db().execute(sql`select unrecovered, payout, outcome from sports_bets where bet_id = ${paidBet}`));
    expect(owed).toMatchObject({ outcome: 'loss' });
    expect(Number(owed?.unrecovered)).toBe(2.1 * S);
    expect(await balance(m2)).toBe(0);
    await ledgerClean();
  });

  it('credits a bet staked partly with bonus money through the seamless wallet, cash and bonus in the proportion of the stake', async () => {
    await api.ops({ kind: 'user.create', username: 'sbbonus01', password: 'Member12345', type: 'member', upline: 'agent01' });
    await db().execute(sql`update users set password_initial = false where username = 'sbbonus01'`);
    await api.ops({ kind: 'wallet.adjust', username: 'sbbonus01', amount: S / 2, reason: 'test funds', requestId: null });
    const [user] = rowsOf<{ id: string }>(await db().execute(sql`select id from users where username = 'sbbonus01'`));
    const userId = Number(user?.id);
    await db().transaction((tx) =>
      grantReward(
        tx,
        { merchantId: t.merchantId, userId, source: 'activity', activityId: null, title: 'Test bonus', key: `test:sports:${userId}`, form: 'bonus', amount: 10 * S, turnoverRequired: 1_000 * S, turnoverWeights: null, withdrawalPolicy: 'refuse', bonusDays: 30, claimBy: null },
        new Date(),
      ),
    );
    const wallets = async () => {
      const rows = rowsOf<{ wallet: string; balance: string }>(await db().execute(sql`select wallet, balance from ledger_accounts where user_id = ${userId}`));
      const of = (w: string) => Number(rows.find((r) => r.wallet === w)?.balance ?? 0);
      return { main: of('MAIN'), bonus: of('BONUS') };
    };
    const start = await wallets();
    expect(start).toEqual({ main: S / 2, bonus: 10 * S });
    const tok = await launch(await login('sbbonus01', 'Member12345'), 'PH_SPORTS', 'sportsbook');
    const id = await place(tok, [['BN', 'oneXTwo', 0, 'home']]);
    // Cash first, then bonus: half the stake came from each.
    expect(await wallets()).toEqual({ main: 0, bonus: 9.5 * S });
    const r = await settlement.resultFixture(fx('BN'), { home: 1, away: 0 }, later());
    expect(r.paid).toBe(2.1 * S);
    // The win goes back in the stake's proportion: half to the bonus wallet, half (and the rounding) to cash.
    expect(await wallets()).toEqual({ main: 1.05 * S, bonus: 9.5 * S + 1.05 * S });
    const [credit] = rowsOf<{ bonus_amount: string }>(await db().execute(sql`select bonus_amount from vendor_transactions where txn_id = ${`${id}:settle:1`}`));
    expect(Number(credit?.bonus_amount)).toBe(1.05 * S);
    // A correction takes each part back from where it went.
    const c = await settlement.resultFixture(fx('BN'), { home: 0, away: 1 }, later());
    expect(c).toMatchObject({ reversed: 1, taken: 2.1 * S, unrecovered: 0 });
    expect(await wallets()).toEqual({ main: 0, bonus: 9.5 * S });
    await ledgerClean();
  });

  it('finishes a settlement a crash cut short, paying the rest once', async () => {
    const m3 = await login('member03');
    const tok = await launch(m3, 'PH_SPORTS', 'sportsbook');
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await place(tok, [['CR', 'oneXTwo', 0, 'home']]));
    const was = await balance(m3);
    // The process dies after the first chunk of one bet has committed (the second chunk's end is never recorded).
    let chunks = 0;
    const dying = new Proxy({} as Record<string, number>, {
      set(target, phase: string, value: number) {
        if (phase === 'transaction' && ++chunks === 2) throw new Error('the process died');
        target[phase] = value;
        return true;
      },
    });
    await expect(settlement.resultFixture(fx('CR'), { home: 3, away: 0 }, later(), undefined, { batch: 1, concurrency: 1, phases: dying })).rejects.toThrow(/died/);
    const settledSoFar = await count(sql`select count(*) as n from sports_bets where bet_id in (${placed[0]}, ${placed[1]}, ${placed[2]}, ${placed[3]}) and status = 'settled'`);
    expect(settledSoFar).toBe(2); // the second chunk committed before the process died at its end
    // The job (or the operator) enters the same result again: the rest is settled, nothing twice.
    const again = await settlement.resultFixture(fx('CR'), { home: 3, away: 0 }, later());
    expect(again).toMatchObject({ repeated: true, settled: 2, paid: 2 * 2.1 * S });
    expect(await balance(m3)).toBe(was + 4 * 2.1 * S);
    for (const id of placed) expect(await moneyOf(id)).toEqual([`debit ${-S}`, `settle:1 ${2.1 * S}`]);
    await ledgerClean();
  });
});
