import { and, asc, count, desc, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import { gameRounds, sportsBetLegs, sportsBets, sportsFixtures, sportsMarkets } from '../../db/schema.ts';
import { HOUSE_SHARDS } from '../ledger/ledger.service.ts';
import type { TSeamlessAnswer } from '../seamless/seamless.service.ts';
import type { TSport } from '../sportsbook-engine/markets.ts';

export type TFixtureRow = typeof sportsFixtures.$inferSelect;
export type TMarketRow = typeof sportsMarkets.$inferSelect;
export type TBetRow = typeof sportsBets.$inferSelect;
export type TLegRow = typeof sportsBetLegs.$inferSelect & {
  home: string;
  away: string;
  league: string;
  kickoffAt: Date;
  fixtureState: TFixtureRow['state'];
  resultHome: number | null;
  resultAway: number | null;
};

/** A market of a slip's leg with its fixture, as read (and share-locked) while a bet is placed. */
export interface TSlipMarket {
  marketId: number;
  kind: string;
  line: number;
  odds: Record<string, number>;
  suspended: boolean;
  maxStake: number | null;
  fixtureId: number;
  sport: TSport;
  state: TFixtureRow['state'];
  kickoffAt: Date;
  home: string;
  away: string;
  league: string;
}

/** Fixtures that kick off this long before now and are not resulted yet are still "from now on" (in play, awaiting a result). */
const IN_PLAY_MS = 3 * 60 * 60 * 1000;
/** Results are counted up to this many: enough pages for anyone looking back. */
const RESULTS_COUNTED = 10_000;
/** The most fixtures one answer of the fixtures list holds. */
const FIXTURES_CAP = 300;

/** SQL of the house books' page API and of placing a bet (issue 20). */
export function createSportsbookRepository() {
  return {
    /** A day of the site's time zone (any state), or, without a day, what is not resulted yet from a little before now on. */
    async fixtures(tx: TTx, merchantId: number, sport: TSport, when: { day: string; timeZone: string } | { now: Date }): Promise<TFixtureRow[]> {
      const where: SQL[] = [eq(sportsFixtures.merchantId, merchantId), eq(sportsFixtures.sport, sport)];
      if ('day' in when) {
        // The day's bounds in the zone, so the kick-off index serves the range.
        where.push(
          sql`${sportsFixtures.kickoffAt} >= (${when.day}::date::timestamp at time zone ${when.timeZone})`,
          sql`${sportsFixtures.kickoffAt} < ((${when.day}::date + 1)::timestamp at time zone ${when.timeZone})`,
        );
      } else {
        where.push(gte(sportsFixtures.kickoffAt, new Date(when.now.getTime() - IN_PLAY_MS)), notInArray(sportsFixtures.state, ['resulted', 'void']));
      }
      return tx
        .select()
        .from(sportsFixtures)
        .where(and(...where))
        .orderBy(asc(sportsFixtures.kickoffAt), asc(sportsFixtures.id))
        .limit(FIXTURES_CAP);
    },

    /**
     * Resulted and void fixtures, the latest kick-off first: the kick-off index read backwards, so a book with a year of
     * virtual rounds does not sort them all for a page. The total is counted up to RESULTS_COUNTED (pages beyond it
     * are not offered).
     */
    async results(tx: TTx, merchantId: number, sport: TSport, page: number, pageSize: number): Promise<{ rows: TFixtureRow[]; total: number }> {
      const where = and(eq(sportsFixtures.merchantId, merchantId), eq(sportsFixtures.sport, sport), inArray(sportsFixtures.state, ['resulted', 'void']));
      const rows = await tx
        .select()
        .from(sportsFixtures)
        .where(where)
        .orderBy(desc(sportsFixtures.kickoffAt), desc(sportsFixtures.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const counted = tx.select({ one: sql`1` }).from(sportsFixtures).where(where).limit(RESULTS_COUNTED).as('counted');
      const [n] = await tx.select({ n: count() }).from(counted);
      return { rows, total: Number(n?.n ?? 0) };
    },

    async marketsOf(tx: TTx, fixtureIds: readonly number[]): Promise<TMarketRow[]> {
      if (fixtureIds.length === 0) return [];
      return tx
        .select()
        .from(sportsMarkets)
        .where(inArray(sportsMarkets.fixtureId, [...fixtureIds]))
        .orderBy(asc(sportsMarkets.fixtureId), asc(sportsMarkets.sort), asc(sportsMarkets.id));
    },

    /**
     * The markets of a slip with their fixtures, share-locked until the bet's transaction ends: an operator's
     * suspend, close or price move waits for the bet, or the bet sees it.
     */
    async lockSlipMarkets(tx: TTx, merchantId: number, marketIds: readonly number[]): Promise<TSlipMarket[]> {
      const rows = rowsOf<{
        market_id: string; kind: string; line: number; odds: Record<string, number>; suspended: boolean; max_stake: string | null;
        fixture_id: string; sport: TSport; state: TFixtureRow['state']; kickoff_at: string | Date; home_team: string; away_team: string; league_name: string;
      }>(
        await tx.execute(sql`
          select m.id as market_id, m.kind, m.line, m.odds, m.suspended, m.max_stake,
                 f.id as fixture_id, f.sport, f.state, f.kickoff_at, f.home_team, f.away_team, f.league_name
          from sports_markets m join sports_fixtures f on f.id = m.fixture_id
          where m.id = any(${`{${marketIds.join(',')}}`}::bigint[]) and f.merchant_id = ${merchantId}
          order by m.id
          for share of m, f`),
      );
      return rows.map((r) => ({
        marketId: Number(r.market_id),
        kind: r.kind,
        line: r.line,
        odds: r.odds,
        suspended: r.suspended,
        maxStake: r.max_stake === null ? null : Number(r.max_stake),
        fixtureId: Number(r.fixture_id),
        sport: r.sport,
        state: r.state,
        kickoffAt: new Date(r.kickoff_at),
        home: r.home_team,
        away: r.away_team,
        league: r.league_name,
      }));
    },

    async betByClientRef(tx: TTx, userId: number, clientRef: string): Promise<TBetRow | null> {
      const [row] = await tx.select().from(sportsBets).where(and(eq(sportsBets.userId, userId), eq(sportsBets.clientRef, clientRef)));
      return row ?? null;
    },

    /** The bet, or null when the member already has one of this slip (a twin committed first; it waited for it). */
    async insertBet(tx: TTx, row: typeof sportsBets.$inferInsert): Promise<TBetRow | null> {
      const [bet] = await tx.insert(sportsBets).values(row).onConflictDoNothing({ target: [sportsBets.userId, sportsBets.clientRef] }).returning();
      return bet ?? null;
    },

    async insertLegs(tx: TTx, legs: (typeof sportsBetLegs.$inferInsert)[]): Promise<void> {
      await tx.insert(sportsBetLegs).values(legs);
    },

    async insertRound(tx: TTx, row: typeof gameRounds.$inferInsert): Promise<void> {
      await tx.insert(gameRounds).values(row);
    },

    /** The stake debited by `seamless_call` (migration 0026) inside the bet's transaction, under `<betId>:debit`. */
    async debit(tx: TTx, d: { merchantId: number; vassalage: string; betId: string; amount: number; tokenHash: string; at: Date }): Promise<TSeamlessAnswer> {
      const [row] = rowsOf<{ r: TSeamlessAnswer }>(
        await tx.execute(
          sql`select seamless_call(${d.merchantId}::int, ${d.vassalage}::text, 'debit', ${`${d.betId}:debit`}::text, ${d.betId}::text, ${d.amount}::bigint,
                                   ${d.tokenHash}::text, null::bigint, null::text, ${d.at.toISOString()}::timestamptz, ${HOUSE_SHARDS}::int) as r`,
        ),
      );
      if (!row) throw new Error(`sports bet ${d.betId}: the debit answered nothing`);
      return typeof row.r === 'string' ? (JSON.parse(row.r) as TSeamlessAnswer) : row.r;
    },

    /** The member's bets of one book, newest first, open or settled. */
    async bets(tx: TTx, userId: number, vassalage: string, status: 'open' | 'settled' | undefined, page: number, pageSize: number): Promise<{ rows: TBetRow[]; total: number }> {
      const where = and(eq(sportsBets.userId, userId), eq(sportsBets.vassalage, vassalage), status ? eq(sportsBets.status, status) : undefined);
      const rows = await tx
        .select()
        .from(sportsBets)
        .where(where)
        .orderBy(desc(sportsBets.placedAt), desc(sportsBets.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [n] = await tx.select({ n: count() }).from(sportsBets).where(where);
      return { rows, total: Number(n?.n ?? 0) };
    },

    /** One bet of the member (another member's id finds nothing). */
    async bet(tx: TTx, merchantId: number, userId: number, betId: string): Promise<TBetRow | null> {
      const [row] = await tx.select().from(sportsBets).where(and(eq(sportsBets.merchantId, merchantId), eq(sportsBets.betId, betId), eq(sportsBets.userId, userId)));
      return row ?? null;
    },

    /** The legs of these bets (row ids), with their fixtures as they are now. */
    async legsOf(tx: TTx, betRowIds: readonly number[]): Promise<TLegRow[]> {
      if (betRowIds.length === 0) return [];
      return tx
        .select({
          betId: sportsBetLegs.betId,
          legNo: sportsBetLegs.legNo,
          fixtureId: sportsBetLegs.fixtureId,
          marketId: sportsBetLegs.marketId,
          kind: sportsBetLegs.kind,
          line: sportsBetLegs.line,
          selection: sportsBetLegs.selection,
          odds: sportsBetLegs.odds,
          outcome: sportsBetLegs.outcome,
          resultVersion: sportsBetLegs.resultVersion,
          home: sportsFixtures.homeTeam,
          away: sportsFixtures.awayTeam,
          league: sportsFixtures.leagueName,
          kickoffAt: sportsFixtures.kickoffAt,
          fixtureState: sportsFixtures.state,
          resultHome: sportsFixtures.resultHome,
          resultAway: sportsFixtures.resultAway,
        })
        .from(sportsBetLegs)
        .innerJoin(sportsFixtures, eq(sportsFixtures.id, sportsBetLegs.fixtureId))
        .where(inArray(sportsBetLegs.betId, [...betRowIds]))
        .orderBy(asc(sportsBetLegs.betId), asc(sportsBetLegs.legNo));
    },
  };
}

export type TSportsbookRepository = ReturnType<typeof createSportsbookRepository>;
