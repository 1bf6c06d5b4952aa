/**
 * Markets, their selections and their settlement (shared/domain/sportsbook.md, "Asian handicap and over/under
 * settlement"). Lines are integers of quarter goals (or quarter maps), so no settlement touches a float:
 * −0.75 is −3, 2.5 is 10. A handicap line is stated from the home side's view; the away selection takes −line.
 */

export type TSport = 'football' | 'esports';

export type TMarket =
  | { kind: 'oneXTwo' }
  | { kind: 'asianHandicap'; line: number }
  | { kind: 'overUnder'; line: number }
  | { kind: 'bothTeamsToScore' }
  | { kind: 'correctScore' }
  | { kind: 'matchWinner' }
  | { kind: 'mapHandicap'; line: number }
  | { kind: 'totalMaps'; line: number };
export type TMarketKind = TMarket['kind'];

export const MARKET_KINDS: Record<TSport, readonly TMarketKind[]> = {
  football: ['oneXTwo', 'asianHandicap', 'overUnder', 'bothTeamsToScore', 'correctScore'],
  esports: ['matchWinner', 'mapHandicap', 'totalMaps'],
};

/** A final score, goals (football) or maps (esports) per side; 'void' when the fixture was voided. */
export type TResult = { home: number; away: number } | 'void';

export type TOutcome = 'win' | 'halfWin' | 'push' | 'halfLoss' | 'loss' | 'void';

/** Correct score lists every score up to this many goals a side; anything else is settled by 'other'. */
export const CORRECT_SCORE_MAX = 4;
/** Lines beyond ±10 goals (40 quarters) are refused: no real market has them. */
const MAX_LINE_QUARTERS = 40;

/** A line written as goals (−0.75, 2.5) in quarters (−3, 10), or null when it is not a multiple of 0.25. */
export function lineToQuarters(goals: number): number | null {
  const quarters = goals * 4;
  return Number.isSafeInteger(quarters) ? quarters : null;
}

/** "−0.75" → "-0.75", 10 → "2.5", 0 → "0"; handicaps signed ("+0.25") when `signed`. */
export function formatLine(quarters: number, signed = false): string {
  const text = String(quarters / 4);
  return signed && quarters > 0 ? `+${text}` : text;
}

const hasLine = (m: TMarket): m is Extract<TMarket, { line: number }> => 'line' in m;
const isTotal = (kind: TMarketKind): boolean => kind === 'overUnder' || kind === 'totalMaps';

/** Why a market cannot be offered, or null when it can. */
export function marketProblem(market: TMarket): string | null {
  if (!hasLine(market)) return null;
  const { line } = market;
  if (!Number.isSafeInteger(line) || Math.abs(line) > MAX_LINE_QUARTERS) return 'a line is a multiple of 0.25 between −10 and 10';
  if (isTotal(market.kind) && line <= 0) return 'a total line is above 0';
  return null;
}

/** The selections of a market, in the order a book lists them. */
export function selectionsOf(market: TMarket): readonly string[] {
  switch (market.kind) {
    case 'oneXTwo':
      return ['home', 'draw', 'away'];
    case 'asianHandicap':
    case 'matchWinner':
    case 'mapHandicap':
      return ['home', 'away'];
    case 'overUnder':
    case 'totalMaps':
      return ['over', 'under'];
    case 'bothTeamsToScore':
      return ['yes', 'no'];
    case 'correctScore': {
      const scores: string[] = [];
      for (let home = 0; home <= CORRECT_SCORE_MAX; home += 1) for (let away = 0; away <= CORRECT_SCORE_MAX; away += 1) scores.push(`${home}-${away}`);
      return [...scores, 'other'];
    }
  }
}

/** Why a result cannot settle a market, or null when it can. */
export function resultProblem(result: TResult): string | null {
  if (result === 'void') return null;
  const ok = (n: number) => Number.isSafeInteger(n) && n >= 0;
  return ok(result.home) && ok(result.away) ? null : 'a score is two non-negative integers';
}

/** Each half of a stake scores 2 for a win, 1 for a push, 0 for a loss; the pair's total names the outcome. */
const BY_HALF_SCORE: readonly TOutcome[] = ['loss', 'halfLoss', 'push', 'halfWin', 'win'];

/**
 * A line bet: the stake is split in two halves on lines line − 1 and line + 1 (quarters) for a quarter line, or
 * both on `line` otherwise; `margin4(half)` is 4 × the margin m of one half (m > 0 wins, m = 0 pushes).
 */
function settleLine(line: number, margin4: (halfLine: number) => number): TOutcome {
  const halves = line % 2 === 0 ? [line, line] : [line - 1, line + 1];
  let score = 0;
  for (const half of halves) {
    const m = margin4(half);
    score += m > 0 ? 2 : m === 0 ? 1 : 0;
  }
  return BY_HALF_SCORE[score] as TOutcome;
}

const winIf = (won: boolean): TOutcome => (won ? 'win' : 'loss');

/** How `selection` of `market` ends with `result`. Throws on a selection the market does not have. */
export function settle(market: TMarket, selection: string, result: TResult): TOutcome {
  const problem = marketProblem(market) ?? resultProblem(result);
  if (problem) throw new RangeError(problem);
  if (!selectionsOf(market).includes(selection)) throw new RangeError(`${market.kind} has no selection ${selection}`);
  if (result === 'void') return 'void';
  const { home, away } = result;
  const total = home + away;
  switch (market.kind) {
    case 'oneXTwo':
      return winIf(selection === (home > away ? 'home' : home < away ? 'away' : 'draw'));
    case 'matchWinner':
      // A drawn series (best of an even number) has no winner: stakes back, as a void market.
      return home === away ? 'void' : winIf(selection === (home > away ? 'home' : 'away'));
    case 'asianHandicap':
    case 'mapHandicap': {
      const backed = selection === 'home' ? { d: home - away, line: market.line } : { d: away - home, line: -market.line };
      return settleLine(backed.line, (half) => 4 * backed.d + half);
    }
    case 'overUnder':
    case 'totalMaps':
      return settleLine(market.line, (half) => (selection === 'over' ? 4 * total - half : half - 4 * total));
    case 'bothTeamsToScore':
      return winIf((selection === 'yes') === (home > 0 && away > 0));
    case 'correctScore': {
      const listed = home <= CORRECT_SCORE_MAX && away <= CORRECT_SCORE_MAX;
      return winIf(selection === (listed ? `${home}-${away}` : 'other'));
    }
  }
}
