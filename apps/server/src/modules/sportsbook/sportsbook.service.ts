import crypto from 'node:crypto';
import type {
  TBookBet,
  TBookBets,
  TBookBetLeg,
  TBookFixture,
  TBookFixtures,
  TBookMarket,
  TBookMarketKind,
  TBookOutcome,
  TBookResults,
  TBookState,
  TOddsChanged,
  TPlaceBetRequest,
  TPlacedBet,
} from '@playhall/contract/sportsbook-api';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { gameNameFor } from '../games/catalogue.service.ts';
import type { THouseRepository } from '../house/house.repository.ts';
import { GAME_SESSION_ENDED } from '../house/house.service.ts';
import { hashGameToken } from '../seamless/seamless.service.ts';
import { acceptsBets } from '../sportsbook-engine/fixture-state.ts';
import { selectionsOf, type TMarket } from '../sportsbook-engine/markets.ts';
import { betPayout, MAX_PARLAY_LEGS, parlayOdds } from '../sportsbook-engine/payout.ts';
import { DEFAULT_ROUND_SCHEDULE, type TRoundSchedule } from '../sportsbook-engine/schedule.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { bookOfHouseGame, type TBook } from './sportsbook.books.ts';
import { BOOK_LIMITS, maxStakeOf } from './sportsbook.limits.ts';
import type { TBetRow, TFixtureRow, TLegRow, TMarketRow, TSlipMarket, TSportsbookRepository } from './sportsbook.repository.ts';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

const LINE_KINDS: ReadonlySet<string> = new Set(['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps']);

/** The engine's market of a stored kind and line. */
export function marketOf(kind: string, line: number): TMarket {
  return (LINE_KINDS.has(kind) ? { kind, line } : { kind }) as TMarket;
}

/** Thrown inside a bet's transaction when a twin of the slip committed first: the transaction rolls back, the twin answers. */
class TwinSlip extends Error {}

/** A bet's leg as the betting record's detail keeps it (`game_rounds.detail.legs`): TBookBetLeg without the fixture's state and result. */
export type TRecordLeg = Omit<TBookBetLeg, 'fixtureState' | 'result'>;

/**
 * The house books' page API (issue 20, packages/contract/src/sportsbook-api.ts): a launch of a book (its token in
 * `X-Game-Token`) reads its sport's fixtures, results and the member's own bets, and places bets. A bet is one
 * transaction: its markets share-locked, every check, the bet, its legs, its `game_rounds` row and the stake debited
 * by `seamless_call`; a refused debit rolls all of it back.
 */
export function createSportsbookService(deps: {
  db: TDb;
  repo: TSportsbookRepository;
  houseRepo: Pick<THouseRepository, 'session'>;
  site: Pick<TSiteConfigLoader, 'get'>;
  balance: (userId: number) => Promise<number>;
  schedule?: TRoundSchedule;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = () => deps.now?.() ?? new Date();
  const schedule = deps.schedule ?? DEFAULT_ROUND_SCHEDULE;

  /** The launch behind a token: live, and of a book (a launch of another house game does not reach the book). */
  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await deps.houseRepo.session(db, hashGameToken(token), now());
    const book = s ? bookOfHouseGame(s.game.houseGame) : null;
    if (!s || !book || s.game.vassalage !== book.vassalage) throw new AppError('not_logged_in', null, 'This game session is not valid: start the game again');
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    return { ...s, book, merchantId: s.session.merchantId, userId: s.session.userId };
  }

  function toMarket(m: TMarketRow): TBookMarket {
    return {
      marketId: m.id,
      kind: m.kind as TBookMarketKind,
      line: m.line,
      oddsVersion: m.oddsVersion,
      suspended: m.suspended,
      maxStake: m.maxStake ?? BOOK_LIMITS.maxStake,
      selections: selectionsOf(marketOf(m.kind, m.line)).map((selection) => ({ selection, odds: m.odds[selection] ?? null })),
    };
  }

  function toFixture(f: TFixtureRow, markets: readonly TMarketRow[], at: Date): TBookFixture {
    const model: Record<string, number> = {};
    for (const [k, v] of Object.entries(f.model)) if (typeof v === 'number') model[k] = v;
    return {
      fixtureId: f.id,
      source: f.source,
      sport: f.sport,
      league: { code: f.leagueCode, name: f.leagueName },
      home: f.homeTeam,
      away: f.awayTeam,
      kickoffAt: f.kickoffAt.toISOString(),
      state: f.state,
      accepting: acceptsBets(f.state, f.kickoffAt, at),
      result: f.resultHome === null || f.resultAway === null ? null : { home: f.resultHome, away: f.resultAway },
      virtual:
        f.source === 'virtual'
          ? {
              roundId: f.roundId ?? '',
              seedCommit: f.seedCommit ?? '',
              // The seed stays secret until the result is in: before, it would tell the score.
              seed: f.state === 'resulted' ? f.seed : null,
              model,
              resultAt: new Date(f.kickoffAt.getTime() + schedule.matchSeconds * 1000).toISOString(),
            }
          : null,
      markets: markets.map(toMarket),
    };
  }

  async function withMarkets(rows: readonly TFixtureRow[]): Promise<TBookFixture[]> {
    const markets = await repo.marketsOf(db, rows.map((f) => f.id));
    const byFixture = new Map<number, TMarketRow[]>();
    for (const m of markets) byFixture.set(m.fixtureId, [...(byFixture.get(m.fixtureId) ?? []), m]);
    const at = now();
    return rows.map((f) => toFixture(f, byFixture.get(f.id) ?? [], at));
  }

  const potential = (stake: number, odds: readonly number[], maxPayout: number) =>
    betPayout(stake, odds.map((o) => ({ odds: o, outcome: 'win' as const })), maxPayout).payout;

  function toBet(b: TBetRow, legs: readonly TLegRow[]): TBookBet {
    const own = legs.filter((l) => l.betId === b.id);
    return {
      betId: b.betId,
      sport: b.sport,
      placedAt: b.placedAt.toISOString(),
      stake: b.stake,
      odds: b.odds,
      potentialPayout: potential(b.stake, own.map((l) => l.odds), b.maxPayout),
      status: b.status,
      outcome: (b.outcome as TBookOutcome | null) ?? null,
      payout: b.payout,
      settledAt: b.settledAt?.toISOString() ?? null,
      settleCount: b.settleCount,
      legs: own.map((l) => ({
        legNo: l.legNo,
        fixtureId: l.fixtureId,
        home: l.home,
        away: l.away,
        league: l.league,
        kickoffAt: l.kickoffAt.toISOString(),
        kind: l.kind as TBookMarketKind,
        line: l.line,
        selection: l.selection,
        odds: l.odds,
        outcome: (l.outcome as TBookOutcome | null) ?? null,
        fixtureState: l.fixtureState,
        result: l.resultHome === null || l.resultAway === null ? null : { home: l.resultHome, away: l.resultAway },
      })),
    };
  }

  async function betAnswer(b: TBetRow): Promise<TBookBet> {
    return toBet(b, await repo.legsOf(db, [b.id]));
  }

  /** Every check of a slip against its markets as they are now (share-locked); the legs at the odds to place them at. */
  function checkSlip(book: TBook, req: TPlaceBetRequest, markets: readonly TSlipMarket[], at: Date): { market: TSlipMarket; odds: number }[] {
    const byId = new Map(markets.map((m) => [m.marketId, m]));
    const legs = req.legs.map((leg, i) => {
      const market = byId.get(leg.marketId);
      // The other book's markets are not this launch's to see.
      if (!market || market.sport !== book.sport) throw new AppError('sports_fixture_not_found', { marketId: leg.marketId });
      if (!selectionsOf(marketOf(market.kind, market.line)).includes(leg.selection)) {
        throw new AppError('validation_failed', { issues: [{ path: `legs.${i}.selection`, message: 'unknown_selection' }] }, `${market.kind} has no selection ${leg.selection}`);
      }
      return { leg, market };
    });
    if (new Set(legs.map((l) => l.market.fixtureId)).size !== legs.length) throw new AppError('sports_same_fixture');
    for (const { market } of legs) {
      const open = market.state === 'open' || market.state === 'suspended';
      if (!open || at >= market.kickoffAt) throw new AppError('sports_market_closed', { fixtureId: market.fixtureId });
    }
    for (const { market } of legs) {
      if (market.state === 'suspended' || market.suspended) throw new AppError('sports_market_suspended', { fixtureId: market.fixtureId, marketId: market.marketId });
    }
    const changed = legs.filter(({ leg, market }) => (market.odds[leg.selection] ?? null) !== leg.odds);
    const better = req.acceptBetterOdds && changed.every(({ leg, market }) => (market.odds[leg.selection] ?? 0) > leg.odds);
    if (changed.length > 0 && !better) {
      const value: TOddsChanged = {
        legs: legs.map(({ leg, market }) => ({ marketId: leg.marketId, selection: leg.selection, odds: market.odds[leg.selection] ?? null, suspended: market.suspended })),
      };
      throw new AppError('sports_odds_changed', value);
    }
    const max = maxStakeOf(legs.map((l) => l.market));
    if (req.stake > max) throw new AppError('sports_stake_above_max', { max });
    const placed = legs.map(({ leg, market }) => ({ market, odds: market.odds[leg.selection] as number }));
    // Every leg won, uncapped: a slip that could pay more than a bet may is refused rather than cut short.
    const payout = potential(req.stake, placed.map((l) => l.odds), Number.MAX_SAFE_INTEGER);
    if (payout > BOOK_LIMITS.maxPayout) throw new AppError('sports_payout_above_max', { max: BOOK_LIMITS.maxPayout, payout });
    return placed;
  }

  return {
    /** The book page's start: the book named in the page's language (its Language header, else the site's; issue 23). */
    async state(token: string | undefined, language: string | null): Promise<TBookState> {
      const s = await sessionOf(token);
      const site = await deps.site.get();
      return {
        game: { vassalage: s.game.vassalage, gameId: s.game.gameId, name: gameNameFor(s.game, { language, fallback: site.merchant.defaultLanguage }) },
        sport: s.book.sport,
        player: s.username,
        balance: await deps.balance(s.userId),
        limits: BOOK_LIMITS,
        timeZone: site.merchant.timeZone,
        now: now().toISOString(),
        virtual: { intervalSeconds: schedule.intervalSeconds, matchSeconds: schedule.matchSeconds },
      };
    },

    async fixtures(token: string | undefined, day: string | undefined): Promise<TBookFixtures> {
      const s = await sessionOf(token);
      const { timeZone } = (await deps.site.get()).merchant;
      const rows = await repo.fixtures(db, s.merchantId, s.book.sport, day ? { day, timeZone } : { now: now() });
      return { fixtures: await withMarkets(rows) };
    },

    async results(token: string | undefined, page: number, pageSize: number): Promise<TBookResults> {
      const s = await sessionOf(token);
      const { rows, total } = await repo.results(db, s.merchantId, s.book.sport, page, pageSize);
      return { fixtures: await withMarkets(rows), total, page, pageSize };
    },

    async bets(token: string | undefined, q: { status?: 'open' | 'settled'; page: number; pageSize: number }): Promise<TBookBets> {
      const s = await sessionOf(token);
      const { rows, total } = await repo.bets(db, s.userId, s.game.vassalage, q.status, q.page, q.pageSize);
      const legs = await repo.legsOf(db, rows.map((b) => b.id));
      return { list: rows.map((b) => toBet(b, legs)), total, page: q.page, pageSize: q.pageSize };
    },

    async bet(token: string | undefined, betId: string): Promise<TBookBet> {
      const s = await sessionOf(token);
      const row = await repo.bet(db, s.merchantId, s.userId, betId);
      if (!row) throw new AppError('sports_bet_not_found', { betId });
      return betAnswer(row);
    },

    /**
     * Places a slip: a single (one leg) or a parlay (2–10 legs of different fixtures), in one transaction with its
     * debit. The same slip again (its slipId) answers the first bet and moves nothing, also when both arrive at once.
     */
    async place(token: string | undefined, req: TPlaceBetRequest): Promise<TPlacedBet> {
      const s = await sessionOf(token);
      if (req.legs.length > MAX_PARLAY_LEGS) throw new AppError('sports_too_many_legs', { max: MAX_PARLAY_LEGS });
      const prior = await repo.betByClientRef(db, s.userId, req.slipId);
      if (prior) return { bet: await betAnswer(prior), balance: await deps.balance(s.userId) };
      if (req.stake < BOOK_LIMITS.minStake) throw new AppError('sports_stake_below_min', { min: BOOK_LIMITS.minStake });
      if (new Set(req.legs.map((l) => l.marketId)).size !== req.legs.length) throw new AppError('sports_same_fixture');
      const at = now();
      const tokenHash = hashGameToken(token ?? '');
      const { vassalage } = s.game;
      try {
        return await db.transaction(async (tx) => {
          const markets = await repo.lockSlipMarkets(tx, s.merchantId, req.legs.map((l) => l.marketId));
          const placed = checkSlip(s.book, req, markets, at);
          const betId = `${vassalage}-${crypto.randomUUID()}`;
          const odds = placed.map((l) => l.odds);
          const bet = await repo.insertBet(tx, {
            merchantId: s.merchantId,
            betId,
            userId: s.userId,
            vassalage,
            gameRowId: s.game.id,
            sport: s.book.sport,
            clientRef: req.slipId,
            stake: req.stake,
            odds: parlayOdds(odds),
            maxPayout: BOOK_LIMITS.maxPayout,
            legCount: placed.length,
            placedAt: at,
          });
          if (!bet) throw new TwinSlip();
          const legs = placed.map(({ market, odds: legOdds }, i) => ({
            legNo: i + 1,
            fixtureId: market.fixtureId,
            marketId: market.marketId,
            kind: market.kind,
            line: market.line,
            selection: req.legs[i]?.selection ?? '',
          odds: legOdds,
          }));
          await repo.insertLegs(tx, legs.map((l) => ({ betId: bet.id, ...l })));
          const recordLegs: TRecordLeg[] = legs.map((l, i) => ({
            legNo: l.legNo,
            fixtureId: l.fixtureId,
            home: placed[i]?.market.home ?? '',
            away: placed[i]?.market.away ?? '',
            league: placed[i]?.market.league ?? '',
            kickoffAt: placed[i]?.market.kickoffAt.toISOString() ?? '',
            kind: l.kind as TBookMarketKind,
            line: l.line,
            selection: l.selection,
            odds: l.odds,
            outcome: null,
          }));
          const potentialPayout = potential(req.stake, odds, BOOK_LIMITS.maxPayout);
          await repo.insertRound(tx, {
            merchantId: s.merchantId,
            roundId: betId,
            userId: s.userId,
            gameRowId: s.game.id,
            category: s.game.category,
            vassalage,
            gameId: s.game.gameId,
            betAmount: req.stake,
            status: 'open',
            detail: { betId, sport: s.book.sport, odds: bet.odds, potentialPayout, legs: recordLegs },
            createdAt: at,
          });
          const paid = await repo.debit(tx, { merchantId: s.merchantId, vassalage, betId, amount: req.stake, tokenHash, at });
          if (!paid.ok) {
            // Thrown inside the transaction: the bet, its legs, its round and the refusal's own record roll back.
            if (paid.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: paid.balance });
            if (paid.error === 'session_expired' || paid.error === 'invalid_session') throw new AppError('session_expired', null, GAME_SESSION_ENDED);
            if (paid.error === 'account_locked') throw new AppError('account_locked');
            throw rgSeamlessError(paid) ?? new AppError('operation_not_allowed', { error: paid.error });
          }
          const answer = toBet(
            bet,
            legs.map((l, i) => ({
              ...l,
              betId: bet.id,
              outcome: null,
              resultVersion: 0,
              home: recordLegs[i]?.home ?? '',
              away: recordLegs[i]?.away ?? '',
              league: recordLegs[i]?.league ?? '',
              kickoffAt: placed[i]?.market.kickoffAt ?? at,
              fixtureState: placed[i]?.market.state ?? 'open',
              resultHome: null,
              resultAway: null,
            })),
          );
          return { bet: answer, balance: paid.balance };
        });
      } catch (err) {
        if (!(err instanceof TwinSlip)) throw err;
        const twin = await repo.betByClientRef(db, s.userId, req.slipId);
        if (!twin) throw new Error(`slip ${req.slipId}: its twin vanished`);
        return { bet: await betAnswer(twin), balance: await deps.balance(s.userId) };
      }
    },
  };
}

export type TSportsbookService = ReturnType<typeof createSportsbookService>;
