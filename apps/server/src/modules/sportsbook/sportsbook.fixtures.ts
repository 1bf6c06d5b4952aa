import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { sportsFixtures, sportsMarkets } from '../../db/schema.ts';
import { MARKET_KINDS, marketProblem, selectionsOf, type TMarket, type TSport } from '../sportsbook-engine/markets.ts';
import { oddsProblem } from '../sportsbook-engine/odds.ts';

/**
 * Fixtures and their markets written to the book (issue 20): by the operator's import (`ops sports import`) and by the
 * virtual-rounds job. One shape for both, checked by the engine before anything is written, and written set-based:
 * the fixtures in one statement, their markets in one more. A fixture whose external id the merchant already has is
 * left as it is (an import run twice, two processes making the same round): nothing is written twice.
 */

export interface TNewMarket {
  kind: TMarket['kind'];
  /** Quarters; 0 for a market without a line. */
  line: number;
  /** Decimal odds per selection, thousandths; a selection left out is not offered. */
  odds: Record<string, number>;
  maxStake?: number | null;
}

export interface TNewFixture {
  source: 'manual' | 'virtual';
  sport: TSport;
  externalId: string;
  leagueCode: string;
  leagueName: string;
  homeTeam: string;
  awayTeam: string;
  roundId?: string | null;
  kickoffAt: Date;
  state?: 'scheduled' | 'open';
  seed?: string | null;
  seedCommit?: string | null;
  model?: Record<string, number>;
  marginBp?: number;
  markets: TNewMarket[];
}

/** Why a fixture cannot be written, or null when it can: its markets are markets of its sport, lines and odds valid. */
export function newFixtureProblem(f: TNewFixture): string | null {
  if (!f.externalId || f.externalId.length > 100) return 'a fixture has an id of 1 to 100 characters';
  if (!f.homeTeam.trim() || !f.awayTeam.trim() || f.homeTeam === f.awayTeam) return `${f.externalId}: two different teams`;
  if (Number.isNaN(f.kickoffAt.getTime())) return `${f.externalId}: a kick-off time`;
  const seen = new Set<string>();
  for (const m of f.markets) {
    if (!(MARKET_KINDS[f.sport] as readonly string[]).includes(m.kind)) return `${f.externalId}: ${m.kind} is not a ${f.sport} market`;
    const market = ('line' in m && ['asianHandicap', 'overUnder', 'mapHandicap', 'totalMaps'].includes(m.kind) ? { kind: m.kind, line: m.line } : { kind: m.kind }) as TMarket;
    const problem = marketProblem(market);
    if (problem) return `${f.externalId} ${m.kind}: ${problem}`;
    if (!('line' in market) && m.line !== 0) return `${f.externalId} ${m.kind}: this market has no line`;
    const key = `${m.kind}:${m.line}`;
    if (seen.has(key)) return `${f.externalId}: ${m.kind} ${m.line / 4} twice`;
    seen.add(key);
    const selections = selectionsOf(market);
    const priced = Object.entries(m.odds);
    if (priced.length === 0) return `${f.externalId} ${m.kind}: no odds`;
    for (const [selection, odds] of priced) {
      if (!selections.includes(selection)) return `${f.externalId} ${m.kind}: no selection ${selection}`;
      const bad = oddsProblem(odds);
      if (bad) return `${f.externalId} ${m.kind} ${selection}: ${bad}`;
    }
    if (m.maxStake !== undefined && m.maxStake !== null && !(Number.isSafeInteger(m.maxStake) && m.maxStake > 0)) return `${f.externalId} ${m.kind}: a maximum stake is a positive whole number`;
  }
  return null;
}

/**
 * Writes the fixtures the merchant does not have yet, with their markets, in the caller's transaction. Answers the id
 * of every fixture given (new or already there) by external id. Throws a RangeError naming the first bad fixture
 * before writing anything.
 */
export async function insertFixtures(tx: TTx, merchantId: number, fixtures: readonly TNewFixture[]): Promise<Map<string, number>> {
  for (const f of fixtures) {
    const problem = newFixtureProblem(f);
    if (problem) throw new RangeError(problem);
  }
  if (fixtures.length === 0) return new Map();
  const inserted = await tx
    .insert(sportsFixtures)
    .values(
      fixtures.map((f) => ({
        merchantId,
        source: f.source,
        sport: f.sport,
        externalId: f.externalId,
        leagueCode: f.leagueCode,
        leagueName: f.leagueName,
        homeTeam: f.homeTeam,
        awayTeam: f.awayTeam,
        roundId: f.roundId ?? null,
        kickoffAt: f.kickoffAt,
        state: f.state ?? 'scheduled',
        seed: f.seed ?? null,
        seedCommit: f.seedCommit ?? null,
        model: f.model ?? {},
        marginBp: f.marginBp ?? 500,
      })),
    )
    .onConflictDoNothing({ target: [sportsFixtures.merchantId, sportsFixtures.externalId] })
    .returning({ id: sportsFixtures.id, externalId: sportsFixtures.externalId });
  const fresh = new Map(inserted.map((r) => [r.externalId, r.id]));
  const markets = fixtures.flatMap((f) =>
    fresh.has(f.externalId)
      ? f.markets.map((m, sort) => ({ fixtureId: fresh.get(f.externalId) as number, kind: m.kind, line: m.line, odds: m.odds, maxStake: m.maxStake ?? null, sort }))
      : [],
  );
  for (let i = 0; i < markets.length; i += 2_000) await tx.insert(sportsMarkets).values(markets.slice(i, i + 2_000));
  const ids = new Map(fresh);
  const old = fixtures.filter((f) => !fresh.has(f.externalId)).map((f) => f.externalId);
  if (old.length > 0) {
    const rows = await tx
      .select({ id: sportsFixtures.id, externalId: sportsFixtures.externalId })
      .from(sportsFixtures)
      .where(and(eq(sportsFixtures.merchantId, merchantId), inArray(sportsFixtures.externalId, old)));
    for (const r of rows) ids.set(r.externalId, r.id);
  }
  return ids;
}
