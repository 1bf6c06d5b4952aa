import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { STAKES } from '@playhall/contract/stakes';
import { openDatabase } from '../src/db/client.ts';
import { drawFromSeed, indexResult, settleTicket, type TLotteryBetType, type TResultTable } from '../src/modules/lottery-engine/index.ts';
import { createSettlement } from '../src/modules/lottery/lottery.settlement.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// The lottery against the real server and database: betting with its refusals, house draws committed and
// revealed, settlement through the ledger exactly once, operator results, voids with refunds, and a property
// run over many random draws and tickets.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

type TGameDetail = { game: games.TLottoGame; betTypes: { code: TLotteryBetType; oddsX1000: number; minStake: number; maxStake: number; chargeMultiplier: number }[]; serverTime: string };
type TPlaced = { tickets: games.TTicket[]; balance: number };

const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []));
const db = () => t.database.db;
/** The smallest stake of a number (1,000 ₫, stakes.ts): the tests' stakes are multiples of it. */
const M = STAKES.minStake;

async function token(username = 'member01'): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  return res.body.value.token;
}
async function balance(tok: string): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
}
async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}
/**
 * A game's detail with a current draw that stays open at least 10 s more: a one-minute game asked at :54 would close
 * before the test's bet arrives (betting_closed), so the test waits for the next draw instead.
 */
async function detail(gameCode: string): Promise<TGameDetail> {
  for (;;) {
    const res = await api.call<TGameDetail>(games.lottoGame, { gameCode });
    expect(res.body.code).toBe('ok');
    const closeAt = res.body.value.game.currentDraw?.closeAt;
    const left = closeAt ? Date.parse(closeAt) - Date.now() : Infinity;
    if (left > 10_000) return res.body.value;
    await new Promise((resolve) => setTimeout(resolve, left + 500));
  }
}
function place(tok: string, body: { gameCode: string; drawNo: string; bets: { betType: TLotteryBetType; numbers: string[]; stake: number }[]; totalAmount: number; requestId?: string }) {
  return api.call<TPlaced>(games.placeBets, { requestId: body.requestId ?? crypto.randomUUID(), ...body }, { token: tok });
}
/** The clock moves past a draw: its close and draw times are set into the past, as if the minute had gone by. */
async function passTime(gameCode: string, drawNo: string) {
  await db().execute(sql`update lottery_draws set close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' where game_code = ${gameCode} and draw_no = ${drawNo}`);
}
async function drawRow(gameCode: string, drawNo: string) {
  const [d] = rows<{ id: number; status: string; result: TResultTable | null; seed: string | null; seed_hash: string | null }>(
    await db().execute(sql`select id, status, result, seed, seed_hash from lottery_draws where game_code = ${gameCode} and draw_no = ${drawNo}`),
  );
  if (!d) throw new Error(`no draw ${gameCode} ${drawNo}`);
  return d;
}

describe('games and draws', () => {
  it('lists the fast, regional and SEA games with their open draw, the seed hash committed', async () => {
    const asked = Date.now();
    const menu = await api.call<{ games: games.TLottoGame[] }>(games.lottoMenu, {});
    const codes = menu.body.value.games.map((g) => g.gameCode);
    expect(codes).toEqual(expect.arrayContaining(['EL1', 'EL3', 'EL5', 'XSMB', 'MN_TPHCM', 'MT_DANANG', 'SEA5', 'SEA']));
    const el1 = menu.body.value.games.find((g) => g.gameCode === 'EL1');
    expect(el1?.drawIntervalSeconds).toBe(60);
    expect(el1?.currentDraw?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // Still open when it was asked for (a slow machine may have passed it since).
    expect(new Date(el1?.currentDraw?.closeAt ?? 0).getTime()).toBeGreaterThan(asked);
    const elott = await api.call<{ games: games.TLottoGame[] }>(games.lottoMenu, { prizeMode: 'Elott' });
    expect(elott.body.value.games.map((g) => g.gameCode).sort()).toEqual(['EL1', 'EL3', 'EL5']);
    const north = await detail('XSMB');
    expect(north.betTypes.find((b) => b.code === 'lo2')).toMatchObject({ chargeMultiplier: 27, oddsX1000: 99_000 });
    const south = await detail('MN_TPHCM');
    expect(south.betTypes.find((b) => b.code === 'lo2')?.chargeMultiplier).toBe(18);
    expect(south.betTypes.some((b) => b.code === 'deFirst')).toBe(false);
    expect((await detail('SEA5')).betTypes.map((b) => b.code).sort()).toEqual(['sea2Bottom', 'sea2Top', 'sea3Tod', 'sea3Top', 'seaRunBottom', 'seaRunTop']);
    expect((await api.call(games.lottoGame, { gameCode: 'NOPE' })).status).toBe(404);
  });
});

describe('betting and settlement', () => {
  it('debits the slip, draws from the committed seed, pays each ticket by its rule once, and the ledger stays clean', async () => {
    const tok = await token();
    const g = await detail('EL1');
    const drawNo = g.game.currentDraw?.drawNo ?? '';
    const before = await balance(tok);
    const bets = [
      { betType: 'lo2' as const, numbers: ['07', '42'], stake: 10 * M },
      { betType: 'de' as const, numbers: ['13'], stake: 5 * M },
      { betType: 'xien2' as const, numbers: ['42', '07'], stake: 20 * M },
    ];
    // lô 2 on the north structure: 10 M × 27 per number; đề 5 M; xiên 2 charged once.
    const total = 2 * 10 * M * 27 + 5 * M + 20 * M;
    const wrong = await place(tok, { gameCode: 'EL1', drawNo, bets, totalAmount: total - 1 });
    expect(wrong.body.code).toBe('slip_total_changed');
    expect(await balance(tok)).toBe(before);

    const requestId = crypto.randomUUID();
    const placed = await place(tok, { gameCode: 'EL1', drawNo, bets, totalAmount: total, requestId });
    expect(placed.body.code).toBe('ok');
    expect(placed.body.value.tickets.map((x) => x.amount)).toEqual([540 * M, 5 * M, 20 * M]);
    expect(placed.body.value.tickets[2]?.numbers).toEqual(['07', '42']);
    expect(placed.body.value.balance).toBe(before - total);
    // A retry of the same request answers the same tickets and moves nothing.
    const again = await place(tok, { gameCode: 'EL1', drawNo, bets, totalAmount: total, requestId });
    expect(again.body.value.tickets.map((x) => x.ticketId)).toEqual(placed.body.value.tickets.map((x) => x.ticketId));
    expect(await balance(tok)).toBe(before - total);

    const committed = await drawRow('EL1', drawNo);
    await passTime('EL1', drawNo);
    await t.scheduler.tick(new Date());
    const drawn = await drawRow('EL1', drawNo);
    expect(drawn.status).toBe('settled');
    expect(crypto.createHash('sha256').update(Buffer.from(drawn.seed ?? '', 'hex')).digest('hex')).toBe(committed.seed_hash);

    const index = indexResult('north', drawn.result ?? []);
    const expected = placed.body.value.tickets.map((x) => settleTicket(index, { betType: x.betType, numbers: x.numbers, stake: x.stake, oddsX1000: x.oddsX1000 }));
    const list = await api.call<{ list: games.TTicket[] }>(games.tickets, { gameCode: 'EL1' }, { token: tok });
    const mine = placed.body.value.tickets.map((p) => list.body.value.list.find((x) => x.ticketId === p.ticketId));
    expect(mine.map((x) => x?.payout)).toEqual(expected.map((e) => e.payout));
    expect(mine.map((x) => x?.hits)).toEqual(expected.map((e) => e.hits));
    expect(mine.map((x) => x?.status)).toEqual(expected.map((e) => (e.payout > 0 ? 'won' : 'lost')));
    const paid = expected.reduce((s, e) => s + e.payout, 0);
    expect(await balance(tok)).toBe(before - total + paid);

    // The results call shows the table and the seed; settling again (a rerun) pays nothing more.
    const results = await api.call<{ draws: games.TDrawResult[] }>(games.openedNumero, { gameCode: 'EL1' }, { token: tok });
    const shown = results.body.value.draws.find((d) => d.drawNo === drawNo);
    expect(shown).toMatchObject({ status: 'settled', seed: drawn.seed, seedHash: committed.seed_hash });
    expect(shown?.prizes.map((p) => p.prize)).toEqual(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    // The betting record lists each ticket as a settled LOTT round; its detail carries the draw and the seed.
    const record = await api.call<{ list: wallet.TBetRecord[] }>(wallet.bets, { category: 'LOTT', pageSize: 100 }, { token: tok });
    const first = placed.body.value.tickets[0];
    const row = record.body.value.list.find((r) => r.roundId === `L${first?.ticketId}`);
    expect(row).toMatchObject({ status: 'settled', gameId: 'EL1', vassalage: 'PH_ELOTT', betAmount: 540 * M, validBet: 540 * M, payout: expected[0]?.payout });
    const roundDetail = await api.call<{ detail: Record<string, unknown>; fairness: { serverSeed: string | null; serverSeedHash: string } }>(
      wallet.betDetail,
      { roundId: `L${first?.ticketId}` },
      { token: tok },
    );
    expect(roundDetail.body.value.detail).toMatchObject({ drawNo, betType: 'lo2', numbers: ['07', '42'] });
    expect(roundDetail.body.value.fairness).toMatchObject({ serverSeed: drawn.seed, serverSeedHash: committed.seed_hash });
    const other = await token('member02');
    expect((await api.call(wallet.betDetail, { roundId: `L${first?.ticketId}` }, { token: other })).status).toBe(404);

    const rerun = await api.ops({ kind: 'lottery.settle', game: 'EL1', drawNo });
    expect(rerun.message).toMatch(/0 ticket\(s\) settled/);
    expect(await balance(tok)).toBe(before - total + paid);
    await ledgerClean();

    // Bets after close are refused, and nothing moves.
    const closed = await place(tok, { gameCode: 'EL1', drawNo, bets: [{ betType: 'de', numbers: ['01'], stake: M }], totalAmount: M });
    expect(closed.body.code).toBe('betting_closed');
    expect(await balance(tok)).toBe(before - total + paid);
  });

  it('refuses unknown games and draws, wrong digit counts, bad combinations and stakes outside limits, moving nothing', async () => {
    const tok = await token();
    const g = await detail('EL3');
    const drawNo = g.game.currentDraw?.drawNo ?? '';
    const before = await balance(tok);
    const lo2 = g.betTypes.find((b) => b.code === 'lo2');
    const cases: [Parameters<typeof place>[1], string][] = [
      [{ gameCode: 'NOPE', drawNo, bets: [{ betType: 'de', numbers: ['01'], stake: M }], totalAmount: M }, 'not_found'],
      [{ gameCode: 'EL3', drawNo: '19990101-0001', bets: [{ betType: 'de', numbers: ['01'], stake: M }], totalAmount: M }, 'not_found'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'de', numbers: ['1'], stake: M }], totalAmount: M }, 'invalid_numbers'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'lo3', numbers: ['12'], stake: M }], totalAmount: 23 * M }, 'invalid_numbers'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'xien3', numbers: ['01', '02'], stake: M }], totalAmount: M }, 'invalid_numbers'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'de', numbers: ['05', '05'], stake: M }], totalAmount: 2 * M }, 'invalid_numbers'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'sea2Top', numbers: ['05'], stake: M }], totalAmount: M }, 'invalid_numbers'],
      // The smallest stake is the currency's (1,000 ₫), one minor unit less is refused.
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'lo2', numbers: ['05'], stake: M - 1 }], totalAmount: (M - 1) * 27 }, 'amount_out_of_range'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'lo2', numbers: ['05'], stake: (lo2?.maxStake ?? 0) + 1 }], totalAmount: ((lo2?.maxStake ?? 0) + 1) * 27 }, 'amount_out_of_range'],
      [{ gameCode: 'EL3', drawNo, bets: [{ betType: 'de', numbers: ['05'], stake: 10 ** 11 }], totalAmount: 10 ** 11 }, 'amount_out_of_range'],
    ];
    for (const [body, code] of cases) expect((await place(tok, body)).body.code, JSON.stringify(body.bets)).toBe(code);
    // More than the wallet holds.
    const poor = await token('member03');
    const poorBalance = await balance(poor);
    // lô 2 on all 100 numbers at a stake (at least the smallest) that makes the slip more than the wallet holds.
    const all = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const stake = Math.max(M, Math.ceil((poorBalance + 1) / 2_700));
    expect(stake).toBeLessThanOrEqual(lo2?.maxStake ?? 0);
    expect((await place(poor, { gameCode: 'EL3', drawNo, bets: [{ betType: 'lo2', numbers: all, stake }], totalAmount: stake * 2_700 })).body.code).toBe('insufficient_balance');
    expect((await api.call(games.placeBets, { requestId: crypto.randomUUID(), gameCode: 'EL3', drawNo, bets: [{ betType: 'de', numbers: ['05'], stake: M }], totalAmount: M })).status).toBe(401);
    expect(await balance(tok)).toBe(before);
    expect(await balance(poor)).toBe(poorBalance);
    const open = await api.call<{ total: number }>(games.tickets, { gameCode: 'EL3' }, { token: tok });
    expect(open.body.value.total).toBe(0);
  });

  it('an operator-sourced draw stays pending until its result is entered; a voided draw refunds and refuses bets', async () => {
    const tok = await token('member02');
    const source = await api.ops({ kind: 'lottery.source', game: 'EL5', source: 'operator' });
    expect(source.ok).toBe(true);
    // Draws made from now on have no seed: the next one not yet made.
    await db().execute(sql`delete from lottery_draws d where game_code = 'EL5' and not exists (select 1 from lottery_tickets t where t.draw_id = d.id)`);
    await t.scheduler.tick(new Date(Date.now() + 20 * 60_000));
    const g = await detail('EL5');
    const drawNo = g.game.currentDraw?.drawNo ?? '';
    expect(g.game.currentDraw?.seedHash).toBeNull();
    const before = await balance(tok);
    const placed = await place(tok, { gameCode: 'EL5', drawNo, bets: [{ betType: 'de', numbers: ['45'], stake: 10 * M }, { betType: 'lo2', numbers: ['45'], stake: M }], totalAmount: 10 * M + 27 * M });
    expect(placed.body.code).toBe('ok');
    await passTime('EL5', drawNo);
    await t.scheduler.tick(new Date());
    const results = await api.call<{ draws: games.TDrawResult[] }>(games.openedNumero, { gameCode: 'EL5' }, { token: tok });
    expect(results.body.value.draws.find((d) => d.drawNo === drawNo)).toMatchObject({ status: 'closed', prizes: [] });
    const pending = await api.call<{ list: games.TTicket[] }>(games.tickets, { gameCode: 'EL5', status: 'open' }, { token: tok });
    expect(pending.body.value.list).toHaveLength(2);

    // A wrong table is refused; the right one settles: đề 45 wins with the special prize ending in 45.
    await expect(api.ops({ kind: 'lottery.result', game: 'EL5', drawNo, prizes: { DB: ['12345'] } })).rejects.toThrow(/G1 needs 1 number/);
    const table = { DB: ['12345'], G1: ['00001'], G2: ['00002', '00003'], G3: ['00004', '00005', '00006', '00007', '00008', '00009'], G4: ['0010', '0011', '0012', '0013'], G5: ['0014', '0015', '0016', '0017', '0018', '0019'], G6: ['020', '021', '022'], G7: ['23', '24', '25', '26'] };
    const entered = await api.ops({ kind: 'lottery.result', game: 'EL5', drawNo, prizes: table });
    expect(entered.message).toMatch(/2 ticket\(s\) settled, 2 won/);
    // đề 45: 95 × its stake of 10 M; lô 45 hits once (the special): 99 × its stake of M.
    expect(await balance(tok)).toBe(before - 37 * M + 950 * M + 99 * M);

    // Void the next draw with a ticket on it: the ticket is refunded, new bets are refused.
    await t.scheduler.tick(new Date());
    const next = (await detail('EL5')).game.currentDraw?.drawNo ?? '';
    const mid = await balance(tok);
    const second = await place(tok, { gameCode: 'EL5', drawNo: next, bets: [{ betType: 'de', numbers: ['11'], stake: 7 * M }], totalAmount: 7 * M });
    expect(second.body.code).toBe('ok');
    const voided = await api.ops({ kind: 'lottery.void', game: 'EL5', drawNo: next, reason: 'test' });
    expect(voided.message).toMatch(/1 ticket\(s\) refunded/);
    expect(await balance(tok)).toBe(mid);
    const refused = await place(tok, { gameCode: 'EL5', drawNo: next, bets: [{ betType: 'de', numbers: ['11'], stake: 7 * M }], totalAmount: 7 * M });
    expect(refused.body.code).toBe('draw_void');
    expect(await balance(tok)).toBe(mid);
    const voidTicket = await api.call<{ list: games.TTicket[] }>(games.tickets, { gameCode: 'EL5', status: 'void' }, { token: tok });
    expect(voidTicket.body.value.list[0]).toMatchObject({ status: 'void', payout: 7 * M });
    await ledgerClean();
    await api.ops({ kind: 'lottery.source', game: 'EL5', source: 'house' });
  });
});

describe('settlement by two workers at once', () => {
  it('two settlements of one draw running together, in chunks of different sizes, and a rerun pay each winning ticket once', async () => {
    const players = await Promise.all(['member01', 'member02', 'member03'].map((u) => token(u)));
    // Fifty lô bets at the smallest stake each cost more than the demo balance.
    for (const username of ['member01', 'member02', 'member03']) await api.ops({ kind: 'wallet.adjust', username, amount: 50 * M * 27, reason: 'test stakes', requestId: null });
    await t.scheduler.tick(new Date());
    const drawNo = (await detail('EL3')).game.currentDraw?.drawNo ?? '';
    const before = await Promise.all(players.map(balance));
    // lô 2 on every ending (one ticket each, the third player again on 00–49): about a quarter of them win.
    const placed: { player: number; ticket: games.TTicket }[] = [];
    for (const [player, tok] of players.entries()) {
      const bets = Array.from({ length: 50 }, (_, k) => ({ betType: 'lo2' as const, numbers: [String(((player % 2) * 50 + k) % 100).padStart(2, '0')], stake: M }));
      const res = await place(tok, { gameCode: 'EL3', drawNo, bets, totalAmount: 50 * M * 27 });
      expect(res.body.code).toBe('ok');
      for (const ticket of res.body.value.tickets) placed.push({ player, ticket });
    }
    // Drawn without its settlement job, so that only the two settlements below touch it.
    const draw = await drawRow('EL3', drawNo);
    await passTime('EL3', drawNo);
    const result = drawFromSeed('north', draw.seed ?? '');
    await db().execute(sql`update lottery_draws set status = 'drawn', result = ${JSON.stringify(result)}::jsonb, drawn_at = now() where id = ${draw.id}`);

    // The other worker has its own connections on PostgreSQL (as another process would); PGlite has one database.
    const other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null }) : null;
    const mine = createSettlement({ db: db(), merchantId: async () => t.merchantId });
    const theirs = createSettlement({ db: other?.db ?? db(), merchantId: async () => t.merchantId });
    const now = new Date();
    const drawId = Number(draw.id);
    const runs = await Promise.all([mine.settle(drawId, now, { batch: 7, concurrency: 3 }), theirs.settle(drawId, now, { batch: 5, concurrency: 2 })]);
    await other?.close();
    expect(runs.reduce((s, r) => s + r.tickets, 0)).toBe(placed.length);
    expect(runs.some((r) => r.done)).toBe(true);
    expect((await mine.settle(drawId, new Date())).tickets).toBe(0);

    const index = indexResult('north', result);
    const paid = [0, 0, 0];
    let winners = 0;
    for (const { player, ticket } of placed) {
      const { payout } = settleTicket(index, { betType: ticket.betType, numbers: ticket.numbers, stake: ticket.stake, oddsX1000: ticket.oddsX1000 });
      paid[player] = (paid[player] ?? 0) + payout;
      if (payout > 0) winners++;
    }
    expect(runs.reduce((s, r) => s + r.winners, 0)).toBe(winners);
    const [entries] = rows<{ n: string | number }>(await db().execute(sql`select count(*) as n from journal_entries where key like ${`lottery:${drawId}:%`}`));
    expect(Number(entries?.n)).toBe(winners);
    const after = await Promise.all(players.map(balance));
    after.forEach((end, i) => expect(end).toBe((before[i] ?? 0) - 50 * M * 27 + (paid[i] ?? 0)));
    expect((await drawRow('EL3', drawNo)).status).toBe('settled');
    await ledgerClean();
  });
});

describe('property: many random draws and tickets', () => {
  it('pays in total exactly the sum of each ticket judged alone, and the ledger check stays clean', async () => {
    const rand = (n: number) => crypto.randomInt(n);
    const pick = (digits: number) => String(rand(10 ** digits)).padStart(digits, '0');
    const distinct = (count: number, digits: number) => {
      const set = new Set<string>();
      while (set.size < count) set.add(pick(digits));
      return [...set];
    };
    const TYPES: [TLotteryBetType, () => string[]][] = [
      ['lo2', () => distinct(1 + rand(5), 2)],
      ['lo3', () => distinct(1 + rand(3), 3)],
      ['lo4', () => distinct(1, 4)],
      ['de', () => distinct(1 + rand(10), 2)],
      ['deHead', () => distinct(1 + rand(3), 1)],
      ['deTail', () => distinct(1 + rand(3), 1)],
      ['deFirst', () => distinct(1 + rand(5), 2)],
      ['threeCang', () => distinct(1 + rand(3), 3)],
      ['xien2', () => distinct(2, 2)],
      ['xien3', () => distinct(3, 2)],
      ['xien4', () => distinct(4, 2)],
      ['loTruot4', () => distinct(4, 2)],
      ['loTruot8', () => distinct(8, 2)],
      ['loTruot10', () => distinct(10, 2)],
    ];
    const players = await Promise.all(['member01', 'member02', 'member03'].map((u) => token(u)));
    // A thousand bets of 1 to 10 smallest stakes each: enough money for them.
    for (const username of ['member01', 'member02', 'member03']) await api.ops({ kind: 'wallet.adjust', username, amount: 100_000 * M, reason: 'test stakes', requestId: null });
    const startBalances = await Promise.all(players.map(balance));
    await t.scheduler.tick(new Date());
    const menu = await api.call<{ games: games.TLottoGame[] }>(games.lottoMenu, { prizeMode: 'Elott' });
    expect(menu.body.code).toBe('ok');
    // The next ten open draws of the 1-minute game, each a fresh seed.
    const draws = rows<{ draw_no: string }>(
      await db().execute(sql`select draw_no from lottery_draws where game_code = 'EL1' and status = 'open' and close_at > now() order by draw_at limit 10`),
    ).map((r) => r.draw_no);
    expect(draws.length).toBe(10);
    const g = await detail('EL1');
    const cfg = new Map(g.betTypes.map((b) => [b.code, b]));
    const placed: { player: number; ticket: games.TTicket }[] = [];
    const charged = [0, 0, 0];
    for (const drawNo of draws) {
      for (let slip = 0; slip < 3; slip++) {
        const player = slip % players.length;
        const bets = Array.from({ length: 100 }, () => {
          const [betType, numbers] = TYPES[rand(TYPES.length)] as [TLotteryBetType, () => string[]];
          return { betType, numbers: numbers(), stake: M * (1 + rand(10)) };
        });
        const total = bets.reduce((s, b) => {
          const c = cfg.get(b.betType);
          return s + b.stake * (c?.chargeMultiplier ?? 1) * (b.betType.startsWith('xien') || b.betType.startsWith('loTruot') ? 1 : b.numbers.length);
        }, 0);
        const res = await place(players[player] ?? '', { gameCode: 'EL1', drawNo, bets, totalAmount: total });
        expect(res.body.code).toBe('ok');
        charged[player] = (charged[player] ?? 0) + total;
        for (const ticket of res.body.value.tickets) placed.push({ player, ticket });
      }
    }
    expect(placed.length).toBe(3_000);
    for (const drawNo of draws) await passTime('EL1', drawNo);
    await t.scheduler.tick(new Date());
    await t.scheduler.tick(new Date());

    const results = new Map<string, ReturnType<typeof indexResult>>();
    for (const drawNo of draws) {
      const d = await drawRow('EL1', drawNo);
      expect(d.status).toBe('settled');
      results.set(drawNo, indexResult('north', d.result ?? []));
    }
    const settled = new Map(
      rows<{ id: string | number; payout: string | number; hits: number; status: string }>(
        await db().execute(sql`select id, payout, hits, status from lottery_tickets where id in (${sql.join(placed.map((p) => sql`${p.ticket.ticketId}`), sql`, `)})`),
      ).map((r) => [Number(r.id), r]),
    );
    const paid = [0, 0, 0];
    let expectedTotal = 0;
    let actualTotal = 0;
    for (const { player, ticket } of placed) {
      const alone = settleTicket(results.get(ticket.drawNo) as ReturnType<typeof indexResult>, { betType: ticket.betType, numbers: ticket.numbers, stake: ticket.stake, oddsX1000: ticket.oddsX1000 });
      const row = settled.get(ticket.ticketId);
      expect(Number(row?.payout), `ticket ${ticket.ticketId}`).toBe(alone.payout);
      expect(row?.hits).toBe(alone.hits);
      expectedTotal += alone.payout;
      actualTotal += Number(row?.payout);
      paid[player] = (paid[player] ?? 0) + alone.payout;
    }
    expect(actualTotal).toBe(expectedTotal);
    // One payout entry per winning ticket, under its settlement key.
    const winners = placed.filter(({ ticket }) => Number(settled.get(ticket.ticketId)?.payout) > 0).length;
    const [entries] = rows<{ n: string | number }>(
      await db().execute(sql`select count(*) as n from journal_entries e join lottery_draws d on e.key like 'lottery:' || d.id || ':%'
        where d.game_code = 'EL1' and d.draw_no in (${sql.join(draws.map((d) => sql`${d}`), sql`, `)})`),
    );
    expect(Number(entries?.n)).toBe(winners);
    const ends = await Promise.all(players.map(balance));
    ends.forEach((end, i) => expect(end).toBe((startBalances[i] ?? 0) - (charged[i] ?? 0) + (paid[i] ?? 0)));
    await ledgerClean();
    process.stdout.write(`property: ${placed.length} tickets over ${draws.length} draws; charged ${charged.reduce((a, b) => a + b, 0)}, paid ${actualTotal} (= the sum of each ticket alone)\n`);
  }, 300_000);
});

