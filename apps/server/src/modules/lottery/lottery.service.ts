import { and, count, desc, eq, gt, gte, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import {
  lotteryBetAmount,
  type TDrawResult,
  type TLotteryBetType,
  type TLottoGame,
  type TPrizeMode as TContractPrizeMode,
  type TTicket,
} from '@playhall/contract/calls/games';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TDb } from '../../db/client.ts';
import { lotteryDraws, lotteryGames, lotteryTickets } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { BET_NAMES, BET_RULES, chargeMultiplier, normaliseNumbers, type TStructure } from '../lottery-engine/index.ts';
import type { TDrawKeeper } from './lottery.draws.ts';
import { assertRgAllows } from '../responsible/rg-guard.ts';

type TGame = typeof lotteryGames.$inferSelect;
type TDraw = typeof lotteryDraws.$inferSelect;

/** Draws counted by the opened-numbers call. */
const OPENED_DRAWS = 30;

export function drawStatus(draw: TDraw, now: Date): TDrawResult['status'] {
  if (draw.status === 'open') return draw.closeAt.getTime() > now.getTime() ? 'open' : 'closed';
  return draw.status;
}

export function toDrawResult(draw: TDraw, now: Date): TDrawResult {
  const drawn = draw.status === 'drawn' || draw.status === 'settled' || (draw.status === 'void' && draw.result !== null);
  return {
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    drawAt: draw.drawAt.toISOString(),
    status: drawStatus(draw, now),
    prizes: drawn ? (draw.result ?? []) : [],
    seedHash: draw.seedHash,
    // The seed only once the draw is made: before, it would tell the result.
    seed: drawn ? draw.seed : null,
  };
}

function toTicket(t: typeof lotteryTickets.$inferSelect): TTicket {
  return {
    ticketId: t.id,
    gameCode: t.gameCode,
    drawNo: t.drawNo,
    betType: t.betType as TLotteryBetType,
    numbers: t.numbers,
    stake: t.stake,
    amount: t.amount,
    oddsX1000: t.oddsX1000,
    status: t.status,
    hits: t.hits,
    payout: t.payout,
    createdAt: t.createdAt.toISOString(),
    settledAt: t.settledAt?.toISOString() ?? null,
  };
}

export interface TPlaceInput {
  requestId: string;
  gameCode: string;
  drawNo: string;
  bets: { betType: TLotteryBetType; numbers: string[]; stake: number }[];
  totalAmount: number;
}

/** The lottery calls: games and their draws, results, opened numbers, betting and the member's tickets. */
export function createLotteryService(deps: { db: TDb; merchantId: () => Promise<number>; timeZone: () => Promise<string>; draws: TDrawKeeper; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const ledgerRepo = createLedgerRepository();
  const ledger = createLedger({ repo: ledgerRepo });

  async function gameByCode(merchantId: number, gameCode: string): Promise<TGame> {
    const [game] = await db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.gameCode, gameCode), eq(lotteryGames.enabled, true)));
    if (!game) throw new AppError('not_found', { gameCode }, 'No such lottery game');
    return game;
  }

  /** The next draw still open for betting of each game. */
  async function currentDraws(gameIds: number[], at: Date): Promise<Map<number, TDraw>> {
    if (gameIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([lotteryDraws.gameRowId])
      .from(lotteryDraws)
      .where(and(inArray(lotteryDraws.gameRowId, gameIds), eq(lotteryDraws.status, 'open'), gt(lotteryDraws.closeAt, at)))
      .orderBy(lotteryDraws.gameRowId, lotteryDraws.closeAt);
    return new Map(rows.map((d) => [d.gameRowId, d]));
  }

  function toGame(game: TGame, draw: TDraw | undefined): TLottoGame {
    const schedule = game.schedule as { kind: string; seconds?: number };
    return {
      gameCode: game.gameCode,
      name: game.name,
      kind: game.kind,
      region: game.region,
      province: draw?.province ?? game.province,
      prizeMode: game.prizeMode,
      drawIntervalSeconds: schedule.kind === 'interval' ? (schedule.seconds ?? null) : null,
      currentDraw: draw ? { drawNo: draw.drawNo, closeAt: draw.closeAt.toISOString(), drawAt: draw.drawAt.toISOString(), seedHash: draw.seedHash } : null,
    };
  }

  async function gamesOut(games: TGame[]): Promise<TLottoGame[]> {
    const at = now();
    await deps.draws.ensureDraws(at);
    const draws = await currentDraws(games.map((g) => g.id), at);
    return games.map((g) => toGame(g, draws.get(g.id)));
  }

  return {
    async menu(input: { prizeMode?: TContractPrizeMode }) {
      const merchantId = await deps.merchantId();
      const where: SQL[] = [eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.enabled, true)];
      if (input.prizeMode) where.push(eq(lotteryGames.prizeMode, input.prizeMode));
      const games = await db.select().from(lotteryGames).where(and(...where)).orderBy(lotteryGames.sort);
      return { games: await gamesOut(games) };
    },

    /** The games the member bet on lately, newest first. */
    async recent(userId: number, input: { limit: number }) {
      const merchantId = await deps.merchantId();
      const rows = await db
        .select({ gameCode: lotteryTickets.gameCode, last: max(lotteryTickets.createdAt) })
        .from(lotteryTickets)
        .where(eq(lotteryTickets.userId, userId))
        .groupBy(lotteryTickets.gameCode)
        .orderBy(desc(max(lotteryTickets.createdAt)))
        .limit(input.limit);
      if (rows.length === 0) return { games: [] };
      const games = await db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), inArray(lotteryGames.gameCode, rows.map((r) => r.gameCode))));
      const byCode = new Map(games.map((g) => [g.gameCode, g]));
      return { games: await gamesOut(rows.map((r) => byCode.get(r.gameCode)).filter((g): g is TGame => g !== undefined)) };
    },

    /** How often each 2-digit ending came up in the last draws (of one game, or of every game of a prize mode). */
    async openedNumbers(input: { count: number; gameCode?: string; prizeMode?: TContractPrizeMode }) {
      const merchantId = await deps.merchantId();
      const where: SQL[] = [eq(lotteryDraws.merchantId, merchantId), inArray(lotteryDraws.status, ['drawn', 'settled'])];
      if (input.gameCode) where.push(eq(lotteryDraws.gameRowId, (await gameByCode(merchantId, input.gameCode)).id));
      else if (input.prizeMode) where.push(eq(lotteryGames.prizeMode, input.prizeMode));
      const draws = await db
        .select({ result: lotteryDraws.result })
        .from(lotteryDraws)
        .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameRowId))
        .where(and(...where))
        .orderBy(desc(lotteryDraws.drawAt))
        .limit(OPENED_DRAWS);
      const hits = new Array<number>(100).fill(0);
      for (const d of draws) for (const row of d.result ?? []) for (const n of row.numbers) if (n.length >= 2) { const i = Number(n.slice(-2)); hits[i] = (hits[i] ?? 0) + 1; }
      const numbers = hits.map((h, i) => ({ number: String(i).padStart(2, '0'), hits: h }));
      // Popular: the most frequent first (ties by number); all 100 in board order.
      const list = input.count === 100 ? numbers : [...numbers].sort((a, b) => b.hits - a.hits || a.number.localeCompare(b.number)).slice(0, input.count);
      return { draws: draws.length, numbers: list };
    },

    /** A game's latest draws, newest first: drawn ones with their table, past ones still awaiting a result as closed. */
    async results(input: { gameCode: string; limit: number }) {
      const merchantId = await deps.merchantId();
      const game = await gameByCode(merchantId, input.gameCode);
      const at = now();
      const draws = await db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameRowId, game.id), lte(lotteryDraws.closeAt, at)))
        .orderBy(desc(lotteryDraws.drawAt))
        .limit(input.limit);
      return { draws: draws.map((d) => toDrawResult(d, at)) };
    },

    async game(input: { gameCode: string }) {
      const merchantId = await deps.merchantId();
      const game = await gameByCode(merchantId, input.gameCode);
      const [out] = await gamesOut([game]);
      const at = now();
      const [last] = await db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameRowId, game.id), inArray(lotteryDraws.status, ['drawn', 'settled'])))
        .orderBy(desc(lotteryDraws.drawAt))
        .limit(1);
      const structure = game.structure as TStructure;
      const betTypes = Object.entries(game.betTypes)
        .filter(([code]) => code in BET_RULES && BET_RULES[code as TLotteryBetType].structures.includes(structure))
        .map(([code, s]) => {
          const rule = BET_RULES[code as TLotteryBetType];
          return {
            code: code as TLotteryBetType,
            name: BET_NAMES[code as TLotteryBetType],
            digits: rule.digits,
            minNumbers: rule.minNumbers,
            maxNumbers: rule.maxNumbers,
            chargeMultiplier: chargeMultiplier(code as TLotteryBetType, structure),
            combo: rule.combo,
            oddsX1000: s.oddsX1000,
            minStake: s.minStake,
            maxStake: s.maxStake,
          };
        });
      if (!out) throw new Error('game vanished');
      return { game: out, betTypes, lastResult: last ? toDrawResult(last, at) : null, serverTime: at.toISOString() };
    },

    /**
     * Places a slip: every bet checked against the game's bet types, numbers and limits, the total against
     * what the slip showed, then one ledger entry per ticket (key `lottery-stake:<user>:<requestId>:<idx>`)
     * and the tickets, in one transaction under a share lock of the draw — a draw being drawn or voided
     * waits for it, and it sees the draw's state after. A repeated request id answers the first tickets.
     */
    async place(userId: number, input: TPlaceInput) {
      const merchantId = await deps.merchantId();
      const game = await gameByCode(merchantId, input.gameCode);
      const structure = game.structure as TStructure;
      const checked = input.bets.map((bet, i) => {
        const setting = game.betTypes[bet.betType];
        if (!setting || !BET_RULES[bet.betType].structures.includes(structure)) {
          throw new AppError('invalid_numbers', { bet: i, betType: bet.betType }, `${game.name} does not offer ${bet.betType}`);
        }
        const numbers = normaliseNumbers(bet.betType, structure, bet.numbers);
        if (!numbers.ok) throw new AppError('invalid_numbers', { bet: i, betType: bet.betType, reason: numbers.reason });
        if (bet.stake < setting.minStake || bet.stake > setting.maxStake) {
          throw new AppError('amount_out_of_range', { bet: i, min: setting.minStake, max: setting.maxStake });
        }
        const rule = { chargeMultiplier: chargeMultiplier(bet.betType, structure), combo: BET_RULES[bet.betType].combo };
        return { ...bet, numbers: numbers.numbers, amount: lotteryBetAmount(rule, numbers.numbers.length, bet.stake), oddsX1000: setting.oddsX1000 };
      });
      const total = checked.reduce((s, b) => s + b.amount, 0);

      return db.transaction(async (tx) => {
        const wallet = await ledgerRepo.walletAccount(tx, merchantId, userId, MAIN_WALLET);
        const replay = await tx
          .select()
          .from(lotteryTickets)
          .where(and(eq(lotteryTickets.userId, userId), eq(lotteryTickets.requestId, input.requestId)))
          .orderBy(lotteryTickets.idx);
        if (replay.length > 0) return { tickets: replay.map(toTicket), balance: wallet.balance };

        const [draw] = await tx
          .select()
          .from(lotteryDraws)
          .where(and(eq(lotteryDraws.gameRowId, game.id), eq(lotteryDraws.drawNo, input.drawNo)))
          .for('share');
        if (!draw) throw new AppError('not_found', { drawNo: input.drawNo }, 'No such draw');
        if (draw.status === 'void') throw new AppError('draw_void', { drawNo: draw.drawNo });
        // The server's clock decides, whatever the client's says.
        const [clock] = await tx.execute<{ now: string }>(sql`select clock_timestamp() as now`).then((r) => (Array.isArray(r) ? r : (r as { rows: { now: string }[] }).rows));
        const at = new Date(clock?.now ?? Date.now());
        if (draw.status !== 'open' || at.getTime() >= draw.closeAt.getTime()) throw new AppError('betting_closed', { drawNo: draw.drawNo, closeAt: draw.closeAt.toISOString() });
        if (total !== input.totalAmount) throw new AppError('slip_total_changed', { totalAmount: total });

        // Responsible gaming (issue 22): a break or a loss limit refuses the whole slip.
        await assertRgAllows(tx, userId, 'bet', total, at);
        const house = await ledgerRepo.houseAccount(tx, merchantId, 'game');
        for (const [i, b] of checked.entries()) {
          await ledger.post(tx, {
            merchantId,
            key: `lottery-stake:${userId}:${input.requestId}:${i}`,
            kind: 'bet',
            memo: `Lottery ${game.gameCode} ${draw.drawNo}`,
            postings: [
              { accountId: wallet.id, amount: -b.amount },
              { accountId: house, amount: b.amount },
            ],
          });
        }
        const rows = await tx
          .insert(lotteryTickets)
          .values(
            checked.map((b, idx) => ({
              merchantId,
              userId,
              drawId: draw.id,
              gameCode: game.gameCode,
              drawNo: draw.drawNo,
              betType: b.betType,
              numbers: b.numbers,
              stake: b.stake,
              amount: b.amount,
              oddsX1000: b.oddsX1000,
              requestId: input.requestId,
              idx,
            })),
          )
          .returning();
        const [after] = await ledgerRepo.accountsByIds(tx, [wallet.id]);
        return { tickets: rows.sort((a, b) => a.idx - b.idx).map(toTicket), balance: after?.balance ?? 0 };
      });
    },

    async tickets(userId: number, input: { gameCode?: string; status?: TTicket['status']; from?: string; to?: string; page: number; pageSize: number }) {
      const timeZone = await deps.timeZone();
      const day = sql`(${lotteryTickets.createdAt} at time zone ${timeZone})::date`;
      const where: SQL[] = [eq(lotteryTickets.userId, userId)];
      if (input.gameCode) where.push(eq(lotteryTickets.gameCode, input.gameCode));
      if (input.status) where.push(eq(lotteryTickets.status, input.status));
      if (input.from) where.push(gte(day, sql`${input.from}::date`));
      if (input.to) where.push(lte(day, sql`${input.to}::date`));
      const rows = await db
        .select()
        .from(lotteryTickets)
        .where(and(...where))
        .orderBy(desc(lotteryTickets.createdAt), desc(lotteryTickets.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      const [n] = await db.select({ n: count() }).from(lotteryTickets).where(and(...where));
      return { list: rows.map(toTicket), total: Number(n?.n ?? 0), page: input.page, pageSize: input.pageSize };
    },
  };
}

export type TLotteryService = ReturnType<typeof createLotteryService>;
