import { and, count, desc, eq, getViewSelectedFields, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TBetRecord } from '@playhall/contract/calls/wallet';
import type { TGameCategory } from '@playhall/contract/categories';
import type { TDb, TTx } from '../../db/client.ts';
import { betRecords, fairSeeds, gameRounds, games, lotteryDraws, lotteryTickets, sportsBetLegs, sportsBets } from '../../db/schema.ts';
import { BOOK_VENDORS } from '../sportsbook/sportsbook.books.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TBetFiguresSource, TDayRange } from '../wallet/profit.service.ts';
import { gameNameFor } from './catalogue.service.ts';

const dayOf = (timeZone: string) => sql`(${betRecords.createdAt} at time zone ${timeZone})::date`;

function toRecord(r: Omit<typeof betRecords.$inferSelect, 'gameName'> | typeof gameRounds.$inferSelect, gameName: string): TBetRecord {
  return {
    roundId: r.roundId,
    time: r.createdAt.toISOString(),
    category: r.category as TGameCategory,
    vassalage: r.vassalage,
    gameId: r.gameId,
    gameName,
    betAmount: r.betAmount,
    validBet: r.status === 'settled' ? r.validBet : 0,
    payout: r.payout,
    winLoss: r.status === 'settled' ? r.payout - r.betAmount : 0,
    status: r.status,
  };
}

/**
 * The betting record (personalHistoryCopy) and the bet side of personal profit, from the rounds of every game. A
 * catalogue game is named in the reader's language (issue 23); a lottery game by its name.
 */
export function createBetsService(deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }) {
  const { db } = deps;

  const figures = (kind: 'day' | 'category', userId: number, range: TDayRange, tx: TTx) => {
    const key = kind === 'day' ? sql<string>`to_char(${dayOf(range.timeZone)}, 'YYYY-MM-DD')` : sql<string>`${betRecords.category}`;
    return tx
      .select({
        key,
        betAmount: sql<string>`coalesce(sum(${betRecords.betAmount}), 0)`,
        validBet: sql<string>`coalesce(sum(${betRecords.validBet}), 0)`,
        payout: sql<string>`coalesce(sum(${betRecords.payout}), 0)`,
      })
      .from(betRecords)
      .where(
        and(
          eq(betRecords.userId, userId),
          eq(betRecords.status, 'settled'),
          gte(dayOf(range.timeZone), sql`${range.from}::date`),
          lte(dayOf(range.timeZone), sql`${range.to}::date`),
        ),
      )
      // By position: the time zone is a bound parameter, so the expression text differs from the select's.
      .groupBy(sql`1`);
  };

  const source: TBetFiguresSource = {
    async byDay(tx, userId, range) {
      const rows = await figures('day', userId, range, tx);
      return rows.map((r) => ({ date: r.key, betAmount: Number(r.betAmount), validBet: Number(r.validBet), payout: Number(r.payout) }));
    },
    async byCategory(tx, userId, range) {
      const rows = await figures('category', userId, range, tx);
      return rows.map((r) => ({ category: r.key as TGameCategory, betAmount: Number(r.betAmount), validBet: Number(r.validBet), payout: Number(r.payout) }));
    },
  };

  /**
   * A lottery ticket as a betting-record round: the bet, its numbers and hits, the draw's result table, and
   * the draw's committed seed hash (the seed once drawn) as its fairness data.
   */
  async function lotteryDetail(userId: number, roundId: string) {
    const [row] = await db
      .select({ ticket: lotteryTickets, draw: lotteryDraws })
      .from(lotteryTickets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
      .where(and(eq(lotteryTickets.userId, userId), eq(lotteryTickets.id, Number(roundId.slice(1)))));
    const [record] = row ? await db.select().from(betRecords).where(and(eq(betRecords.userId, userId), eq(betRecords.roundId, roundId))) : [];
    if (!row || !record) throw new AppError('not_found', { roundId }, 'No such round');
    const drawn = row.draw.status === 'drawn' || row.draw.status === 'settled';
    return {
      ...toRecord(record, record.gameName),
      detail: {
        drawNo: row.draw.drawNo,
        betType: row.ticket.betType,
        numbers: row.ticket.numbers,
        stakePerNumber: row.ticket.stake,
        odds: row.ticket.oddsX1000 / 1000,
        hits: row.ticket.hits,
        ticketStatus: row.ticket.status,
        result: drawn ? row.draw.result : null,
      },
      fairness: row.draw.seedHash
        ? { serverSeedHash: row.draw.seedHash, serverSeed: drawn ? row.draw.seed : null, clientSeed: `${row.draw.gameCode}:${row.draw.drawNo}`, nonce: 0 }
        : null,
      houseGame: null,
    };
  }

  /**
   * A sports bet's legs as placed (its round's detail), each with its outcome as it stands now: settlement and a
   * corrected result write the outcome to `sports_bet_legs`, so the record reads it there, never a stale copy.
   */
  async function withLegOutcomes(merchantId: number, betId: string, detail: Record<string, unknown>) {
    const rows = await db
      .select({ legNo: sportsBetLegs.legNo, outcome: sportsBetLegs.outcome })
      .from(sportsBetLegs)
      .innerJoin(sportsBets, eq(sportsBets.id, sportsBetLegs.betId))
      .where(and(eq(sportsBets.merchantId, merchantId), eq(sportsBets.betId, betId)));
    const outcomeOf = new Map(rows.map((r) => [r.legNo, r.outcome]));
    const legs = Array.isArray(detail.legs) ? (detail.legs as Record<string, unknown>[]) : [];
    return { ...detail, legs: legs.map((leg) => ({ ...leg, outcome: outcomeOf.get(Number(leg.legNo)) ?? null })) };
  }

  return {
    figures: source,

    async list(userId: number, q: { category?: string; vassalage?: string; from?: string; to?: string; page: number; pageSize: number }, reader: TReader) {
      const { timeZone } = (await deps.site.get()).merchant;
      const where: SQL[] = [eq(betRecords.userId, userId)];
      if (q.category) where.push(eq(betRecords.category, q.category));
      if (q.vassalage) where.push(eq(betRecords.vassalage, q.vassalage));
      if (q.from) where.push(gte(dayOf(timeZone), sql`${q.from}::date`));
      if (q.to) where.push(lte(dayOf(timeZone), sql`${q.to}::date`));
      const rows = await db
        .select({ ...getViewSelectedFields(betRecords), gameTexts: games.texts })
        .from(betRecords)
        // The game's names in other languages: a round's game by its unique key (a lottery ticket is no catalogue game).
        .leftJoin(
          games,
          and(eq(games.merchantId, betRecords.merchantId), eq(games.vassalage, betRecords.vassalage), eq(games.gameId, betRecords.gameId), ne(betRecords.category, 'LOTT')),
        )
        .where(and(...where))
        .orderBy(desc(betRecords.createdAt), desc(betRecords.sourceId))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [agg] = await db
        .select({
          n: count(),
          betAmount: sql<string>`coalesce(sum(${betRecords.betAmount}) filter (where ${betRecords.status} <> 'void'), 0)`,
          validBet: sql<string>`coalesce(sum(${betRecords.validBet}) filter (where ${betRecords.status} = 'settled'), 0)`,
          winLoss: sql<string>`coalesce(sum(${betRecords.payout} - ${betRecords.betAmount}) filter (where ${betRecords.status} = 'settled'), 0)`,
        })
        .from(betRecords)
        .where(and(...where));
      return {
        list: rows.map((r) => toRecord(r, gameNameFor({ name: r.gameName, texts: r.gameTexts }, reader))),
        total: Number(agg?.n ?? 0),
        page: q.page,
        pageSize: q.pageSize,
        totals: { betAmount: Number(agg?.betAmount ?? 0), validBet: Number(agg?.validBet ?? 0), winLoss: Number(agg?.winLoss ?? 0) },
      };
    },

    /** One round with the game's own record and its provably-fair data (the seed once revealed). */
    async detail(userId: number, roundId: string, reader: TReader) {
      const [row] = await db
        .select({ round: gameRounds, game: { name: games.name, texts: games.texts }, houseGame: games.houseGame, seed: fairSeeds })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameRowId))
        .leftJoin(fairSeeds, eq(fairSeeds.id, gameRounds.fairSeedId))
        .where(and(eq(gameRounds.userId, userId), eq(gameRounds.roundId, roundId)));
      if (!row) {
        if (/^L[0-9]{1,18}$/.test(roundId)) return lotteryDetail(userId, roundId);
        throw new AppError('not_found', { roundId }, 'No such round');
      }
      return {
        ...toRecord(row.round, gameNameFor(row.game, reader)),
        detail: BOOK_VENDORS.includes(row.round.vassalage) ? await withLegOutcomes(row.round.merchantId, row.round.roundId, row.round.detail) : row.round.detail,
        fairness: row.seed
          ? {
              serverSeedHash: row.seed.serverSeedHash,
              serverSeed: row.seed.revealedAt ? row.seed.serverSeed : null,
              clientSeed: row.seed.clientSeed,
              nonce: row.round.nonce ?? 0,
            }
          : null,
        houseGame: row.houseGame,
      };
    },
  };
}

export type TBetsService = ReturnType<typeof createBetsService>;
