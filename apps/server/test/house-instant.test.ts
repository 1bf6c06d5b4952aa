import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as wallet from '@playhall/contract/calls/wallet';
import { STAKES } from '@playhall/contract/stakes';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { crashPayout, flightMs } from '@playhall/contract/house-rules/crash';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { rowsOf } from '../src/db/client.ts';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** Plinko and keno (solo rounds of `/wps/house/play`) and the crash game (`/wps/house/crash…`), issue 21. */
let t: TTestApp;
let api: TApi;
const { token, balance, launchUrl, house } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const K = STAKES.minStake;

async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}
async function launch(tok: string, gameId: string): Promise<string> {
  const url = await launchUrl(tok, { vassalage: 'PH_INSTANT', gameId, language: 'EN' });
  const gt = gameToken(url);
  if (!gt) throw new Error(url);
  return gt;
}
async function ledgerRows(): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from postings`));
  return Number(row?.n ?? 0);
}

describe('plinko', () => {
  it('drops balls: the stake leaves and the multiplier of the slot comes back; each round is in the record and re-checks', async () => {
    const tok = await token('member01');
    const gt = await launch(tok, 'plinko-drop');
    const before = await balance(tok);
    let expected = before;
    for (const [rows, risk] of [[8, 'low'], [12, 'medium'], [16, 'high']] as const) {
      const r = await house('POST', 'play', gt, { input: { amount: 2 * K, rows, risk } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const v = r.body.value as { stake: number; payout: number; balance: number; detail: { path: number[]; slot: number; multiplier: number } };
      expect(v.detail.path).toHaveLength(rows);
      expect(v.detail.slot).toBe(v.detail.path.reduce((a, b) => a + b, 0));
      expect(v.payout).toBe(Math.floor((2 * K * v.detail.multiplier) / 100));
      expected += v.payout - v.stake;
      expect(v.balance).toBe(expected);
    }
    expect(await balance(tok)).toBe(expected);
    // Read in English (the games' base names; without a Language header a reader gets the site language's, MY).
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'RNG', pageSize: 10 }, { token: tok, headers: { language: 'EN' } });
    expect(record.body.value.list.filter((b) => b.gameName === 'Plinko Drop')).toHaveLength(3);
    await ledgerClean();
  });

  it('refuses bad rows or risk and stakes below or above the limits, moving nothing', async () => {
    const tok = await token('member02');
    const gt = await launch(tok, 'plinko-drop');
    const before = await balance(tok);
    const entries = await ledgerRows();
    for (const input of [{ amount: K, rows: 7, risk: 'low' }, { amount: K, rows: 17, risk: 'low' }, { amount: K, rows: 8, risk: 'wild' }, { amount: K - 1, rows: 8, risk: 'low' }, { amount: MAX_STAKE + 1, rows: 8, risk: 'low' }, { amount: K }]) {
      const r = await house('POST', 'play', gt, { input });
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.body.message.length).toBeGreaterThan(5);
    }
    expect(await balance(tok)).toBe(before);
    expect(await ledgerRows()).toBe(entries);
  });
});

describe('keno', () => {
  it('draws ten of forty and pays the hits of the pick count; refuses 0 or 11 picks, duplicates and bad stakes', async () => {
    const tok = await token('member03');
    const gt = await launch(tok, 'keno-40');
    const before = await balance(tok);
    const r = await house('POST', 'play', gt, { input: { amount: 3 * K, picks: [3, 7, 11, 19, 23, 40] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const v = r.body.value as { stake: number; payout: number; balance: number; detail: { drawn: number[]; hits: number[] } };
    expect(new Set(v.detail.drawn).size).toBe(10);
    expect(v.detail.hits).toEqual([3, 7, 11, 19, 23, 40].filter((n) => v.detail.drawn.includes(n)));
    expect(v.balance).toBe(before - v.stake + v.payout);
    const after = await balance(tok);
    expect(after).toBe(v.balance);
    const entries = await ledgerRows();
    const bad = [
      { amount: K, picks: [] },
      { amount: K, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
      { amount: K, picks: [5, 5] },
      { amount: K, picks: [41] },
      { amount: K - 1, picks: [1] },
      { amount: MAX_STAKE + 1, picks: [1] },
    ];
    for (const input of bad) expect((await house('POST', 'play', gt, { input })).status, JSON.stringify(input)).toBe(400);
    expect(await balance(tok)).toBe(after);
    expect(await ledgerRows()).toBe(entries);
    await ledgerClean();
  });
});

describe('crash', () => {
  type TState = {
    phase: 'betting' | 'flight' | 'crashed';
    serverTime: string;
    chain: { terminalHash: string; salt: string };
    round: { roundNo: number; crashPoint: number | null; roundHash: string | null; bettingEndsAt: string };
    players: { player: string; you: boolean; stake: number; cashOut: number | null }[];
    you: { status: string; cashOut: number | null; payout: number; roundId: string } | null;
    history: { roundNo: number; crashPoint: number; roundHash: string }[];
    balance: number;
  };
  const state = async (gt: string) => {
    const r = await house('GET', 'crash', gt);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.value as unknown as TState;
  };
  /** The test's clock: the latest round's times moved so that take-off was `elapsed` ms ago (the crash stays where the chain put it). */
  async function fly(elapsed: number) {
    await t.database.db.execute(sql`
      update crash_rounds set betting_ends_at = now() - make_interval(secs => ${elapsed / 1000}),
        crash_at = now() - make_interval(secs => ${elapsed / 1000}) + make_interval(secs => ceil(ln(crash_point / 100.0) / 0.00006) / 1000)
      where id = (select max(id) from crash_rounds)`);
  }
  /** Moves the latest round past its crash and the pause after it. */
  async function crashIt() {
    const point = await secretPoint();
    await fly(flightMs(point) + 5000);
  }
  async function secretPoint(): Promise<number> {
    const [row] = rowsOf<{ crash_point: number }>(await t.database.db.execute(sql`select crash_point from crash_rounds order by id desc limit 1`));
    return row?.crash_point ?? 0;
  }
  /** Opens rounds until one whose crash point is at least `min` is taking bets. */
  async function roundReaching(gt: string, min: number): Promise<TState> {
    for (let i = 0; i < 60; i++) {
      const s = await state(gt);
      if (s.phase === 'betting' && (await secretPoint()) >= min) return s;
      await crashIt();
    }
    throw new Error('no round reached the point');
  }
  let n = 0;
  const betId = () => `test-bet-${Date.now()}-${++n}`;

  it('hides the round hash until the crash; pays a cash-out at the server multiplier, refuses a second one, a replayed bet id and a bet in flight', async () => {
    const tokA = await token('member01');
    const tokB = await token('member02');
    const gtA = await launch(tokA, 'rocket-crash');
    const gtB = await launch(tokB, 'rocket-crash');
    // A round that flies at least 18 s (3.00×), its betting held open a minute by the test's clock: the checks below
    // take their time on a loaded machine, and neither a take-off nor the crash may come before the test moves it.
    const open = await roundReaching(gtA, 300);
    await t.database.db.execute(sql`
      update crash_rounds set betting_ends_at = now() + interval '60 seconds',
        crash_at = now() + interval '60 seconds' + make_interval(secs => ceil(ln(crash_point / 100.0) / 0.00006) / 1000)
      where id = (select max(id) from crash_rounds)`);
    expect(open.round.crashPoint).toBeNull();
    expect(open.round.roundHash).toBeNull();
    expect(open.chain.terminalHash).toMatch(/^[0-9a-f]{64}$/);

    const beforeA = await balance(tokA);
    const id = betId();
    const placed = await house('POST', 'crash/bet', gtA, { betId: id, amount: 5 * K, autoCashOut: null });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await balance(tokA)).toBe(beforeA - 5 * K);
    // The same bet id again: refused, nothing moves; a second bet on the round too; so do stakes out of the limits.
    const entries = await ledgerRows();
    const replay = await house('POST', 'crash/bet', gtA, { betId: id, amount: 5 * K, autoCashOut: null });
    expect(replay.body).toMatchObject({ code: 'duplicate_request', value: { reason: 'duplicate_bet' } });
    // Each refusal names its reason, for the page to say in the player's language (issue 23); the English stays the message.
    expect((await house('POST', 'crash/bet', gtA, { betId: betId(), amount: 5 * K, autoCashOut: null })).body).toMatchObject({
      code: 'operation_not_allowed',
      value: { reason: 'already_bet' },
      message: 'You already have a bet on this round',
    });
    expect((await house('POST', 'crash/bet', gtB, { betId: betId(), amount: K - 1, autoCashOut: null })).status).toBe(400);
    expect((await house('POST', 'crash/bet', gtB, { betId: betId(), amount: MAX_STAKE + 1, autoCashOut: null })).status).toBe(400);
    expect((await house('POST', 'crash/bet', gtB, { betId: betId(), amount: K, autoCashOut: 100 })).status).toBe(400);
    expect(await ledgerRows()).toBe(entries);
    expect(await balance(tokA)).toBe(beforeA - 5 * K);
    // Too early to cash out.
    expect((await house('POST', 'crash/cashout', gtA)).body).toMatchObject({ code: 'operation_not_allowed', value: { reason: 'not_taken_off' } });

    // Take-off 1.6 s ago: about 1.10×, below this round's crash point.
    await fly(1600);
    const flying = await state(gtB);
    expect(flying.phase).toBe('flight');
    expect(flying.round.roundHash).toBeNull();
    const beforeB = await balance(tokB);
    const late = await house('POST', 'crash/bet', gtB, { betId: betId(), amount: K, autoCashOut: null });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'operation_not_allowed', value: { reason: 'betting_closed' }, message: 'Betting is closed for this round: bet on the next one' });
    expect(await balance(tokB)).toBe(beforeB);

    const out = await house('POST', 'crash/cashout', gtA);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const paid = out.body.value as { cashOut: number; payout: number; balance: number };
    expect(paid.cashOut).toBeGreaterThanOrEqual(110);
    expect(paid.cashOut).toBeLessThan(await secretPoint());
    expect(paid.payout).toBe(crashPayout(5 * K, paid.cashOut));
    expect(await balance(tokA)).toBe(beforeA - 5 * K + paid.payout);
    const again = await house('POST', 'crash/cashout', gtA);
    expect(again.body).toMatchObject({ code: 'operation_not_allowed', value: { reason: 'already_cashed_out' } });
    expect(again.body.message).toMatch(/already cashed out/);
    expect(await balance(tokA)).toBe(beforeA - 5 * K + paid.payout);

    // After the crash: the hash is revealed, proves its place and gives the crash point; the record re-checks.
    await crashIt();
    const ended = await state(gtA);
    const last = ended.history[0] ?? ended.round;
    expect(last.roundHash).toMatch(/^[0-9a-f]{64}$/);
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'RNG', pageSize: 10 }, { token: tokA, headers: { language: 'EN' } });
    const row = record.body.value.list.find((b) => b.gameName === 'Rocket Crash');
    expect(row).toMatchObject({ status: 'settled', betAmount: 5 * K });
    const detail = await api.call<{ detail: Record<string, unknown>; houseGame?: string }>(wallet.betDetail, { roundId: row?.roundId ?? '' }, { token: tokA });
    expect(detail.body.value.detail).toMatchObject({ cashOut: paid.cashOut, payout: paid.payout });
    expect(recheckRound('HOUSE_CRASH', { detail: detail.body.value.detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
    await ledgerClean();
  });

  it('loses a bet left at the crash (cash-out after it refused), pays an auto cash-out at its target exactly, and links each revealed hash to the one before', async () => {
    const tokA = await token('member03');
    const tokB = await token('agent01');
    const gtA = await launch(tokA, 'rocket-crash');
    const gtB = await launch(tokB, 'rocket-crash');
    await roundReaching(gtA, 105);
    const beforeA = await balance(tokA);
    const beforeB = await balance(tokB);
    expect((await house('POST', 'crash/bet', gtA, { betId: betId(), amount: 2 * K, autoCashOut: null })).status).toBe(200);
    expect((await house('POST', 'crash/bet', gtB, { betId: betId(), amount: 3 * K, autoCashOut: 105 })).status).toBe(200);
    await crashIt();
    const entries = await ledgerRows();
    const late = await house('POST', 'crash/cashout', gtA);
    expect(late.body.code).toBe('operation_not_allowed');
    expect(late.body.message).toMatch(/crashed/);
    await t.scheduler.tick(new Date());
    expect(await balance(tokA)).toBe(beforeA - 2 * K);
    expect(await balance(tokB)).toBe(beforeB - 3 * K + crashPayout(3 * K, 105));
    // A loss's credit of 0 and the auto cash-out's credit are the only ledger moves since the crash.
    expect(await ledgerRows()).toBeGreaterThanOrEqual(entries);
    const again = await house('POST', 'crash/cashout', gtA);
    expect(again.body.code).toBe('operation_not_allowed');
    expect(await balance(tokA)).toBe(beforeA - 2 * K);

    const s = await state(gtA);
    const history = s.history;
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i + 1 < history.length; i++) {
      const newer = history[i];
      const older = history[i + 1];
      if (!newer || !older || newer.roundNo !== older.roundNo + 1) continue;
      expect(crypto.createHash('sha256').update(newer.roundHash).digest('hex')).toBe(older.roundHash);
    }
    await ledgerClean();
  });

  it('takes a bet id raced in twice once, and pays one of three racing cash-outs once', async () => {
    const other = await t.secondApp();
    try {
      const tok = await token('agent02');
      const gt = await launch(tok, 'rocket-crash');
      await roundReaching(gt, 150);
      const before = await balance(tok);
      const id = betId();
      const bets = await Promise.all([house('POST', 'crash/bet', gt, { betId: id, amount: 4 * K, autoCashOut: null }), house('POST', 'crash/bet', gt, { betId: id, amount: 4 * K, autoCashOut: null })]);
      expect(bets.map((b) => b.status).sort()).toEqual([200, 409]);
      expect(await balance(tok)).toBe(before - 4 * K);
      await fly(2000);
      const outs = await Promise.all([house('POST', 'crash/cashout', gt), house('POST', 'crash/cashout', gt), other.scheduler.tick(new Date()).then(() => house('POST', 'crash/cashout', gt))]);
      const paid = outs.filter((o) => o.status === 200);
      expect(paid).toHaveLength(1);
      const payout = (paid[0]?.body.value as { payout: number }).payout;
      expect(await balance(tok)).toBe(before - 4 * K + payout);
      await crashIt();
      await t.scheduler.tick(new Date());
      expect(await balance(tok)).toBe(before - 4 * K + payout);
      await ledgerClean();
    } finally {
      await other.close();
    }
  });

  it('settles a crashed round once when two tick runners race', async () => {
    const other = await t.secondApp();
    try {
      const players = ['member01', 'member02', 'agent02'];
      const seats: { tok: string; gt: string; before: number }[] = [];
      for (const u of players) {
        const tok = await token(u);
        seats.push({ tok, gt: await launch(tok, 'rocket-crash'), before: 0 });
      }
      await roundReaching(seats[0]?.gt ?? '', 110);
      for (const [i, s] of seats.entries()) {
        s.before = await balance(s.tok);
        const r = await house('POST', 'crash/bet', s.gt, { betId: betId(), amount: (i + 1) * K, autoCashOut: i === 0 ? 110 : null });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      await crashIt();
      const at = new Date();
      await Promise.all([t.scheduler.tick(at), other.scheduler.tick(at), t.scheduler.tick(at)]);
      const [first, second, third] = seats;
      expect(await balance(first?.tok ?? '')).toBe((first?.before ?? 0) - K + crashPayout(K, 110));
      expect(await balance(second?.tok ?? '')).toBe((second?.before ?? 0) - 2 * K);
      expect(await balance(third?.tok ?? '')).toBe((third?.before ?? 0) - 3 * K);
      const [dupes] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from (select round_id from game_rounds where vassalage = 'PH_INSTANT' group by round_id having count(*) > 1) d`));
      expect(dupes?.n).toBe('0');
      const [open] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from crash_bets where status = 'open' or credited_at is null`));
      expect(open?.n).toBe('0');
      await ledgerClean();
    } finally {
      await other.close();
    }
  });
});
