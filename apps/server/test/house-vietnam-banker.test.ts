import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { bauCuaGame } from '@playhall/contract/house-rules/baucua';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { FairStream } from '@playhall/contract/house-rules/fair';
import { recheckRound } from '@playhall/contract/house-rules/registry';
import { XOCDIA_LIMITS, xocDiaGame } from '@playhall/contract/house-rules/xocdia';
import { apiOf, type TApi } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * The member banker seat of the xóc đĩa and bầu cua rooms and the PVP hall's player counts (issue 21), on a real
 * server and database. Each round's result is fixed by writing the room's seed before its first bet (a seed found
 * by replaying candidates with the rules), so every amount below is exact.
 */
let t: TTestApp;
let api: TApi;
const { token, balance, launchUrl } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

/** 1,000 ₫ in minor units. */
const K = XOCDIA_LIMITS.min;
/** A hundredth of K (10 ₫): exact amounts without fractions of K. */
const C = K / 100;

/** The ledger checked balanced; answers its entries and postings (a refused debit may open an empty house account shard). */
async function ledger(): Promise<string> {
  const r = await api.ops({ kind: 'ledger.check' });
  expect(r.message).toMatch(/ledger clean/);
  return r.message.replace(/^.*?accounts, /, '');
}
async function launch(tok: string, roomId: string): Promise<string> {
  return gameToken(await launchUrl(tok, { language: 'VI', vassalage: 'PH_DICE', roomId }));
}
async function house(method: 'GET' | 'POST', path: string, gameTok: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/wps/house/${path}`,
    headers: { 'x-game-token': gameTok, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: string; message: string; value: TRoom & { balance?: number } } };
}
async function hallCount(roomId: string): Promise<number> {
  const rooms = await api.call<{ list: { roomId: string; players: number }[] }>(games.roomList, { vassalage: 'PH_DICE' });
  return rooms.body.value.list.find((r) => r.roomId === roomId)?.players ?? -1;
}

type TRoom = {
  roundNo: number;
  closesAt: string | null;
  banker: 'house' | 'member';
  bankerSeat: null | { player: string; you: boolean; bank: number; coverage: number };
  bankLimits: { min: number; max: number };
  players: { player: string; you: boolean; stake: number }[];
  lastRound: null | {
    roundNo: number;
    result: { reds?: number; dice?: string[] };
    players: { you: boolean; stake: number; payout: number }[];
    banker: null | { player: string; you: boolean; bankBefore: number; net: number; rake: number; bankAfter: number };
  };
};
type TDetail = wallet.TBetRecord & { detail: Record<string, unknown> };

/** Writes a seed into the room's round being gathered whose draw passes `want` (before the round's first bet). */
async function fixRound(roomId: string, want: (draw: { reds?: number; dice?: string[] }) => boolean): Promise<void> {
  const rows = (await t.database.db.execute(sql`select state from pvp_rooms where room_id = ${roomId}`)) as unknown as { rows: { state: { roundNo: number } }[] };
  const roundNo = rows.rows[0]?.state.roundNo ?? 0;
  for (let i = 0; i < 1000; i++) {
    const serverSeed = crypto.createHash('sha256').update(`banker-test-${roomId}-${roundNo}-${i}`).digest('hex');
    const stream = new FairStream({ serverSeed, clientSeed: `room:${roomId}`, nonce: roundNo });
    const draw = roomId.startsWith('xocdia') ? { reds: xocDiaGame.play({ chan: K }, stream).detail.reds } : { dice: bauCuaGame.play({ bau: K }, stream).detail.dice };
    if (!want(draw)) continue;
    await t.database.db.execute(sql`update pvp_rooms set state = jsonb_set(state, '{serverSeed}', to_jsonb(${serverSeed}::text)) where room_id = ${roomId}`);
    return;
  }
  throw new Error('no seed found');
}
async function decide(gameTok: string): Promise<TRoom> {
  const room = (await house('GET', 'bet-room', gameTok)).body.value;
  expect(room.closesAt).not.toBeNull();
  await t.scheduler.tick(new Date(new Date(room.closesAt ?? 0).getTime() + 1000));
  return (await house('GET', 'bet-room', gameTok)).body.value;
}

describe('member banker seat (xóc đĩa room)', () => {
  it('a member banks a round: coverage, refusals with nothing moved, exact settlement and rake, the record, leaving', async () => {
    const [a, b, c, d] = [await token('member01'), await token('member02'), await token('member03'), await token('agent01')];
    const [ga, gb, gc, gd] = [await launch(a, 'xocdia-1'), await launch(b, 'xocdia-1'), await launch(c, 'xocdia-1'), await launch(d, 'xocdia-1')];
    const start = { a: await balance(a), b: await balance(b), c: await balance(c), d: await balance(d) };
    const empty = (await house('GET', 'bet-room', ga)).body.value;
    expect(empty).toMatchObject({ banker: 'house', bankerSeat: null, bankLimits: { min: 50 * K, max: 5000 * K } });
    expect(await hallCount('xocdia-1')).toBe(0);

    // Refused with nothing moved: a bank under the minimum, over the maximum, or more than the member holds.
    let before = await ledger();
    for (const [amount, message] of [[49 * K, /bank of this room/], [5001 * K, /bank of this room/], [start.a + K, /./]] as const) {
      const r = await house('POST', 'bet-room/bank', ga, { amount });
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.body.message).toMatch(message);
    }
    expect(await balance(a)).toBe(start.a);
    expect(await ledger()).toBe(before);

    // A odd result for round 0: B's chẵn loses, D's lẻ wins.
    await fixRound('xocdia-1', (x) => (x.reds ?? 0) % 2 === 1);
    const took = await house('POST', 'bet-room/bank', ga, { amount: 60 * K });
    expect(took.status, JSON.stringify(took.body)).toBe(200);
    expect(took.body.value.balance).toBe(start.a - 60 * K);
    expect(await balance(a)).toBe(start.a - 60 * K);
    expect(took.body.value).toMatchObject({ banker: 'member', bankerSeat: { you: true, bank: 60 * K, coverage: 60 * K } });
    const seenByB = (await house('GET', 'bet-room', gb)).body.value;
    expect(seenByB.bankerSeat).toMatchObject({ you: false, bank: 60 * K });
    expect(seenByB.bankerSeat?.player).toMatch(/\*\*\*/);
    expect(await hallCount('xocdia-1')).toBe(1);

    // The seat is taken; the banker does not bet against themselves.
    before = await ledger();
    expect((await house('POST', 'bet-room/bank', gc, { amount: 50 * K })).body.message).toBe('The banker seat is taken');
    expect((await house('POST', 'bet-room/bank', ga, { amount: 50 * K })).body.message).toBe('You hold the banker seat');
    expect((await house('POST', 'bet-room/bet', ga, { roundNo: 0, bets: { chan: K } })).body.message).toBe('The banker cannot bet in the round they bank');
    expect(await ledger()).toBe(before);

    // B: chẵn 40K (worst case 38.4K, covered).
    expect((await house('POST', 'bet-room/bet', gb, { roundNo: 0, bets: { chan: 40 * K } })).status).toBe(200);
    // D: 4 đỏ 2K would lose the banker 78.4K + 31K − 42K = 67.4K on 4 reds: more than the 60K bank.
    before = await ledger();
    const uncovered = await house('POST', 'bet-room/bet', gd, { roundNo: 0, bets: { red4: 2 * K } });
    expect(uncovered.status).toBeGreaterThanOrEqual(400);
    expect(uncovered.body.message).toBe("The banker's bank cannot cover this bet");
    expect(await balance(d)).toBe(start.d);
    expect(await ledger()).toBe(before);
    // D: lẻ 30K instead: the worst case is an even result, 78.4K − 70K = 8.4K.
    const betD = await house('POST', 'bet-room/bet', gd, { roundNo: 0, bets: { le: 30 * K } });
    expect(betD.status, JSON.stringify(betD.body)).toBe(200);
    expect(betD.body.value.bankerSeat?.coverage).toBe(60 * K - 840 * C);
    expect(await hallCount('xocdia-1')).toBe(3);
    // Neither the banker's leaving nor a new banker while the round has bets.
    before = await ledger();
    expect((await house('POST', 'bet-room/leave', ga)).body.message).toBe('You bank this round: leave the seat after its result');
    expect((await house('POST', 'bet-room/leave', gc)).body.message).toBe('You do not hold the banker seat');
    expect(await balance(a)).toBe(start.a - 60 * K);
    expect(await ledger()).toBe(before);

    // The result (odd): B loses 40K, D is paid 58.8K; the banker nets 70K − 58.8K = 11.2K, less 5 % (560) rake.
    const after = await decide(ga);
    expect((after.lastRound?.result.reds ?? 0) % 2).toBe(1);
    expect(after.lastRound?.banker).toMatchObject({ you: true, bankBefore: 60 * K, net: 1120 * C, rake: 56 * C, bankAfter: 60 * K + 1120 * C - 56 * C });
    expect(after.bankerSeat).toMatchObject({ you: true, bank: 7064 * C });
    expect(await balance(a)).toBe(start.a - 60 * K);
    expect(await balance(b)).toBe(start.b - 40 * K);
    expect(await balance(d)).toBe(start.d - 30 * K + 5880 * C);
    await ledger();
    expect(await hallCount('xocdia-1')).toBe(1);

    // The banker's round is in A's record (stake = the bank before, payout = the bank after) and re-checks.
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'PVP' }, { token: a });
    const row = record.body.value.list[0];
    expect(row).toMatchObject({ betAmount: 60 * K, validBet: 0, payout: 7064 * C, status: 'settled' });
    const detail = (await api.call<TDetail>(wallet.betDetail, { roundId: row?.roundId ?? '' }, { token: a })).body.value;
    const engine = titleOfHouseGame('xocdia-room')?.engine ?? '';
    expect(recheckRound(engine, { detail: detail.detail, fairness: null })).toEqual({ commitMatches: true, outcomeMatches: true });
    expect(recheckRound(engine, { detail: { ...detail.detail, outcome: { ...(detail.detail.outcome as object), rake: 0 } }, fairness: null })?.outcomeMatches).toBe(false);

    // Round 1, even: B's chẵn 70K (worst case 67.2K ≤ 70.64K) wins 67.2K; the bank, 3.44K, falls under the 50K
    // minimum: the seat returns to the house and the rest is credited back to A.
    await fixRound('xocdia-1', (x) => (x.reds ?? 1) % 2 === 0);
    expect((await house('POST', 'bet-room/bet', gb, { roundNo: 1, bets: { chan: 70 * K } })).status).toBe(200);
    const second = await decide(gb);
    expect(second.lastRound?.banker).toMatchObject({ you: false, bankBefore: 7064 * C, net: -6720 * C, rake: 0, bankAfter: 344 * C });
    expect(second).toMatchObject({ banker: 'house', bankerSeat: null });
    expect(await balance(a)).toBe(start.a - 60 * K + 344 * C);
    expect(await balance(b)).toBe(start.b - 40 * K - 70 * K + 13720 * C);
    // Money neither appears nor vanishes: the members' changes sum to minus the one rake the house kept.
    const delta = (await balance(a)) - start.a + (await balance(b)) - start.b + (await balance(d)) - start.d;
    expect(delta).toBe(-56 * C);
    await ledger();
    expect(await hallCount('xocdia-1')).toBe(0);

    // C takes the free seat, then leaves between rounds: the bank comes back whole (once: leaving again is refused).
    const cTook = await house('POST', 'bet-room/bank', gc, { amount: 80 * K });
    expect(cTook.status, JSON.stringify(cTook.body)).toBe(200);
    expect(await balance(c)).toBe(start.c - 80 * K);
    const left = await house('POST', 'bet-room/leave', gc);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.value).toMatchObject({ banker: 'house', bankerSeat: null, balance: start.c });
    expect(await balance(c)).toBe(start.c);
    expect((await house('POST', 'bet-room/leave', gc)).body.message).toBe('You do not hold the banker seat');
    expect(await balance(c)).toBe(start.c);
    await t.scheduler.tick(new Date());
    expect(await balance(c)).toBe(start.c);
    await ledger();
  });
});

describe('member banker seat (bầu cua room)', () => {
  it('two members racing for the seat: one gets it, the other is refused and keeps their money', async () => {
    const [a, b, c] = [await token('member02'), await token('member03'), await token('agent02')];
    const [ga, gb, gc] = [await launch(a, 'baucua-1'), await launch(b, 'baucua-1'), await launch(c, 'baucua-1')];
    const start = { a: await balance(a), b: await balance(b), c: await balance(c) };
    const [ra, rb] = await Promise.all([house('POST', 'bet-room/bank', ga, { amount: 100 * K }), house('POST', 'bet-room/bank', gb, { amount: 100 * K })]);
    const winner = ra.status === 200 ? 'a' : 'b';
    const loser = winner === 'a' ? rb : ra;
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect(loser.body.message).toMatch(/The banker seat is taken/);
    expect(await balance(winner === 'a' ? a : b)).toBe((winner === 'a' ? start.a : start.b) - 100 * K);
    expect(await balance(winner === 'a' ? b : a)).toBe(winner === 'a' ? start.b : start.a);
    await ledger();

    // A triple of cua: C's cua 10K returns 40K, the banker pays 30K.
    await fixRound('baucua-1', (x) => x.dice?.every((die) => die === 'cua') ?? false);
    const banker = winner === 'a' ? ga : gb;
    // The covering check counts the triple: cua 34K would cost 102K > 100K.
    expect((await house('POST', 'bet-room/bet', gc, { roundNo: 0, bets: { cua: 34 * K } })).body.message).toBe("The banker's bank cannot cover this bet");
    expect(await balance(c)).toBe(start.c);
    expect((await house('POST', 'bet-room/bet', gc, { roundNo: 0, bets: { cua: 10 * K } })).status).toBe(200);
    // A seat change while the round has a bet is refused.
    expect((await house('POST', 'bet-room/leave', banker)).body.message).toMatch(/after its result/);
    expect(await hallCount('baucua-1')).toBe(2);
    const after = await decide(gc);
    expect(after.lastRound?.result.dice).toEqual(['cua', 'cua', 'cua']);
    expect(after.lastRound?.banker).toMatchObject({ bankBefore: 100 * K, net: -30 * K, rake: 0, bankAfter: 70 * K });
    expect(await balance(c)).toBe(start.c + 30 * K);
    const left = await house('POST', 'bet-room/leave', banker);
    expect(left.status).toBe(200);
    expect(await balance(winner === 'a' ? a : b)).toBe((winner === 'a' ? start.a : start.b) - 30 * K);
    await ledger();
  });
});

describe('PVP hall player counts', () => {
  it('counts the members seated in a dice room', async () => {
    const tok = await token('agent02');
    const gt = await launch(tok, 'dice-1');
    expect(await hallCount('dice-1')).toBe(0);
    expect((await house('POST', 'room/join', gt)).status).toBe(200);
    expect(await hallCount('dice-1')).toBe(1);
    expect((await house('POST', 'room/leave', gt)).status).toBe(200);
    expect(await hallCount('dice-1')).toBe(0);
  });

  it.runIf(TEST_DB === 'postgres')('on PostgreSQL: five concurrent seat takes on a fresh room, one seat', async () => {
    const names = ['member01', 'member02', 'member03', 'agent01', 'agent02'];
    const toks = await Promise.all(names.map((n) => token(n)));
    const gts = await Promise.all(toks.map((tok) => launch(tok, 'xocdia-10')));
    const before = await Promise.all(toks.map((tok) => balance(tok)));
    const answers = await Promise.all(gts.map((gt) => house('POST', 'bet-room/bank', gt, { amount: 500 * K })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const after = await Promise.all(toks.map((tok) => balance(tok)));
    expect(after.map((x, i) => (before[i] ?? 0) - x).sort((p, q) => p - q)).toEqual([0, 0, 0, 0, 500 * K]);
    await ledger();
  });
});
