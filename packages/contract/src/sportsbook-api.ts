/**
 * The house books' page API (issue 20): what `/house/sportsbook.html` (the sportsbook and the esports book, one page)
 * reads and sends, under /wps/house/sports/, with the launch token in `X-Game-Token` like every house game page.
 * Answers use the portal's envelope ({ success, code, message, value }). Types only: the page is plain TypeScript and
 * imports nothing at run time from the portal; the server checks every request with its own zod schemas.
 *
 * Money is integer minor units; odds are decimal thousandths (1.950 → 1950, sportsbook-odds.ts); lines are quarter
 * goals or maps (−0.75 → −3, sportsbook-engine/markets.ts). Times are ISO strings.
 *
 *   GET  /wps/house/sports/state                  → TBookState
 *   GET  /wps/house/sports/fixtures?day=YYYY-MM-DD → TBookFixtures   (day in the site's time zone; omitted: every fixture not yet
 *                                                                     resulted or void that kicked off at most 3 hours ago, up to 300)
 *   GET  /wps/house/sports/results?page=N          → TBookResults    (resulted and void fixtures, latest kick-off first, total
 *                                                                     counted up to 10,000)
 *   POST /wps/house/sports/bet   TPlaceBetRequest   → TPlacedBet      (refusals: the error codes of issue 20 in errors.ts)
 *   GET  /wps/house/sports/bets?status=open|settled&page=N&pageSize=N → TBookBets
 *   GET  /wps/house/sports/bet?betId=…             → TBookBet        (the member's own only: another's is not found)
 */

export type TBookSport = 'football' | 'esports';
export type TBookFixtureState = 'scheduled' | 'open' | 'suspended' | 'closed' | 'resulted' | 'void';
export type TBookMarketKind = 'oneXTwo' | 'asianHandicap' | 'overUnder' | 'bothTeamsToScore' | 'correctScore' | 'matchWinner' | 'mapHandicap' | 'totalMaps';
export type TBookOutcome = 'win' | 'halfWin' | 'push' | 'halfLoss' | 'loss' | 'void';

export interface TBookLimits {
  /** The smallest stake of a bet (STAKES.minStake). */
  minStake: number;
  /** The largest stake of a bet when its market sets none. */
  maxStake: number;
  /** The most one bet can pay (stake included); a slip whose possible payout is above it is refused. */
  maxPayout: number;
  maxLegs: number;
}

export interface TBookState {
  game: { vassalage: string; gameId: string; name: string };
  sport: TBookSport;
  player: string;
  balance: number;
  limits: TBookLimits;
  /** The site's time zone (fixtures by day are days of this zone). */
  timeZone: string;
  /** The server's clock, so the page counts down to kick-off without trusting the browser's. */
  now: string;
  /** Virtual rounds: the interval between kick-offs and how long a match lasts, seconds. */
  virtual: { intervalSeconds: number; matchSeconds: number };
}

export interface TBookSelection {
  selection: string;
  /** Decimal odds, thousandths; null when the selection is not offered. */
  odds: number | null;
}

export interface TBookMarket {
  marketId: number;
  kind: TBookMarketKind;
  /** Quarters; 0 for markets without a line. */
  line: number;
  /** Odds as of this version; a slip sends the version it was built on. */
  oddsVersion: number;
  suspended: boolean;
  /** The most a bet may stake on this market. */
  maxStake: number;
  selections: TBookSelection[];
}

export interface TBookFixture {
  fixtureId: number;
  source: 'manual' | 'virtual';
  sport: TBookSport;
  league: { code: string; name: string };
  home: string;
  away: string;
  kickoffAt: string;
  state: TBookFixtureState;
  /** Bets are accepted now: open, not suspended, before kick-off. */
  accepting: boolean;
  result: { home: number; away: number } | null;
  /** Virtual fixtures: the round, the seed's commitment (always), the seed once resulted, and the model the draw uses. */
  virtual: {
    roundId: string;
    seedCommit: string;
    seed: string | null;
    /** Football: { lambdaHome, lambdaAway, maxGoals }; esports: { p, bestOf, scale }. */
    model: Record<string, number>;
    /** When the result is revealed. */
    resultAt: string;
  } | null;
  markets: TBookMarket[];
}

export interface TBookFixtures {
  fixtures: TBookFixture[];
}

export interface TBookResults {
  fixtures: TBookFixture[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TPlaceBetLeg {
  marketId: number;
  selection: string;
  /** The odds the slip shows (thousandths). */
  odds: number;
}

export interface TPlaceBetRequest {
  /** The slip's own id (a UUID made by the page): sending the same slip again places one bet. */
  slipId: string;
  /** Minor units, a positive whole number. */
  stake: number;
  /** One leg: a single; 2–10 legs of different fixtures: a parlay. */
  legs: TPlaceBetLeg[];
  /** Take the current odds when they moved up since the slip was built (never when they moved down). */
  acceptBetterOdds: boolean;
}

/** The value of the `sports_odds_changed` refusal: the slip's legs at today's prices. */
export interface TOddsChanged {
  legs: { marketId: number; selection: string; odds: number | null; suspended: boolean }[];
}

export interface TBookBetLeg {
  legNo: number;
  fixtureId: number;
  home: string;
  away: string;
  league: string;
  kickoffAt: string;
  kind: TBookMarketKind;
  line: number;
  selection: string;
  odds: number;
  outcome: TBookOutcome | null;
  fixtureState: TBookFixtureState;
  result: { home: number; away: number } | null;
}

export interface TBookBet {
  betId: string;
  sport: TBookSport;
  placedAt: string;
  stake: number;
  /** Combined odds, thousandths. */
  odds: number;
  /** What the bet pays if every leg wins (capped at the maximum payout). */
  potentialPayout: number;
  status: 'open' | 'settled';
  outcome: TBookOutcome | null;
  payout: number;
  settledAt: string | null;
  /** Times settled: above 1 after a corrected result. */
  settleCount: number;
  legs: TBookBetLeg[];
}

export interface TPlacedBet {
  bet: TBookBet;
  balance: number;
}

export interface TBookBets {
  list: TBookBet[];
  total: number;
  page: number;
  pageSize: number;
}
